// The secret someone is about to send (a text or one file), its check and its content, without any UI: the
// analyst's Cloudscape form and the vault page's own form both use it.
import type { SecretContent } from './vault-crypto';
import { maxSecretBytes, sizeText } from './secret-limits';

export type SecretDraft = { kind: 'text'; text: string } | { kind: 'file'; file: File | undefined };

export const emptyDraft: SecretDraft = { kind: 'text', text: '' };

/**
 * What is wrong with the draft, in words for the field; undefined when it can be sent. Files may be up to
 * `maxFileBytes` (a share link's 10 MB; a request reply's 299 KB by default).
 */
export function draftProblem(draft: SecretDraft, maxFileBytes = maxSecretBytes): string | undefined {
  if (draft.kind === 'text') {
    if (draft.text.length === 0) return 'Type the secret to send.';
    if (new TextEncoder().encode(draft.text).byteLength > maxSecretBytes) {
      return `The text is too long: at most ${sizeText(maxSecretBytes)}.`;
    }
    return undefined;
  }
  if (!draft.file) return 'Choose the file to send.';
  if (draft.file.size === 0) return 'The file is empty.';
  if (draft.file.size > maxFileBytes) {
    return `The file is ${sizeText(draft.file.size)}: at most ${sizeText(maxFileBytes)} can be sent.`;
  }
  return undefined;
}

export async function contentOf(draft: SecretDraft): Promise<SecretContent> {
  if (draft.kind === 'text') return { kind: 'text', text: draft.text };
  const file = draft.file!;
  return {
    kind: 'file',
    name: file.name,
    type: file.type || 'application/octet-stream',
    bytes: new Uint8Array(await file.arrayBuffer()),
  };
}

/** A link for saving a decrypted file, as an octet stream so the browser never renders it. */
export function fileObjectUrl(content: Extract<SecretContent, { kind: 'file' }>): string {
  return URL.createObjectURL(
    new Blob([content.bytes as Uint8Array<ArrayBuffer>], { type: 'application/octet-stream' }),
  );
}
