// Vault secrets too large to keep inline (over 300 KB of ciphertext, files up to 10 MB): the browser posts the
// ciphertext straight to the uploads bucket under `vault/<linkId>` with a presigned POST fixing its size and
// encryption; a reveal hands out a presigned GET that works for 60 seconds. The object is removed once its last
// view is claimed, when that GET has died: a message on the vault cleanup queue, whose delivery delay is longer
// than the GET's life, has the report worker delete it. A revocation deletes it at once; the bucket's lifecycle
// rule on `vault/` is the backstop for links that expire unopened.
import { readConfig } from '../config.js';
import { deleteUpload, presignDownload, presignUpload } from '../findings/uploads.js';
import { sendFifoMessage } from '../queues/send-message.js';

/** The largest file the share page takes. */
export const maxVaultFileBytes = 10 * 1024 * 1024;
/** The largest sealed object: the file with its encrypted envelope (kind, name, type), the IV and the tag. */
export const maxVaultObjectBytes = maxVaultFileBytes + 64 * 1024;
/** How long a reveal's download link works. */
export const vaultDownloadSeconds = 60;

export const vaultObjectKey = (linkId: string) => `vault/${linkId}`;

export function presignVaultUpload(linkId: string, size: number) {
  return presignUpload(vaultObjectKey(linkId), size);
}

/** The reveal's link to the sealed file: the share page fetches it and decrypts; opened by hand, it saves bytes. */
export function presignVaultDownload(linkId: string): Promise<string> {
  return presignDownload(vaultObjectKey(linkId), { fileName: 'sealed-file.bin', expiresSeconds: vaultDownloadSeconds });
}

export function deleteVaultObject(linkId: string): Promise<void> {
  return deleteUpload(vaultObjectKey(linkId));
}

/** Asks for the object's removal once the download links handed out for it have died (the queue's delay). */
export async function queueVaultObjectRemoval(linkId: string): Promise<void> {
  const queueUrl = readConfig().VAULT_CLEANUP_QUEUE_URL;
  if (!queueUrl) throw new Error('VAULT_CLEANUP_QUEUE_URL is not configured');
  await sendFifoMessage(queueUrl, {
    body: JSON.stringify({ kind: 'vaultObject', id: linkId }),
    groupId: `vault-${linkId}`,
    deduplicationId: `vaultObject-${linkId}`,
  });
}
