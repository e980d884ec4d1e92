// The local stand-ins for the digests' EventBridge rules (infra/constructs/reports.ts): at the same times (UTC) they
// send the report function's handler the same events, `{digest: 'daily'}` every day and `{digest: 'weekly'}` every
// Monday. The handler cannot tell them from the rules. Tests run a digest at once by sending the handler that event
// themselves; `npm run digest -- --now` runs the weekly one (infra/local/digest.ts).

const dayMs = 24 * 3600 * 1000;

/** The next time `at` ('HH:MM', UTC) comes, after `now`. */
export function nextDailyRun(at: string, now = Date.now()): number {
  const [hours, minutes] = at.split(':').map(Number) as [number, number];
  const today = new Date(now);
  const run = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), hours, minutes);
  return run > now ? run : run + dayMs;
}

/** The next Monday at `at` ('HH:MM', UTC), after `now`: the weekly digest's time. */
export function nextWeeklyRun(at: string, now = Date.now()): number {
  let run = nextDailyRun(at, now);
  while (new Date(run).getUTCDay() !== 1) run += dayMs;
  return run;
}

const timeOfDay = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Calls `run` at each time `next` gives until stopped; a failed run is logged and the next one still comes. */
function scheduleRuns(what: string, next: () => number, run: () => Promise<unknown>): { stop(): void } {
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    timer = setTimeout(
      () => {
        run()
          .catch((error: unknown) => console.error(`The ${what} run failed`, (error as Error).name))
          .finally(arm);
      },
      Math.min(next() - Date.now(), 2 ** 31 - 1),
    );
    timer.unref();
  };
  arm();
  return { stop: () => clearTimeout(timer) };
}

/** Calls `run` every day at `at` (UTC) until stopped. */
export function scheduleDaily(at: string, run: () => Promise<unknown>): { stop(): void } {
  if (!timeOfDay.test(at)) throw new Error(`The daily digest time must be HH:MM (UTC), got "${at}"`);
  return scheduleRuns('daily digest', () => nextDailyRun(at), run);
}

/** Calls `run` every Monday at `at` (UTC) until stopped. */
export function scheduleWeekly(at: string, run: () => Promise<unknown>): { stop(): void } {
  if (!timeOfDay.test(at)) throw new Error(`The weekly digest time must be HH:MM (UTC), got "${at}"`);
  return scheduleRuns('weekly digest', () => nextWeeklyRun(at), run);
}

/** Calls `run` every `intervalMs` until stopped (an EventBridge `rate(...)` rule's stand-in). */
export function scheduleEvery(intervalMs: number, run: () => Promise<unknown>): { stop(): void } {
  return scheduleRuns(`every ${intervalMs} ms`, () => Date.now() + intervalMs, run);
}
