// The private keys of the analyst's request links, in this browser's IndexedDB as non-extractable CryptoKeys:
// they can open a reply, and cannot be read out, not by the page's own script nor by the server. A key file
// (PKCS#8, made once when the request is created) carries a key to another device; without either, a reply
// to that request cannot be opened by anyone.
import { fromBase64Url, importRequestPrivateKey, toBase64Url } from '../../../vault/vault-crypto';

const databaseName = 'portal-vault';
const storeName = 'requestKeys';

function openDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const opening = indexedDB.open(databaseName, 1);
    opening.onupgradeneeded = () => opening.result.createObjectStore(storeName);
    opening.onsuccess = () => resolve(opening.result);
    opening.onerror = () => reject(opening.error ?? new Error('IndexedDB could not be opened'));
  });
}

async function withStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const database = await openDatabase();
  try {
    return await new Promise<T>((resolve, reject) => {
      const transaction = database.transaction(storeName, mode);
      const request = work(transaction.objectStore(storeName));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB refused the change'));
    });
  } finally {
    database.close();
  }
}

export async function saveRequestKey(linkId: string, privateKey: CryptoKey): Promise<void> {
  await withStore('readwrite', (store) => store.put({ privateKey, savedAt: Date.now() }, linkId));
}

export async function loadRequestKey(linkId: string): Promise<CryptoKey | undefined> {
  const stored = (await withStore('readonly', (store) => store.get(linkId))) as { privateKey?: CryptoKey } | undefined;
  return stored?.privateKey;
}

export async function forgetRequestKey(linkId: string): Promise<void> {
  await withStore('readwrite', (store) => store.delete(linkId));
}

const keyFileType = 'portal-vault-request-key';

/** The key file of one request: JSON holding its id and the private key (PKCS#8, base64url). */
export function keyFileText(linkId: string, pkcs8: Uint8Array): string {
  return JSON.stringify({ type: keyFileType, v: 1, linkId, privateKey: toBase64Url(pkcs8) }, null, 2);
}

export function keyFileName(linkId: string): string {
  return `vault-request-${linkId}.key.json`;
}

/** Reads a key file into this browser; answers the request id it is for. */
export async function importKeyFile(text: string): Promise<string> {
  let parsed: { type?: unknown; linkId?: unknown; privateKey?: unknown };
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    throw new Error('This is not a vault key file.');
  }
  if (parsed.type !== keyFileType || typeof parsed.linkId !== 'string' || typeof parsed.privateKey !== 'string') {
    throw new Error('This is not a vault key file.');
  }
  let key: CryptoKey;
  try {
    key = await importRequestPrivateKey(fromBase64Url(parsed.privateKey));
  } catch {
    throw new Error('The key in this file is damaged.');
  }
  await saveRequestKey(parsed.linkId, key);
  return parsed.linkId;
}
