// The HMAC key ("pepper") DAST keys are hashed with before they are stored or looked up: given directly (local
// stack, tests) or read once per cold start from Secrets Manager (AWS), like the sign-in secret. A stolen table
// holds only HMACs, worthless without this secret.
import { createHmac } from 'node:crypto';
import { secretString } from '../aws/secret-value.js';
import { readConfig } from '../config.js';

let secret: Promise<string> | undefined;

async function loadSecret(): Promise<string> {
  const { DAST_KEY_SECRET, DAST_KEY_SECRET_ARN } = readConfig();
  if (DAST_KEY_SECRET) return DAST_KEY_SECRET;
  if (!DAST_KEY_SECRET_ARN)
    throw new Error('Invalid configuration: DAST_KEY_SECRET or DAST_KEY_SECRET_ARN is required');
  const answer = { SecretString: await secretString(DAST_KEY_SECRET_ARN) };
  if (!answer.SecretString || answer.SecretString.length < 32) {
    throw new Error('The DAST key secret is missing or shorter than 32 characters');
  }
  return answer.SecretString;
}

function dastKeySecret(): Promise<string> {
  secret ??= loadSecret().catch((error: unknown) => {
    secret = undefined;
    throw error;
  });
  return secret;
}

/** HMAC-SHA256 of the whole key text, hex: the stored hash and the lookup key. */
export async function dastKeyHash(key: string): Promise<string> {
  return createHmac('sha256', await dastKeySecret())
    .update(key)
    .digest('hex');
}
