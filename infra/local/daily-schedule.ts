// The local stand-in for the daily digest's EventBridge rule (infra/constructs/reports.ts): at the same time of day
// (UTC) it sends the report function's handler the same event, `{digest: 'daily'}`. The handler cannot tell the
// two apart. Tests run the digest at once by sending the handler that event themselves.

/** The next time `at` ('HH:MM', UTC) comes, after `now`. */
export function nextDailyRun(at: string, now = Date.now()): number {
  const [hours, minutes] = at.split(':').map(Number) as [number, number];
  const today = new Date(now);
  const run = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), hours, minutes);
  return run > now ? run : run + 24 * 3600 * 1000;
}

/** Calls `run` every day at `at` (UTC) until stopped; a failed run is logged and the next one still comes. */
export function scheduleDaily(at: string, run: () => Promise<unknown>): { stop(): void } {
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(at)) throw new Error(`The daily digest time must be HH:MM (UTC), got "${at}"`);
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    timer = setTimeout(
      () => {
        run()
          .catch((error: unknown) => console.error('The daily digest run failed', (error as Error).name))
          .finally(arm);
      },
      Math.min(nextDailyRun(at) - Date.now(), 2 ** 31 - 1),
    );
    timer.unref();
  };
  arm();
  return { stop: () => clearTimeout(timer) };
}
