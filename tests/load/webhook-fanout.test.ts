// Webhooks under load, without loss: 1,000 finding events of the log fanned out to 10 endpoints of a company, each
// of the 10,000 deliveries received once by a receiver in the test and verified with the official `standardwebhooks`
// library. Reports the time it took (docs/integrations.md).
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompanyAs } from '../../lambdas/kernel/companies/company-admin.js';
import { recordEvent } from '../../lambdas/kernel/events/events.js';
import { queueWebhookWork } from '../../lambdas/kernel/webhooks/webhook-queue.js';
import { createWebhookEndpointAs } from '../../lambdas/kernel/webhooks/webhook-endpoints.js';
import { seedFindings } from '../support/seed-findings.js';

const run = randomUUID().slice(0, 8);
const slug = `hooks-load-${run}`;
const events = 1000;
const endpoints = 10;
const secrets = new Map<string, Webhook>();
const delivered = new Map<string, number>();
let invalid = 0;
let receiver: Server;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const endpoint = (req.url ?? '').slice(1);
      try {
        secrets.get(endpoint)!.verify(Buffer.concat(chunks).toString('utf8'), req.headers as Record<string, string>);
        const key = `${endpoint}/${String(req.headers['webhook-id'])}`;
        delivered.set(key, (delivered.get(key) ?? 0) + 1);
      } catch {
        invalid += 1;
      }
      res.writeHead(200);
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  await createCompanyAs(
    { uid: 'test', email: 'test' },
    { slug, companyName: `Load ${run}`, flags: { enableDast: true } },
  );
});

afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

describe('webhook fan-out under load', () => {
  it('delivers 1,000 events to 10 endpoints, each once, all verified', async () => {
    const port = (receiver.address() as AddressInfo).port;
    const admin = {
      uid: 'load-admin',
      email: 'load-admin@example.com',
      access: { claims: { userType: 'analyst', accessLevel: 9 }, companies: [], servicesEnabled: [] },
    } as never;
    for (let index = 0; index < endpoints; index += 1) {
      const name = `endpoint-${index}`;
      const { secret } = await createWebhookEndpointAs(admin, slug, {
        url: `http://127.0.0.1:${port}/${name}`,
        events: ['finding.updated'],
        format: 'standard',
        description: name,
      });
      secrets.set(name, new Webhook(secret));
    }
    const findingIds = await seedFindings({ slug, service: 'dast', count: 50, published: true, host: 'load.example' });
    const started = Date.now();
    for (let index = 0; index < events; index += 1) {
      const findingId = findingIds[index % findingIds.length]!;
      await recordEvent(
        { uid: 'load-admin', email: 'load-admin@example.com' },
        {
          type: 'findingUpdated',
          summary: `Load edit ${index}`,
          subject: { company: { slug }, finding: { slug, service: 'dast', findingId, title: 'Load' } },
          before: { title: 'before', version: index },
          after: { title: `after ${index}`, version: index + 1 },
          webhookOutbox: true,
        },
      );
      if (index % 100 === 99) await queueWebhookWork({ kind: 'fanout' });
    }
    await queueWebhookWork({ kind: 'fanout' });
    const expected = events * endpoints;
    for (let waited = 0; delivered.size < expected && waited < 280_000; waited += 500) {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const seconds = (Date.now() - started) / 1000;
    console.info(`Webhooks: ${delivered.size} of ${expected} deliveries received in ${seconds.toFixed(1)} s`);
    expect(invalid).toBe(0);
    expect(delivered.size).toBe(expected);
    expect([...delivered.values()].every((count) => count === 1)).toBe(true);
  }, 300_000);
});
