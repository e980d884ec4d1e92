// Search keys for the template index, in the shape of Algolia's secured API keys: base64 of the hex
// HMAC-SHA-256 of the restrictions, followed by the restrictions themselves as query parameters
// (`restrictIndices=finding_templates&validUntil=<unix seconds>`). The secret is the "parent key"; it is
// never sent. The search endpoint accepts a key only if its signature matches, it has not expired, and it
// allows the index asked for.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { secretString } from '../aws/secret-value.js';
import { readConfig } from '../config.js';

let secret: Promise<string> | undefined;

async function loadSecret(): Promise<string> {
  const { SEARCH_KEY_SECRET, SEARCH_KEY_SECRET_ARN } = readConfig();
  if (SEARCH_KEY_SECRET) return SEARCH_KEY_SECRET;
  if (!SEARCH_KEY_SECRET_ARN) {
    throw new Error('Invalid configuration: SEARCH_KEY_SECRET or SEARCH_KEY_SECRET_ARN is required');
  }
  const answer = { SecretString: await secretString(SEARCH_KEY_SECRET_ARN) };
  if (!answer.SecretString || answer.SecretString.length < 32) {
    throw new Error('The search key secret is missing or shorter than 32 characters');
  }
  return answer.SecretString;
}

export function searchKeySecret(): Promise<string> {
  secret ??= loadSecret().catch((error: unknown) => {
    secret = undefined;
    throw error;
  });
  return secret;
}

export interface SearchKeyRestrictions {
  /** The indices the key may search. */
  restrictIndices: string[];
  /** Unix seconds after which the key is refused. */
  validUntil: number;
}

const sign = (parentKey: string, restrictions: string) =>
  createHmac('sha256', parentKey).update(restrictions).digest('hex');

/** A secured key, as Algolia's generateSecuredApiKey makes it. */
export function securedSearchKey(parentKey: string, restrictions: SearchKeyRestrictions): string {
  const query = new URLSearchParams({
    restrictIndices: restrictions.restrictIndices.join(','),
    validUntil: String(restrictions.validUntil),
  }).toString();
  return Buffer.from(sign(parentKey, query) + query, 'utf8').toString('base64');
}

export type SearchKeyCheck = { valid: true; restrictions: SearchKeyRestrictions } | { valid: false; message: string };

/** Reads and checks a secured key: its signature, its expiry (at `nowMs`) and, given one, the index. */
export function checkSearchKey(parentKey: string, key: string, nowMs: number, indexName?: string): SearchKeyCheck {
  const invalid = { valid: false, message: 'Invalid Application-ID or API key' } as const;
  if (key.length === 0 || key.length > 2048) return invalid;
  const decoded = Buffer.from(key, 'base64').toString('utf8');
  const signature = decoded.slice(0, 64);
  const query = decoded.slice(64);
  if (!/^[0-9a-f]{64}$/.test(signature)) return invalid;
  const expected = Buffer.from(sign(parentKey, query), 'utf8');
  if (!timingSafeEqual(expected, Buffer.from(signature, 'utf8'))) return invalid;
  const params = new URLSearchParams(query);
  const validUntil = Number(params.get('validUntil'));
  const restrictIndices = (params.get('restrictIndices') ?? '').split(',').filter(Boolean);
  if (!Number.isInteger(validUntil) || restrictIndices.length === 0) return invalid;
  if (validUntil * 1000 <= nowMs) return { valid: false, message: 'The validity of the API key has expired' };
  if (indexName !== undefined && !restrictIndices.includes(indexName)) {
    return { valid: false, message: `Index not allowed with this API key: ${indexName}` };
  }
  return { valid: true, restrictions: { restrictIndices, validUntil } };
}
