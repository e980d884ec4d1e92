// Webhooks measured end to end on a running local stack (its queue stand-in runs the webhook worker): a receiver on
// 127.0.0.1 that verifies every delivery with the official `standardwebhooks` library, and two runs over it —
// the time from a finding edit's event write to the first delivery attempt, and a fan-out of many events to many
// endpoints of one company, counting every delivery (by endpoint and webhook-id) and every bad signature. Used by
// tests/load/webhook-fanout.test.ts and the bench's `webhooks` part (scripts/bench-webhooks.ts). Free of vitest;
// import it only after the local stack has set the environment.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import type { WebhookEventType } from '../../lambdas/contracts/webhooks.js';
import { createCompanyAs } from '../../lambdas/kernel/companies/company-admin.js';
import { listEndpointItems } from '../../lambdas/kernel/data/entities/webhooks.js';
import { transactWithRetry } from '../../lambdas/kernel/data/transactions.js';
import { eventTransactItem } from '../../lambdas/kernel/events/events.js';
import { updateFindingFieldAs } from '../../lambdas/kernel/findings/finding-curation.js';
import { createWebhookEndpointAs, deleteWebhookEndpointAs } from '../../lambdas/kernel/webhooks/webhook-endpoints.js';
import { queueWebhookWork } from '../../lambdas/kernel/webhooks/webhook-queue.js';
import { seedFindings } from './seed-findings.js';

const admin = {
  uid: 'webhook-load',
  email: 'webhook-load@example.com',
  access: { claims: { userType: 'analyst', accessLevel: 9 }, companies: [], servicesEnabled: [] },
} as never;

interface Delivery {
  endpoint: string;
  webhookId: string;
  payload: { type: string; timestamp: string; data: Record<string, unknown> };
  at: number;
}

/** The receiver: each endpoint is a path; what it got, verified, and how many signatures failed. */
class VerifyingReceiver {
  readonly secrets = new Map<string, Webhook>();
  readonly deliveries: Delivery[] = [];
  /** Deliveries by `endpoint/webhook-id`: a count above one is a duplicate. */
  readonly counts = new Map<string, number>();
  invalid = 0;
  private constructor(
    private readonly server: Server,
    readonly base: string,
  ) {}

  static async start(): Promise<VerifyingReceiver> {
    let receiver: VerifyingReceiver | undefined;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        receiver!.receive((req.url ?? '').slice(1), Buffer.concat(chunks).toString('utf8'), req.headers);
        res.writeHead(200);
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    receiver = new VerifyingReceiver(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return receiver;
  }

  private receive(endpoint: string, body: string, headers: Record<string, unknown>): void {
    const at = Date.now();
    try {
      const payload = this.secrets
        .get(endpoint)!
        .verify(body, headers as Record<string, string>) as Delivery['payload'];
      const webhookId = String(headers['webhook-id']);
      this.deliveries.push({ endpoint, webhookId, payload, at });
      const key = `${endpoint}/${webhookId}`;
      this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    } catch {
      this.invalid += 1;
    }
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** A company of its own with `count` endpoints on the receiver, subscribed to `events`. */
async function companyWithEndpoints(
  receiver: VerifyingReceiver,
  name: string,
  count: number,
  events: WebhookEventType[],
): Promise<string> {
  const slug = `${name}-${randomUUID().slice(0, 8)}`;
  await createCompanyAs({ uid: 'test', email: 'test' }, { slug, companyName: slug, flags: { enableDast: true } });
  for (let index = 0; index < count; index += 1) {
    const endpoint = `${slug}-${index}`;
    const { secret } = await createWebhookEndpointAs(admin, slug, {
      url: `${receiver.base}/${endpoint}`,
      events,
      format: 'standard',
      description: endpoint,
    });
    receiver.secrets.set(endpoint, new Webhook(secret));
  }
  return slug;
}

async function removeEndpoints(slug: string): Promise<void> {
  for (const endpoint of await listEndpointItems(slug)) {
    await deleteWebhookEndpointAs(admin, slug, endpoint.endpointId, endpoint.version);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface FirstAttemptLatency {
  samples: number;
  /** From each event's write (its time, the payload's `timestamp`) to its delivery's first attempt received. */
  latenciesMs: number[];
  /** Edits whose delivery did not arrive within 10 s. */
  missing: number;
}

/**
 * `samples` title edits of one published finding, one after the other, each through the edit's own code
 * (updateFindingFieldAs: its transaction, then the fan-out nudge), timed to its delivery at one endpoint.
 */
export async function measureFirstAttemptLatency(samples: number): Promise<FirstAttemptLatency> {
  const receiver = await VerifyingReceiver.start();
  const slug = await companyWithEndpoints(receiver, 'hooks-latency', 1, ['finding.updated']);
  try {
    const [findingId] = await seedFindings({ slug, count: 1, published: true, host: 'latency.example' });
    const latenciesMs: number[] = [];
    let missing = 0;
    for (let index = 0; index < samples; index += 1) {
      const title = `Edited ${index}`;
      await updateFindingFieldAs(admin, {
        slug,
        service: 'dast',
        findingId: findingId!,
        field: 'title',
        value: title,
        expectedVersion: index,
      });
      const deadline = Date.now() + 10_000;
      let delivery: Delivery | undefined;
      while (!delivery && Date.now() < deadline) {
        delivery = receiver.deliveries.find(
          (candidate) => (candidate.payload.data.finding as { title?: string } | undefined)?.title === title,
        );
        if (!delivery) await sleep(5);
      }
      if (delivery) latenciesMs.push(delivery.at - Date.parse(delivery.payload.timestamp));
      else missing += 1;
    }
    return { samples, latenciesMs, missing };
  } finally {
    await removeEndpoints(slug);
    await receiver.stop();
  }
}

export interface FanoutLoad {
  events: number;
  endpoints: number;
  expected: number;
  /** Distinct deliveries (endpoint and webhook-id) received and verified. */
  delivered: number;
  duplicates: number;
  invalidSignatures: number;
  /** Writing the events to the log, a hundred per transaction, before the fan-out is nudged. */
  writeSeconds: number;
  /** From the nudge to the last delivery received (or to giving up). */
  deliverSeconds: number;
  /** The worker's throughput: deliveries received per second from the nudge on. */
  deliveriesPerSecond: number;
}

/**
 * `events` finding events of the log (as an edit writes them, in the webhook outbox), fanned out to `endpoints`
 * endpoints of one company: the events are written first (a hundred per transaction), then the fan-out is nudged
 * once, so the time after it is the worker's alone. Waits until every delivery arrived, or none came for `quietMs`
 * (the minute's schedule would have sent a lost nudge's events by then), or `timeoutMs` passed.
 */
export async function runFanoutLoad(options: {
  events: number;
  endpoints: number;
  /** Given up when no delivery came for this long while some are missing. */
  quietMs: number;
  timeoutMs: number;
}): Promise<FanoutLoad> {
  const receiver = await VerifyingReceiver.start();
  const slug = await companyWithEndpoints(receiver, 'hooks-load', options.endpoints, ['finding.updated']);
  try {
    const findingIds = await seedFindings({ slug, count: 50, published: true, host: 'load.example' });
    const actor = { uid: 'webhook-load', email: 'webhook-load@example.com' };
    const started = Date.now();
    for (let start = 0; start < options.events; start += 100) {
      const count = Math.min(100, options.events - start);
      await transactWithRetry(
        Array.from({ length: count }, (_, offset) => {
          const index = start + offset;
          const findingId = findingIds[index % findingIds.length]!;
          return eventTransactItem(actor, {
            type: 'findingUpdated',
            summary: `Load edit ${index}`,
            subject: { company: { slug }, finding: { slug, service: 'dast', findingId, title: 'Load' } },
            before: { title: 'before', version: index },
            after: { title: `after ${index}`, version: index + 1 },
            webhookOutbox: true,
          });
        }),
      );
    }
    const nudged = Date.now();
    await queueWebhookWork({ kind: 'fanout' });
    const expected = options.events * options.endpoints;
    // Delivered, or lost: no delivery for `quietMs` while some are missing (a slow machine is no loss), or
    // `timeoutMs` in all.
    let seen = 0;
    let progressAt = Date.now();
    while (receiver.counts.size < expected && Date.now() - nudged < options.timeoutMs) {
      if (receiver.counts.size > seen) [seen, progressAt] = [receiver.counts.size, Date.now()];
      else if (Date.now() - progressAt > options.quietMs) break;
      await sleep(100);
    }
    const finished =
      receiver.counts.size === expected ? Math.max(...receiver.deliveries.map((entry) => entry.at)) : Date.now();
    // A moment more, for a copy that would come late.
    await sleep(1000);
    const deliverSeconds = (finished - nudged) / 1000;
    return {
      events: options.events,
      endpoints: options.endpoints,
      expected,
      delivered: receiver.counts.size,
      duplicates: [...receiver.counts.values()].reduce((sum, count) => sum + count - 1, 0),
      invalidSignatures: receiver.invalid,
      writeSeconds: (nudged - started) / 1000,
      deliverSeconds,
      deliveriesPerSecond: deliverSeconds > 0 ? receiver.counts.size / deliverSeconds : 0,
    };
  } finally {
    await removeEndpoints(slug);
    await receiver.stop();
  }
}
