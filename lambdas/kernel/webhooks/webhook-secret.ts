// Webhook signing secrets: `whsec_` and 24 random bytes in base64, as the Standard Webhooks specification writes
// them. The portal must sign with them, so they are stored encrypted (AES-256-GCM, the record's company and endpoint
// as associated data, so a box copied onto another record does not open), never hashed. The key is given directly
// (local stack, tests) or read once per cold start from Secrets Manager (AWS), as the DAST key secret is.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { secretString } from '../aws/secret-value.js';
import { readConfig } from '../config.js';

export const webhookSecretPrefix = 'whsec_';

let key: Promise<Buffer> | undefined;

async function loadKey(): Promise<Buffer> {
  const { WEBHOOK_SECRET_KEY, WEBHOOK_SECRET_KEY_ARN } = readConfig();
  let text = WEBHOOK_SECRET_KEY;
  if (!text) {
    if (!WEBHOOK_SECRET_KEY_ARN) {
      throw new Error('Invalid configuration: WEBHOOK_SECRET_KEY or WEBHOOK_SECRET_KEY_ARN is required');
    }
    text = await secretString(WEBHOOK_SECRET_KEY_ARN);
  }
  if (!text || text.length < 32) throw new Error('The webhook secret key is missing or shorter than 32 characters');
  // Any text of 32 characters or more: its SHA-256 is the AES key.
  return createHash('sha256').update(text).digest();
}

function encryptionKey(): Promise<Buffer> {
  key ??= loadKey().catch((error: unknown) => {
    key = undefined;
    throw error;
  });
  return key;
}

export const newWebhookSecret = () => `${webhookSecretPrefix}${randomBytes(24).toString('base64')}`;

const associatedData = (slug: string, endpointId: string) => Buffer.from(`webhook-secret/${slug}/${endpointId}`);

export async function sealWebhookSecret(secret: string, slug: string, endpointId: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await encryptionKey(), iv);
  cipher.setAAD(associatedData(slug, endpointId));
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, sealed, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

export async function openWebhookSecret(box: string, slug: string, endpointId: string): Promise<string> {
  const [version, iv, sealed, tag] = box.split('.');
  if (version !== 'v1' || !iv || !sealed || !tag) throw new Error('The webhook secret box is not of version v1');
  const decipher = createDecipheriv('aes-256-gcm', await encryptionKey(), Buffer.from(iv, 'base64url'));
  decipher.setAAD(associatedData(slug, endpointId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
}
