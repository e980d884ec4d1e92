// Webhooks under load, without loss: 1,000 finding events of the log (written first) fanned out to 10 endpoints of a
// company, each of the 10,000 deliveries received once by a receiver in the test and verified with the official
// `standardwebhooks` library. Reports the time it took (docs/integrations.md); the bench's `webhooks` part runs the
// same (tests/support/webhook-load.ts).
import { describe, expect, it } from 'vitest';
import { runFanoutLoad } from '../support/webhook-load.js';

describe('webhook fan-out under load', () => {
  it('delivers 1,000 events to 10 endpoints, each once, all verified', async () => {
    const load = await runFanoutLoad({ events: 1000, endpoints: 10, quietMs: 90_000, timeoutMs: 560_000 });
    console.info(
      `Webhooks: ${load.delivered} of ${load.expected} deliveries received in ${load.deliverSeconds.toFixed(1)} s (${load.deliveriesPerSecond.toFixed(0)} deliveries/s)`,
    );
    expect(load.invalidSignatures).toBe(0);
    expect(load.delivered).toBe(load.expected);
    expect(load.duplicates).toBe(0);
  }, 600_000);
});
