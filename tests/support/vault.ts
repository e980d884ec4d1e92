// Vault links as the browser makes them (the same WebCrypto module), for tests that call the handler directly.
import { expect, inject } from 'vitest';
import { handler } from '../../lambdas/api/handler.js';
import {
  newShareKeys,
  sealShare,
  toBase64,
  verifierHashOf,
  type SecretContent,
  type ShareKeys,
} from '../../web/src/vault/vault-crypto.js';
import { maxInlineCiphertextBytes } from '../../web/src/vault/secret-limits.js';
import { callEvent, parseResult } from './call-event.js';

type Call = (name: string, data: unknown) => Promise<{ statusCode: number; body: any }>;

/** An anonymous caller (no token) from one address. */
export function anonymousCaller(sourceIp = '203.0.113.7'): Call {
  return async (name, data) => parseResult(await handler(callEvent(name, data, { sourceIp })));
}

/** Posts a sealed file with the presigned POST createVaultLink answered, as the share page does; the status. */
export async function postSealedUpload(
  upload: { url: string; fields: Record<string, string> },
  sealed: Uint8Array,
): Promise<number> {
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append('file', new Blob([sealed as Uint8Array<ArrayBuffer>]), 'sealed.bin');
  const answer = await fetch(new URL(upload.url, inject('localStack').appUrl), { method: 'POST', body: form });
  await answer.arrayBuffer();
  return answer.status;
}

/**
 * A share link as the analyst's page makes it: sealed in WebCrypto, inline up to 300 KB, else its size sent
 * and the ciphertext posted to the bucket.
 */
export async function createShare(
  call: Call,
  content: SecretContent,
  options: { expiresIn?: string; maxViews?: number; companySlug?: string; label?: string } = {},
): Promise<{ linkId: string; keys: ShareKeys; answer: { statusCode: number; body: any }; sealed: Uint8Array }> {
  const keys = await newShareKeys();
  const sealed = await sealShare(keys, content);
  const inline = sealed.byteLength <= maxInlineCiphertextBytes;
  const answer = await call('createVaultLink', {
    ...(inline ? { ciphertext: toBase64(sealed) } : { ciphertextSize: sealed.byteLength }),
    verifierHash: await verifierHashOf(keys.verifier),
    expiresIn: options.expiresIn ?? '1h',
    ...(options.maxViews ? { maxViews: options.maxViews } : {}),
    ...(options.companySlug ? { companySlug: options.companySlug } : {}),
    ...(options.label ? { label: options.label } : {}),
  });
  const upload = answer.body.result?.upload as { url: string; fields: Record<string, string> } | undefined;
  if (upload) expect(await postSealedUpload(upload, sealed)).toBe(204);
  return { linkId: answer.body.result?.linkId as string, keys, answer, sealed };
}

/** Whether any stored value holds these bytes (as raw bytes, text, or base64 text). */
export function tableHolds(items: Record<string, unknown>[], needle: Uint8Array): boolean {
  const buffer = Buffer.from(needle);
  const texts = [buffer.toString('utf8'), buffer.toString('base64'), buffer.toString('base64url')];
  const visit = (value: unknown): boolean => {
    if (value instanceof Uint8Array) return Buffer.from(value).includes(buffer);
    if (typeof value === 'string') return texts.some((text) => value.includes(text));
    if (Array.isArray(value)) return value.some(visit);
    if (value && typeof value === 'object') return Object.values(value).some(visit);
    return false;
  };
  return items.some(visit);
}
