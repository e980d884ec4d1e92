// The sign-in round trip against a running local stack: sendSignInLink until the mail is in the outbox, and
// opening the link in headless Chromium (emailForSignIn set, as in the browser that asked) until Home shows.
// Each sample uses a fresh user (one link a minute per e-mail). Import only after startLocalStack has set the
// environment.
import { ensureUser } from '../lambdas/kernel/users/create-user.js';
import { launchBrowser } from '../tests/support/browser.js';
import {
  contextAwaitingLink,
  outboxMailsTo,
  requestSignInLink,
  type StackAddresses,
} from '../tests/support/sign-in.js';
import { median, percentile, round } from './bench-stats.js';

const outboxHolds = async (mailUrl: string, email: string, since: number) =>
  (await outboxMailsTo(mailUrl, email, since)).length > 0;

export interface RoundTrip {
  samples: number;
  medianMs: number;
  p90Ms: number;
}

const summary = (times: number[]): RoundTrip => ({
  samples: times.length,
  medianMs: round(median(times), 1),
  p90Ms: round(percentile(times, 90), 1),
});

/** sendSignInLink over HTTP until the mail is in the outbox (the first run warms the handler and is dropped). */
export async function measureSendToOutbox(stack: StackAddresses, samples = 20): Promise<RoundTrip> {
  const run = Date.now().toString(36);
  const times: number[] = [];
  for (let index = 0; index <= samples; index += 1) {
    const email = `bench-send-${run}-${index}@bench.example`;
    await ensureUser({ email, userType: 'customer', accessLevel: 1, companies: ['acme'], createdBy: 'bench' });
    const since = Math.floor(Date.now() / 1000) - 1;
    const started = performance.now();
    const answer = await fetch(`${stack.appUrl}/api/calls/sendSignInLink`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: stack.appUrl },
      body: JSON.stringify({ data: { email, url: stack.appUrl, timeZone: 'UTC' } }),
    });
    if (answer.status !== 200) throw new Error(`sendSignInLink answered ${answer.status}`);
    while (!(await outboxHolds(stack.mailUrl, email, since))) await new Promise((resolve) => setTimeout(resolve, 2));
    if (index > 0) times.push(performance.now() - started);
  }
  return summary(times);
}

/** A mailed link opened in a fresh Chromium context that holds emailForSignIn, until Home's heading is visible. */
export async function measureLinkToHome(stack: StackAddresses, samples = 10): Promise<RoundTrip> {
  const run = Date.now().toString(36);
  const browser = await launchBrowser({ serviceWorkers: 'allow' });
  const times: number[] = [];
  try {
    for (let index = 0; index <= samples; index += 1) {
      const email = `bench-link-${run}-${index}@bench.example`;
      await ensureUser({
        email,
        displayName: `Bench ${index}`,
        userType: 'customer',
        accessLevel: 1,
        companies: ['acme'],
        createdBy: 'bench',
      });
      const link = await requestSignInLink(stack, email);
      const context = await contextAwaitingLink(browser, stack.appUrl, email);
      try {
        const page = await context.newPage();
        const started = performance.now();
        await page.goto(link, { waitUntil: 'commit' });
        await page.getByRole('heading', { level: 1, name: /^Welcome/ }).waitFor({ state: 'visible', timeout: 30_000 });
        if (index > 0) times.push(performance.now() - started); // the first run warms the browser and the handlers
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return summary(times);
}
