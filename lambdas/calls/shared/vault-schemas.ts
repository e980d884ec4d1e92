// Schemas of the vault calls: ids, keys and ciphertext as the browser sends them, checked before anything is read.
import * as z from 'zod/mini';
import { maxInlineCiphertextBytes, maxVaultViews } from '../../kernel/vault/vault-links.js';
import { maxVaultObjectBytes } from '../../kernel/vault/vault-objects.js';

/** 128 random bits, base64url. */
export const vaultLinkId = z.string().check(z.regex(/^[A-Za-z0-9_-]{22}$/, 'must be a vault link id'));

const maxCiphertextBase64 = Math.ceil(maxInlineCiphertextBytes / 3) * 4;

/** iv || AES-GCM ciphertext, standard base64: at least an iv and a tag, at most 300 KB decoded. */
export const vaultCiphertext = z
  .string()
  .check(
    z.maxLength(maxCiphertextBase64, `must be at most ${maxInlineCiphertextBytes} bytes (300 KB) once decoded`),
    z.regex(/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/, 'must be base64'),
    z.minLength(40, 'is too short to be an encrypted secret'),
  );

/** The size of a sealed file kept in the bucket: over 300 KB, at most a 10 MB file sealed. */
export const vaultObjectSize = z
  .int()
  .check(
    z.minimum(
      maxInlineCiphertextBytes + 1,
      `must be over ${maxInlineCiphertextBytes} bytes (smaller secrets go inline)`,
    ),
    z.maximum(maxVaultObjectBytes, `must be at most ${maxVaultObjectBytes} bytes (a 10 MB file, sealed)`),
  );

export const vaultExpiresIn = z.enum(['1h', '1d', '7d'], { error: 'must be one of 1h, 1d, 7d' });

export const vaultMaxViews = z
  .int()
  .check(z.minimum(1, `must be 1 to ${maxVaultViews}`), z.maximum(maxVaultViews, `must be 1 to ${maxVaultViews}`));

export const vaultLabel = z.string().check(z.trim(), z.maxLength(200, 'must be at most 200 characters'));

/** An ECDH P-256 public key, SPKI, base64url (91 bytes: 122 characters). */
export const vaultPublicKey = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{100,200}$/, 'must be a public key (SPKI, base64url)'));

export const vaultStatus = z.enum(['waiting', 'opened', 'fulfilled', 'collected', 'expired', 'revoked']);

export const vaultLinkRow = z.object({
  linkId: z.string(),
  kind: z.enum(['share', 'request']),
  status: vaultStatus,
  companySlug: z.optional(z.string()),
  label: z.optional(z.string()),
  createdAt: z.number(),
  expiresAt: z.number(),
  maxViews: z.optional(z.number()),
  viewsLeft: z.optional(z.number()),
  size: z.optional(z.number()),
  lastViewedAt: z.optional(z.number()),
  fulfilledAt: z.optional(z.number()),
  collectedAt: z.optional(z.number()),
  revokedAt: z.optional(z.number()),
});

export function decodeBase64(value: string): Uint8Array {
  return new Uint8Array(Buffer.from(value, 'base64'));
}

export function encodeBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}
