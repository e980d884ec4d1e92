// Standard Webhooks signatures (https://www.standardwebhooks.com): HMAC-SHA256 over `<id>.<timestamp>.<body>`
// with the secret's bytes (the base64 after `whsec_`), sent as `v1,<base64>`; several signatures, space separated,
// while an old and a new secret both sign (rotation).
import { createHmac } from 'node:crypto';
import { webhookSecretPrefix } from './webhook-secret.js';

export function signatureOf(secret: string, webhookId: string, timestamp: number, body: string): string {
  const keyBytes = Buffer.from(secret.slice(webhookSecretPrefix.length), 'base64');
  const digest = createHmac('sha256', keyBytes).update(`${webhookId}.${timestamp}.${body}`).digest('base64');
  return `v1,${digest}`;
}

/** The headers of one attempt: `timestamp` in seconds, signed by every secret given. */
export function standardWebhookHeaders(
  secrets: readonly string[],
  webhookId: string,
  timestamp: number,
  body: string,
): Record<string, string> {
  return {
    'webhook-id': webhookId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((secret) => signatureOf(secret, webhookId, timestamp, body)).join(' '),
  };
}
