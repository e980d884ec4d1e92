// What a vault link may carry. The ciphertext (iv, tag and a small header added) is kept inline in DynamoDB
// up to 300 KB; the file limit leaves room for that overhead.
export const maxInlineCiphertextBytes = 300 * 1024;
/** Text and files up to this size travel inline. */
export const maxSecretBytes = maxInlineCiphertextBytes - 1024;

export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
