// Webhooks under load, without loss: 200 finding events of the log (written first, several pages of the fan-out)
// fanned out to 10 endpoints of a company, each of the 2,000 deliveries received once by a receiver in the test and
// verified with the official `standardwebhooks` library. The bench's `webhooks` part runs the same code
// (tests/support/webhook-load.ts) at the product's figure, 1,000 events to 10 endpoints, where a loss, a duplicate
// or a bad signature fails it; here the suite keeps the property at a fifth of the time.
import { describe, expect, it } from 'vitest';
import { runFanoutLoad } from '../support/webhook-load.js';

describe('webhook fan-out under load', () => {
  it('delivers 200 events to 10 endpoints, each once, all verified', async () => {
    const load = await runFanoutLoad({ events: 200, endpoints: 10, quietMs: 90_000, timeoutMs: 560_000 });
    console.info(
      `Webhooks: ${load.delivered} of ${load.expected} deliveries received in ${load.deliverSeconds.toFixed(1)} s (${load.deliveriesPerSecond.toFixed(0)} deliveries/s)`,
    );
    expect(load.invalidSignatures).toBe(0);
    expect(load.delivered).toBe(load.expected);
    expect(load.duplicates).toBe(0);
  }, 600_000);
});
