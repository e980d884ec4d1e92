// `finding.overdue`: the schedule looks, for each company with an endpoint that wants it, for open published findings
// whose due date passed since it last looked (the due-date index, sla/finding-sla.ts), and sends each once per due
// date (a delivery's id comes from the finding, its due date and the endpoint, so a second look writes nothing new).
// A company's first look starts at that moment: findings already overdue when an endpoint subscribed are not sent.
import { createHash } from 'node:crypto';
import { services } from '../access/rules.js';
import { readConfig } from '../config.js';
import { getFindingItem } from '../data/entities/findings.js';
import { findingsDueBetween } from '../data/entities/weekly-changes.js';
import {
  getOverdueCursor,
  listEndpointItems,
  overdueSubscriberSlugs,
  setOverdueCursor,
} from '../data/entities/webhooks.js';
import { portalUrlOf } from '../notifications/notification-mail.js';
import { newDeliveryId, startDelivery } from './webhook-delivery.js';
import { webhookFindingView } from './webhook-messages.js';

/** Answers how many deliveries were started. */
export async function sendOverdueFindings(now = Date.now()): Promise<number> {
  const portalUrl = portalUrlOf(readConfig());
  let started = 0;
  for (const slug of await overdueSubscriberSlugs()) {
    const from = await getOverdueCursor(slug);
    if (from === undefined) {
      await setOverdueCursor(slug, now);
      continue;
    }
    if (from >= now) continue;
    const endpoints = (await listEndpointItems(slug)).filter(
      (endpoint) => endpoint.enabled && endpoint.events.includes('finding.overdue'),
    );
    for (const service of services) {
      for (const due of await findingsDueBetween(slug, service, from, now)) {
        const item = await getFindingItem(slug, service, due.id, true);
        const finding = item ? webhookFindingView(item, portalUrl) : undefined;
        const dueAt = item?.dueAt;
        if (!finding || typeof dueAt !== 'number' || dueAt >= now) continue;
        const payload = {
          type: 'finding.overdue' as const,
          timestamp: new Date(dueAt).toISOString(),
          data: { company: slug, finding },
        };
        for (const endpoint of endpoints) {
          const unique = createHash('sha256')
            .update(`overdue/${service}/${due.id}/${dueAt}/${endpoint.endpointId}`)
            .digest('hex')
            .slice(0, 12);
          if (await startDelivery(endpoint, payload, newDeliveryId(dueAt, unique))) started += 1;
        }
      }
    }
    await setOverdueCursor(slug, now);
  }
  return started;
}
