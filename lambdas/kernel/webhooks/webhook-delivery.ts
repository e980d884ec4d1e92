// Delivering webhooks. A delivery is written (pending, due now) and queued; the worker claims one attempt at a
// time (a conditional write, so the queue's and the schedule's copies never send twice at once), posts it and
// records the answer. Not answered 2xx within 15 s: it is tried again after 5 s (the worker waits itself), then
// 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, always with the same `webhook-id`; the minute's schedule queues what is due.
// After five days in which every attempt to an endpoint failed, the endpoint is turned off and the company's
// administrators are mailed.
import { randomBytes } from 'node:crypto';
import { menuLevels } from '../access/rules.js';
import { readConfig } from '../config.js';
import { listMemberUids } from '../data/entities/notifications.js';
import {
  claimDeliveryAttempt,
  clearEndpointFailing,
  disableEndpointItem,
  dueDeliveryRefs,
  getDeliveryItem,
  getEndpointAndDelivery,
  markEndpointFailing,
  putDeliveryItem,
  recordDeliveryAttempt,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '../data/entities/webhooks.js';
import { logger } from '../logger.js';
import { escapeHtml, sendMail } from '../mail/mailer.js';
import { portalUrlOf } from '../notifications/notification-mail.js';
import { accessIn, hasLevel } from '../access/rules.js';
import { userRecords } from '../users/user-rows.js';
import { webhookAddressPolicy } from './webhook-endpoints.js';
import { webhookBody, type WebhookPayload } from './webhook-messages.js';
import { isSuccess, postWebhook, webhookTimeoutMs, type WebhookPostResult } from './webhook-post.js';
import { queueWebhookWork } from './webhook-queue.js';
import { openWebhookSecret } from './webhook-secret.js';
import { standardWebhookHeaders } from './webhook-signature.js';
import { countMetric } from '../observability/metrics.js';

const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;
/** The wait after each failed attempt: after the 8th, the delivery has failed. */
export const retryDelaysMs = [5 * second, 5 * minute, 30 * minute, 2 * hour, 5 * hour, 10 * hour, 10 * hour];
export const maxAttempts = retryDelaysMs.length + 1;
/** An endpoint whose every attempt failed for this long is turned off. */
export const failureWindowMs = 5 * 24 * hour;
/** How long a claimed attempt keeps the schedule off it: past the timeout, the 5 s wait and a second timeout. */
const attemptLeaseMs = 2 * webhookTimeoutMs + 5 * second + minute;

/** Delivery ids sort by creation time (newest first in the log). */
export function newDeliveryId(now: number, unique = randomBytes(6).toString('hex')): string {
  return `${String(now).padStart(13, '0')}-${unique}`;
}

export type DeliveryRef = Pick<WebhookDelivery, 'slug' | 'endpointId' | 'deliveryId'>;

/**
 * Writes one delivery of the payload to the endpoint and, unless `queue` is false (the fan-out queues an event's
 * deliveries together), queues its first attempt. Answers the delivery written, or undefined when it exists.
 */
export async function startDelivery(
  endpoint: Pick<WebhookEndpoint, 'slug' | 'endpointId' | 'format'>,
  payload: WebhookPayload,
  deliveryId: string,
  now = Date.now(),
  queue = true,
): Promise<WebhookDelivery | undefined> {
  const delivery: WebhookDelivery = {
    slug: endpoint.slug,
    endpointId: endpoint.endpointId,
    deliveryId,
    webhookId: `msg_${deliveryId}`,
    eventType: payload.type,
    body: webhookBody(payload, endpoint.format),
    createdAt: now,
    state: 'pending',
    attempts: 0,
    nextAttemptAt: now,
  };
  if (!(await putDeliveryItem(delivery))) return undefined;
  if (queue) await queueDeliveryAttempt(delivery);
  return delivery;
}

export async function queueDeliveryAttempt(delivery: DeliveryRef & { attempts: number }): Promise<void> {
  try {
    await queueWebhookWork({ kind: 'deliver', ...pick(delivery) });
  } catch (error) {
    // The delivery is stored and due: the schedule queues it within the minute.
    logger.warn('Could not queue a webhook delivery; the schedule sends it', { error: (error as Error).name });
  }
}

const pick = ({ slug, endpointId, deliveryId, attempts }: DeliveryRef & { attempts: number }) => ({
  slug,
  endpointId,
  deliveryId,
  attempts,
});

/** The secrets that sign now: the current one, and the one before it during the day after a rotation. */
async function signingSecrets(endpoint: WebhookEndpoint, now: number): Promise<string[]> {
  const secrets = [await openWebhookSecret(endpoint.secretBox, endpoint.slug, endpoint.endpointId)];
  if (endpoint.previousSecretBox && (endpoint.previousSecretUntil ?? 0) > now) {
    secrets.push(await openWebhookSecret(endpoint.previousSecretBox, endpoint.slug, endpoint.endpointId));
  }
  return secrets;
}

export interface AttemptOptions {
  /** The time the schedule reckons with (a test's fake clock); the signature's timestamp is always the real one. */
  now?: number;
  /** How the worker waits the 5 s before the second attempt. */
  sleep?: (ms: number) => Promise<void>;
  timeoutMs?: number;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Sends the attempt of the claimed delivery: signed for `standard`, as it is for Slack and Teams. */
async function sendAttempt(
  endpoint: WebhookEndpoint,
  delivery: WebhookDelivery,
  now: number,
  timeoutMs: number,
): Promise<WebhookPostResult> {
  const headers =
    endpoint.format === 'standard'
      ? standardWebhookHeaders(
          await signingSecrets(endpoint, now),
          delivery.webhookId,
          Math.floor(Date.now() / 1000),
          delivery.body,
        )
      : {};
  return postWebhook(endpoint.url, headers, delivery.body, webhookAddressPolicy(), timeoutMs);
}

/**
 * Runs the due attempt of a delivery (nothing when it is not pending or not due: another copy ran it). Answers
 * the delivery as recorded afterwards.
 */
export async function runDeliveryAttempt(
  ref: DeliveryRef,
  options: AttemptOptions = {},
): Promise<WebhookDelivery | undefined> {
  const now = options.now ?? Date.now();
  // The delivery and its endpoint in one consistent BatchGet.
  const { delivery: stored, endpoint } = await getEndpointAndDelivery(ref.slug, ref.endpointId, ref.deliveryId);
  if (!stored || stored.state !== 'pending' || (stored.nextAttemptAt ?? 0) > now) return stored;
  const claimed = await claimDeliveryAttempt(stored, now, attemptLeaseMs);
  if (!claimed) return getDeliveryItem(ref.slug, ref.endpointId, ref.deliveryId);
  if (!endpoint || !endpoint.enabled) {
    await recordDeliveryAttempt(
      claimed,
      { at: now, error: endpoint ? 'endpoint turned off' : 'endpoint removed' },
      'failed',
    );
    return getDeliveryItem(ref.slug, ref.endpointId, ref.deliveryId);
  }
  const result = await sendAttempt(endpoint, claimed, now, options.timeoutMs ?? webhookTimeoutMs);
  const outcome = { at: now, ...result };
  countMetric(isSuccess(result) ? 'WebhookDelivered' : 'WebhookFailed');
  if (isSuccess(result)) {
    await recordDeliveryAttempt(claimed, outcome, 'delivered');
    if (endpoint.failingSince !== undefined) await clearEndpointFailing(ref.slug, ref.endpointId);
    return getDeliveryItem(ref.slug, ref.endpointId, ref.deliveryId);
  }
  const failingSince = endpoint.failingSince ?? now;
  if (endpoint.failingSince === undefined) await markEndpointFailing(ref.slug, ref.endpointId, now);
  if (now - failingSince >= failureWindowMs) {
    await recordDeliveryAttempt(claimed, outcome, 'failed');
    await disableFailingEndpoint(endpoint, now);
    return getDeliveryItem(ref.slug, ref.endpointId, ref.deliveryId);
  }
  if (claimed.attempts >= maxAttempts) {
    await recordDeliveryAttempt(claimed, outcome, 'failed');
    return getDeliveryItem(ref.slug, ref.endpointId, ref.deliveryId);
  }
  const wait = retryDelaysMs[claimed.attempts - 1]!;
  await recordDeliveryAttempt(claimed, outcome, 'pending', now + wait);
  if (claimed.attempts === 1) {
    // The first retry comes 5 s later: sooner than the schedule runs, so the worker waits for it.
    await (options.sleep ?? realSleep)(wait);
    return runDeliveryAttempt(ref, { ...options, now: now + wait });
  }
  return getDeliveryItem(ref.slug, ref.endpointId, ref.deliveryId);
}

/** The schedule's run: queues every delivery due by `now` (a page of 500 a minute). */
export async function queueDueDeliveries(now = Date.now()): Promise<number> {
  const due = await dueDeliveryRefs(now, 500);
  for (const delivery of due) await queueDeliveryAttempt(delivery);
  return due.length;
}

/** Turns the endpoint off after the failure window and mails the company's administrators, once. */
async function disableFailingEndpoint(endpoint: WebhookEndpoint, now: number): Promise<void> {
  const reason = 'Every delivery failed for five days';
  if (!(await disableEndpointItem(endpoint.slug, endpoint.endpointId, reason, now))) return;
  logger.warn('Webhook endpoint turned off after five days of failures', {
    slug: endpoint.slug,
    endpointId: endpoint.endpointId,
  });
  const uids = await listMemberUids(endpoint.slug);
  const admins: string[] = [];
  for (let start = 0; start < uids.length; start += 50) {
    for (const { access } of await userRecords(uids.slice(start, start + 50))) {
      if (
        access.claims.userType !== 'analyst' &&
        hasLevel(accessIn(access, endpoint.slug), menuLevels.administration)
      ) {
        admins.push(access.email);
      }
    }
  }
  const config = readConfig();
  const page = `${portalUrlOf(config).replace(/\/+$/, '')}/admin/company/integrations`;
  // The URL may carry a token of the receiver's (Slack's and Teams' do): only its host is mailed.
  const host = new URL(endpoint.url).host;
  for (const to of admins) {
    await sendMail({
      to,
      subject: `${config.PRODUCT_NAME}: a webhook of ${endpoint.slug} was turned off`,
      text:
        `Every delivery to the webhook endpoint at ${host} failed for five days, so it was turned off.\n` +
        `Fix the receiver, then turn the endpoint on again and redeliver what it missed: ${page}\n`,
      html:
        `<p>Every delivery to the webhook endpoint at <strong>${escapeHtml(host)}</strong> failed for five days, ` +
        `so it was turned off.</p><p>Fix the receiver, then turn the endpoint on again and redeliver what it ` +
        `missed on the <a href="${escapeHtml(page)}">Integrations</a> page.</p>`,
    });
  }
}
