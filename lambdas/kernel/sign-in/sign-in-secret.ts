// The HMAC key for e-mail and address keys: given directly (local stack, tests) or read once from Secrets Manager.
import { secretString } from '../aws/secret-value.js';
import { readConfig } from '../config.js';

let secret: Promise<string> | undefined;

async function loadSecret(): Promise<string> {
  const { SIGN_IN_SECRET, SIGN_IN_SECRET_ARN } = readConfig();
  if (SIGN_IN_SECRET) return SIGN_IN_SECRET;
  if (!SIGN_IN_SECRET_ARN) throw new Error('Invalid configuration: SIGN_IN_SECRET or SIGN_IN_SECRET_ARN is required');
  const answer = { SecretString: await secretString(SIGN_IN_SECRET_ARN) };
  if (!answer.SecretString || answer.SecretString.length < 32) {
    throw new Error('The sign-in secret is missing or shorter than 32 characters');
  }
  return answer.SecretString;
}

export function signInSecret(): Promise<string> {
  secret ??= loadSecret().catch((error: unknown) => {
    secret = undefined;
    throw error;
  });
  return secret;
}
