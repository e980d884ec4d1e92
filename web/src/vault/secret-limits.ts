// What a vault link may carry. The ciphertext (iv, tag and a small header added) is kept inline in DynamoDB
// up to 300 KB; the limit of texts and request replies leaves room for that overhead. A share link's file may be
// up to 10 MB: sealed, anything over 300 KB goes to the bucket (kernel/vault/vault-objects.ts has the same limits).
export const maxInlineCiphertextBytes = 300 * 1024;
/** Texts, and the files of request replies, up to this size travel inline. */
export const maxSecretBytes = maxInlineCiphertextBytes - 1024;
/** A share link's file. */
export const maxShareFileBytes = 10 * 1024 * 1024;

export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
