// The secrets an agent holds: the enrollment token an analyst hands out, and the credential the agent receives once
// when it enrolls. Both are `<kind>.<company>.<id>.<secret>` with 256 random bits of secret: the company and id
// find the record without an index, and only the SHA-256 of the secret is stored (enough for random secrets of
// this length; no pepper needed against guessing).
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const enrollmentTokenPattern = /^enr1\.([a-z0-9-]{3,40})\.([A-Za-z0-9_-]{12})\.([A-Za-z0-9_-]{43})$/;
export const agentCredentialPattern = /^agt1\.([a-z0-9-]{3,40})\.([A-Za-z0-9_-]{12})\.([A-Za-z0-9_-]{43})$/;

export interface ParsedSecret {
  slug: string;
  id: string;
  secretHash: string;
}

export const newRecordId = () => randomBytes(9).toString('base64url');
export const newSecret = () => randomBytes(32).toString('base64url');
export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

export const enrollmentTokenText = (slug: string, tokenId: string, secret: string) =>
  `enr1.${slug}.${tokenId}.${secret}`;
export const agentCredentialText = (slug: string, agentId: string, secret: string) =>
  `agt1.${slug}.${agentId}.${secret}`;

function parseWith(pattern: RegExp, text: string): ParsedSecret | undefined {
  const match = pattern.exec(text);
  if (!match) return undefined;
  return { slug: match[1]!, id: match[2]!, secretHash: hashSecret(match[3]!) };
}

export const parseEnrollmentToken = (text: string) => parseWith(enrollmentTokenPattern, text);
export const parseAgentCredential = (text: string) => parseWith(agentCredentialPattern, text);

/** Constant-time comparison of two hex hashes. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
