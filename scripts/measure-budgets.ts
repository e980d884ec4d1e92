// `npm run measure`: the budgets of the sign-in foundation, measured and reported (never asserted as
// timings). Exits non-zero only when a size budget is broken: sizes are deterministic, timings are not.
//   - JavaScript (and CSS) loaded before the sign-in form shows, gzipped: budget 300 KB
//   - each Lambda bundle, minified: budget 600 KB; cold import against `node -e 0`
//   - sendSignInLink to the mail in the outbox, locally: budget median 300 ms
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startLocalStack } from '../infra/local/stack.js';
import { freePort } from '../tests/support/free-port.js';
import { measureLambdas } from './measure-lambdas.js';
import { measureSignInPage } from './measure-web.js';

const KB = 1000;
const budgets = { signInJsGzipBytes: 300 * KB, lambdaMinifiedBytes: 600 * KB, signInRoundTripMedianMs: 300 };

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function measureSignInRoundTrip(samples = 21): Promise<number[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-measure-'));
  const stack = await startLocalStack({
    port: await freePort(),
    mailPort: await freePort(),
    dynamoDbPort: await freePort(),
    dataDir,
    webRoot: path.resolve('web/dist'),
    settings: { SIGN_IN_IP_LIMIT: '100000' },
  });
  try {
    const { ensureUser } = await import('../lambdas/kernel/users/create-user.js');
    const times: number[] = [];
    for (let i = 0; i < samples; i += 1) {
      const email = `measure-${i}@measure.example`;
      await ensureUser({ email, userType: 'customer', accessLevel: 1, createdBy: 'measure' });
      const started = performance.now();
      const answer = await fetch(`${stack.appUrl}/api/calls/sendSignInLink`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: stack.appUrl },
        body: JSON.stringify({ data: { email, url: stack.appUrl, timeZone: 'UTC' } }),
      });
      if (answer.status !== 200) throw new Error(`sendSignInLink answered ${answer.status}`);
      for (;;) {
        const store = (await (await fetch(`${stack.mailUrl}/store`)).json()) as { emails: { destination: { to: string[] } }[] };
        if (store.emails.some((mail) => mail.destination.to.includes(email))) break;
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      times.push(performance.now() - started);
    }
    return times.slice(1); // the first one warms the handler's clients
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const web = await measureSignInPage();
const { baselineMs, lambdas } = await measureLambdas();
const roundTrips = await measureSignInRoundTrip();

const rows = [
  { metric: 'sign-in page JavaScript, gzipped', value: `${(web.jsGzipBytes / KB).toFixed(1)} KB`, budget: '300 KB', ok: web.jsGzipBytes <= budgets.signInJsGzipBytes },
  { metric: 'sign-in page CSS, gzipped', value: `${(web.cssGzipBytes / KB).toFixed(1)} KB`, budget: 'reported', ok: true },
  { metric: 'sign-in form visible (median of 10)', value: `${web.formVisibleMsMedian.toFixed(0)} ms (blank page ${web.blankPageMsMedian.toFixed(0)} ms)`, budget: 'reported', ok: true },
  ...lambdas.map((lambda) => ({
    metric: `Lambda ${lambda.name}, minified`,
    value: `${(lambda.minifiedBytes / KB).toFixed(1)} KB, cold import ${lambda.coldImportMsMedian.toFixed(0)} ms (node -e 0: ${baselineMs.toFixed(0)} ms)`,
    budget: '600 KB',
    ok: lambda.minifiedBytes <= budgets.lambdaMinifiedBytes,
  })),
  {
    metric: `sendSignInLink to mail in outbox (${roundTrips.length} runs)`,
    value: `median ${percentile(roundTrips, 50).toFixed(0)} ms, p90 ${percentile(roundTrips, 90).toFixed(0)} ms`,
    budget: 'median 300 ms (reported)',
    ok: true,
  },
];
console.table(rows);
const broken = rows.filter((row) => !row.ok);
if (broken.length > 0) {
  console.error(`Size budgets broken: ${broken.map((row) => row.metric).join(', ')}`);
  process.exit(1);
}
process.exit(0);
