// Whether a change puts a webhook event in the outbox, and whether it then nudges the fan-out. Only a company with an
// enabled endpoint has webhooks to send: its record counts them (`webhookEndpointsOn`, kept by the endpoints'
// writes in the same transactions), and the changes of its findings read that record with the finding anyway, so
// deciding costs no request. A change that wrote no outbox entry queues nothing.
import { batchGetConsistent, type TransactItem } from '../data/transactions.js';
import { companyItemKey } from '../data/entities/companies.js';
import { webhookOutboxPartition } from '../data/entities/events.js';

/** The company (its record as read, raw or formatted) has at least one enabled webhook endpoint. */
export function companyHasWebhooks(company: { webhookEndpointsOn?: unknown } | undefined): boolean {
  return Number(company?.webhookEndpointsOn ?? 0) > 0;
}

/** Whether these writes put an entry in the webhook outbox (an event with its outbox keys, or an outbox entry). */
export function writesOutboxEntry(items: readonly TransactItem[]): boolean {
  return items.some(
    (item) => (item.Put?.Item as Record<string, unknown> | undefined)?.gsi2pk === webhookOutboxPartition,
  );
}

/** Of these companies, those with an enabled webhook endpoint (consistent BatchGets of their records, 100 a time). */
export async function companiesWithWebhooks(slugs: Iterable<string>): Promise<Set<string>> {
  const wanted = [...new Set(slugs)];
  const found = new Set<string>();
  for (let start = 0; start < wanted.length; start += 100) {
    const items = await batchGetConsistent(wanted.slice(start, start + 100).map(companyItemKey));
    for (const item of items) if (companyHasWebhooks(item)) found.add(String(item.slug));
  }
  return found;
}
