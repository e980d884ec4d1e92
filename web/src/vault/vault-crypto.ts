// The vault's cryptography, in the browser only (WebCrypto): the server sees ciphertext, public keys and the
// hash of a verifier, never a key or a plaintext. Share links: a 256-bit secret in the link's fragment, from
// which HKDF-SHA-256 derives the AES-256-GCM key and, separately, the verifier a reveal presents (so a damaged
// key is refused before anything is consumed). Request links: the analyst's ECDH P-256 key pair; the
// responder seals to it with an ephemeral pair, ECDH then HKDF (salt: the link id) to an AES-256-GCM key.
// Free of DOM and React, so the tests run the same code under Node.

const subtle = () => globalThis.crypto.subtle;
const utf8 = new TextEncoder();
const shareInfo = utf8.encode('portal-vault-share-key-v1');
const verifierInfo = utf8.encode('portal-vault-share-verifier-v1');
const shareAad = utf8.encode('portal-vault-share-v1');
const requestInfo = utf8.encode('portal-vault-request-v1');

/** What a link carries: a text, or a file with its name and type (both inside the ciphertext). */
export type SecretContent =
  { kind: 'text'; text: string } | { kind: 'file'; name: string; type: string; bytes: Uint8Array };

/** Raw bytes as WebCrypto's BufferSource takes them (a plain ArrayBuffer view). */
const source = (bytes: Uint8Array): Uint8Array<ArrayBuffer> => bytes as Uint8Array<ArrayBuffer>;

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let index = 0; index < bytes.length; index += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  }
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

export const toBase64Url = (bytes: Uint8Array) =>
  toBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

export function fromBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('not base64url');
  const padded = text.replace(/-/g, '+').replace(/_/g, '/');
  return fromBase64(padded + '='.repeat((4 - (padded.length % 4)) % 4));
}

async function sha256(bytes: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await subtle().digest('SHA-256', source(bytes)));
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

/** Content as bytes: a 4-byte length, the JSON header (kind, text or name and type), then the file's bytes. */
export function encodeContent(content: SecretContent): Uint8Array {
  const header = utf8.encode(
    JSON.stringify(
      content.kind === 'text'
        ? { v: 1, kind: 'text', text: content.text }
        : { v: 1, kind: 'file', name: content.name, type: content.type, size: content.bytes.byteLength },
    ),
  );
  const body = content.kind === 'file' ? content.bytes : new Uint8Array();
  const out = new Uint8Array(4 + header.byteLength + body.byteLength);
  new DataView(out.buffer).setUint32(0, header.byteLength);
  out.set(header, 4);
  out.set(body, 4 + header.byteLength);
  return out;
}

export function decodeContent(bytes: Uint8Array): SecretContent {
  const length = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0);
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + length))) as {
    kind: 'text' | 'file';
    text?: string;
    name?: string;
    type?: string;
  };
  if (header.kind === 'text') return { kind: 'text', text: header.text ?? '' };
  return {
    kind: 'file',
    name: header.name ?? 'secret',
    type: header.type ?? 'application/octet-stream',
    bytes: bytes.slice(4 + length),
  };
}

async function seal(key: CryptoKey, plaintext: Uint8Array, aad: Uint8Array): Promise<Uint8Array> {
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(
    await subtle().encrypt({ name: 'AES-GCM', iv, additionalData: source(aad) }, key, source(plaintext)),
  );
  const out = new Uint8Array(12 + sealed.byteLength);
  out.set(iv, 0);
  out.set(sealed, 12);
  return out;
}

async function unseal(key: CryptoKey, blob: Uint8Array, aad: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(
    await subtle().decrypt(
      { name: 'AES-GCM', iv: source(blob.slice(0, 12)), additionalData: source(aad) },
      key,
      source(blob.slice(12)),
    ),
  );
}

// ---- Share links ---------------------------------------------------------------------------------------

export interface ShareKeys {
  /** The fragment's secret, base64url (43 characters). */
  secret: string;
  aesKey: CryptoKey;
  /** What a reveal presents; the server keeps only its hash. */
  verifier: string;
}

/** The keys of a share link from its fragment secret; throws on a secret that is not 32 bytes of base64url. */
export async function shareKeysFrom(secret: string): Promise<ShareKeys> {
  const raw = fromBase64Url(secret);
  if (raw.byteLength !== 32) throw new Error('The link key is not 256 bits');
  const base = await subtle().importKey('raw', source(raw), 'HKDF', false, ['deriveKey', 'deriveBits']);
  const hkdf = (info: Uint8Array) => ({ name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(), info: source(info) });
  const aesKey = await subtle().deriveKey(hkdf(shareInfo), base, { name: 'AES-GCM', length: 256 }, false, [
    'encrypt',
    'decrypt',
  ]);
  const verifier = toBase64Url(new Uint8Array(await subtle().deriveBits(hkdf(verifierInfo), base, 256)));
  return { secret, aesKey, verifier };
}

export async function newShareKeys(): Promise<ShareKeys> {
  return shareKeysFrom(toBase64Url(globalThis.crypto.getRandomValues(new Uint8Array(32))));
}

/** SHA-256 (hex) of the verifier, as createVaultLink takes it and the server compares a claim's against. */
export async function verifierHashOf(verifier: string): Promise<string> {
  return hex(await sha256(utf8.encode(verifier)));
}

export async function sealShare(keys: ShareKeys, content: SecretContent): Promise<Uint8Array> {
  return seal(keys.aesKey, encodeContent(content), shareAad);
}

export async function openShare(keys: ShareKeys, blob: Uint8Array): Promise<SecretContent> {
  return decodeContent(await unseal(keys.aesKey, blob, shareAad));
}

// ---- Request links -------------------------------------------------------------------------------------

const ecdh = { name: 'ECDH', namedCurve: 'P-256' } as const;

/** The fingerprint a request link carries: SHA-256 of the SPKI, base64url, first 22 characters. */
export async function fingerprintOf(spki: Uint8Array): Promise<string> {
  return toBase64Url(await sha256(spki)).slice(0, 22);
}

export interface RequestKeyPair {
  /** Non-extractable: it can derive, never leave the browser in a form a server could use. */
  privateKey: CryptoKey;
  publicKey: string;
  fingerprint: string;
  /** PKCS#8 of the private key, once, for the analyst's own key file (another device). */
  pkcs8: Uint8Array;
}

export async function newRequestKeyPair(): Promise<RequestKeyPair> {
  const pair = await subtle().generateKey(ecdh, true, ['deriveBits']);
  const spki = new Uint8Array(await subtle().exportKey('spki', pair.publicKey));
  const pkcs8 = new Uint8Array(await subtle().exportKey('pkcs8', pair.privateKey));
  return {
    privateKey: await importRequestPrivateKey(pkcs8),
    publicKey: toBase64Url(spki),
    fingerprint: await fingerprintOf(spki),
    pkcs8,
  };
}

/** A private key from a key file, as a non-extractable key. */
export function importRequestPrivateKey(pkcs8: Uint8Array): Promise<CryptoKey> {
  return subtle().importKey('pkcs8', source(pkcs8), ecdh, false, ['deriveBits']);
}

async function requestAesKey(linkId: string, privateKey: CryptoKey, publicKey: CryptoKey): Promise<CryptoKey> {
  const shared = await subtle().deriveBits({ name: 'ECDH', public: publicKey }, privateKey, 256);
  const base = await subtle().importKey('raw', shared, 'HKDF', false, ['deriveKey']);
  return subtle().deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: source(utf8.encode(linkId)), info: source(requestInfo) },
    base,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

export class FingerprintMismatchError extends Error {
  override readonly name = 'FingerprintMismatchError';
}

/**
 * Seals a reply to the analyst's key. Refuses a served key whose fingerprint is not the one in the link
 * (a server that swapped the key would otherwise read the reply).
 */
export async function sealToRequest(
  linkId: string,
  publicKeyB64: string,
  expectedFingerprint: string,
  content: SecretContent,
): Promise<{ ephemeralPublicKey: string; ciphertext: Uint8Array }> {
  const spki = fromBase64Url(publicKeyB64);
  if ((await fingerprintOf(spki)) !== expectedFingerprint) {
    throw new FingerprintMismatchError('The key the server gave does not match this link.');
  }
  const analystKey = await subtle().importKey('spki', source(spki), ecdh, false, []);
  const ephemeral = await subtle().generateKey(ecdh, true, ['deriveBits']);
  const key = await requestAesKey(linkId, ephemeral.privateKey, analystKey);
  const ciphertext = await seal(key, encodeContent(content), utf8.encode(`portal-vault-request-v1|${linkId}`));
  const ephemeralSpki = new Uint8Array(await subtle().exportKey('spki', ephemeral.publicKey));
  return { ephemeralPublicKey: toBase64Url(ephemeralSpki), ciphertext };
}

export async function openRequestReply(
  linkId: string,
  privateKey: CryptoKey,
  reply: { ephemeralPublicKey: string; ciphertext: Uint8Array },
): Promise<SecretContent> {
  const ephemeral = await subtle().importKey('spki', source(fromBase64Url(reply.ephemeralPublicKey)), ecdh, false, []);
  const key = await requestAesKey(linkId, privateKey, ephemeral);
  return decodeContent(await unseal(key, reply.ciphertext, utf8.encode(`portal-vault-request-v1|${linkId}`)));
}
