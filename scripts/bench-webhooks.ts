// Webhooks at their budgets, on the bench's stack (its queue stand-in runs the webhook worker in this process):
//   - from a finding edit's event write to the first delivery attempt: 50 title edits of a published finding of a
//     company with one endpoint, one after the other, each through the edit's own code (its transaction, then the
//     fan-out nudge); p50, p95 and the slowest, the p95 against its budget (enforced: 2 s);
//   - 1,000 finding events of the log fanned out to 10 endpoints of one company: every one of the 10,000 deliveries
//     must arrive once with a valid signature (checked with the official `standardwebhooks` library; a loss, a
//     duplicate or a bad signature fails the bench), with the worker's throughput in deliveries per second.
// The machinery is tests/support/webhook-load.ts, the same as tests/load/webhook-fanout.test.ts.
// `tsx scripts/bench-webhooks.ts` runs it alone on a stack of its own. Import only after startLocalStack has set the
// environment.
import { measureFirstAttemptLatency, runFanoutLoad, type FanoutLoad } from '../tests/support/webhook-load.js';
import { percentile, round } from './bench-stats.js';

export interface WebhookMeasures {
  firstAttempt: { samples: number; missing: number; p50Ms: number; p95Ms: number; maxMs: number };
  fanout: FanoutLoad;
}

export async function measureWebhooks(log: (message: string) => void = () => {}): Promise<WebhookMeasures> {
  log('webhooks: 50 finding edits, each timed from its event write to its first delivery attempt…');
  const latency = await measureFirstAttemptLatency(50);
  const times = latency.latenciesMs;
  log('webhooks: 1,000 events fanned out to 10 endpoints, every delivery verified…');
  const fanout = await runFanoutLoad({ events: 1000, endpoints: 10, quietMs: 90_000, timeoutMs: 900_000 });
  return {
    firstAttempt: {
      samples: latency.samples,
      missing: latency.missing,
      // None measured (every delivery missing) is NaN: over any budget.
      p50Ms: round(percentile(times, 50), 0),
      p95Ms: round(percentile(times, 95), 0),
      maxMs: percentile(times, 100),
    },
    fanout: {
      ...fanout,
      writeSeconds: round(fanout.writeSeconds, 1),
      deliverSeconds: round(fanout.deliverSeconds, 1),
      deliveriesPerSecond: round(fanout.deliveriesPerSecond, 0),
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { onOwnStack } = await import('./bench-own-stack.js');
  console.log(JSON.stringify(await onOwnStack('webhooks', () => measureWebhooks(console.error)), null, 2));
}
