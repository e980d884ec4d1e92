// The addresses of vault links: /vault/s/{id}#k={key} for a share, /vault/r/{id}#fp={fingerprint} for a
// request. The fragment never reaches a server; the page reads it once and drops it from the address bar.

export type VaultAddress =
  | { kind: 'share'; linkId: string; key?: string }
  | { kind: 'request'; linkId: string; fingerprint?: string }
  | { kind: 'unknown' };

const linkIdPattern = /^[A-Za-z0-9_-]{22}$/;

export function shareLinkUrl(origin: string, linkId: string, key?: string): string {
  return `${origin}/vault/s/${linkId}${key ? `#k=${key}` : ''}`;
}

export function requestLinkUrl(origin: string, linkId: string, fingerprint: string): string {
  return `${origin}/vault/r/${linkId}#fp=${fingerprint}`;
}

/** What a vault address names; a key or fingerprint that is there but malformed is kept, to be refused later. */
export function parseVaultAddress(pathname: string, hash: string): VaultAddress {
  const match = /^\/vault\/([sr])\/([^/]*)\/?$/.exec(pathname);
  if (!match || !linkIdPattern.test(match[2] ?? '')) return { kind: 'unknown' };
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const linkId = match[2]!;
  if (match[1] === 's') return { kind: 'share', linkId, key: fragment.get('k') ?? undefined };
  return { kind: 'request', linkId, fingerprint: fragment.get('fp') ?? undefined };
}
