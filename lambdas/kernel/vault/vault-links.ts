// Vault links, the server's side: it stores ciphertext and public keys, never a key or a plaintext. A share
// link is consumed only by a claim that presents the verifier its key derives (a wrong or damaged key consumes
// nothing); a request link takes one reply and gives it only to the analyst who asked. Every event goes to
// the audit log with a keyed hash of the client's address. Expiry is checked here; TTL only tidies up.
import { createHash, randomBytes, webcrypto } from 'node:crypto';
import type { Caller } from '../access/caller.js';
import { canAccessCompany, menuLevels } from '../access/rules.js';
import type { RequestInfo } from '../call.js';
import { getCompanyRecord } from '../companies/company-records.js';
import { readConfig } from '../config.js';
import {
  fulfilRequest,
  getVaultLinkItem,
  listVaultEvents as listVaultEventItems,
  listVaultLinksOf,
  markCollected,
  putNewVaultLink,
  putVaultEvent,
  revokeVaultLinkItem,
  takeShareView,
  type VaultEventItem,
  type VaultEventType,
  type VaultLinkItem,
} from '../data/entities/vault-links.js';
import { CallError, ConflictError, InvalidArgumentError, NotFoundError, PermissionDeniedError } from '../errors.js';
import { logger } from '../logger.js';
import { escapeHtml, sendMail } from '../mail/mailer.js';
import { countSignInRequest } from '../sign-in/ip-throttle.js';
import { keyFor } from '../sign-in/link-token.js';
import { signInSecret } from '../sign-in/sign-in-secret.js';
import {
  deleteVaultObject,
  maxVaultObjectBytes,
  presignVaultDownload,
  presignVaultUpload,
  queueVaultObjectRemoval,
  vaultObjectKey,
} from './vault-objects.js';

/** The expiry choices of the issue, in milliseconds. */
export const vaultExpiries = { '1h': 3600_000, '1d': 86_400_000, '7d': 7 * 86_400_000 } as const;
export type VaultExpiry = keyof typeof vaultExpiries;
export const maxVaultViews = 10;
/** Ciphertext kept inline in DynamoDB (the item limit is 400 KB). */
export const maxInlineCiphertextBytes = 300 * 1024;

export type VaultLinkStatus = 'waiting' | 'opened' | 'fulfilled' | 'collected' | 'expired' | 'revoked';

/** Why a link cannot be used, for the page to say in its own words. */
export type VaultUnavailableReason = 'opened' | 'expired' | 'revoked' | 'fulfilled' | 'collected' | 'broken' | 'busy';

/** A link that exists but cannot be used (any more): NOT_FOUND with the reason in details. */
export class VaultLinkUnavailableError extends CallError {
  constructor(message: string, reason: VaultUnavailableReason) {
    super('NOT_FOUND', message, { reason });
  }
}

const unknownLinkMessage = 'This link does not exist, or it is gone.';
export const unavailableMessages: Record<Exclude<VaultUnavailableReason, 'broken' | 'busy'>, string> = {
  opened: 'This secret was already opened. It is gone for good; ask the sender for a new link if you need it.',
  expired: 'This link has expired. Ask the sender for a new one.',
  revoked: 'The sender withdrew this link.',
  fulfilled: 'This request was already answered.',
  collected: 'This request was already answered.',
};
export const brokenLinkMessage =
  'This link is broken: the key in it is damaged or wrong. Nothing was opened; check that you copied the whole link.';

export function newVaultLinkId(): string {
  return randomBytes(16).toString('base64url');
}

export function statusOf(link: VaultLinkItem, now: number): VaultLinkStatus {
  if (link.revokedAt !== undefined) return 'revoked';
  if (link.kind === 'share') {
    if (link.viewsLeft === 0) return 'opened';
    if (link.expiresAt <= now) return 'expired';
    return link.viewsLeft !== undefined && link.maxViews !== undefined && link.viewsLeft < link.maxViews
      ? 'opened'
      : 'waiting';
  }
  if (link.requestState === 'collected') return 'collected';
  if (link.requestState === 'fulfilled') return 'fulfilled';
  return link.expiresAt <= now ? 'expired' : 'waiting';
}

/** Whether a share can still be revealed, or a request still answered. */
function usable(link: VaultLinkItem, now: number): boolean {
  if (link.revokedAt !== undefined || link.expiresAt <= now) return false;
  return link.kind === 'share'
    ? (link.viewsLeft ?? 0) > 0 && (link.ciphertext !== undefined || link.objectKey !== undefined)
    : link.requestState === 'waiting';
}

function unavailable(link: VaultLinkItem, now: number): VaultLinkUnavailableError {
  const status = statusOf(link, now);
  const reason = status === 'waiting' ? 'expired' : status;
  return new VaultLinkUnavailableError(unavailableMessages[reason], reason);
}

export function sha256Hex(value: string | Uint8Array): string {
  return createHash('sha256').update(value).digest('hex');
}

async function addressKey(request: RequestInfo): Promise<string> {
  return keyFor(await signInSecret(), 'ip', await request.clientAddress());
}

/** The public vault calls are throttled per client address, with the sign-in links' counter (its own key). */
async function throttle(request: RequestInfo, now: number): Promise<string> {
  const key = await addressKey(request);
  const config = readConfig();
  await countSignInRequest({
    subjectKey: `vault:${key}`,
    now,
    limit: config.VAULT_IP_LIMIT,
    windowSeconds: config.VAULT_IP_WINDOW_SECONDS,
    message: 'Too many vault requests from your network. Please try again in a few minutes.',
  });
  return key;
}

function eventOf(
  link: Pick<VaultLinkItem, 'linkId' | 'kind' | 'companySlug'>,
  event: VaultEventType,
  at: number,
  addressKey: string,
  extra: Partial<Pick<VaultEventItem, 'actorSub' | 'size'>> = {},
): VaultEventItem {
  return {
    linkId: link.linkId,
    kind: link.kind,
    event,
    at,
    id: randomBytes(6).toString('base64url'),
    addressKey,
    ...(link.companySlug ? { companySlug: link.companySlug } : {}),
    ...extra,
  };
}

async function checkCompany(caller: Caller, companySlug: string | undefined): Promise<void> {
  if (companySlug === undefined) return;
  if (!canAccessCompany(caller.access, companySlug, menuLevels.vaultLinks) || !(await getCompanyRecord(companySlug))) {
    throw new PermissionDeniedError('You do not have access to this company.');
  }
}

/** A row of the analyst's list: never the ciphertext, the reply or a key. */
export interface VaultLinkRow {
  linkId: string;
  kind: 'share' | 'request';
  status: VaultLinkStatus;
  companySlug?: string;
  label?: string;
  createdAt: number;
  expiresAt: number;
  maxViews?: number;
  viewsLeft?: number;
  size?: number;
  lastViewedAt?: number;
  fulfilledAt?: number;
  collectedAt?: number;
  revokedAt?: number;
}

export function rowOf(link: VaultLinkItem, now: number): VaultLinkRow {
  return {
    linkId: link.linkId,
    kind: link.kind,
    status: statusOf(link, now),
    companySlug: link.companySlug,
    label: link.label,
    createdAt: link.createdAt,
    expiresAt: link.expiresAt,
    maxViews: link.maxViews,
    viewsLeft: link.viewsLeft,
    size: link.size,
    lastViewedAt: link.lastViewedAt,
    fulfilledAt: link.fulfilledAt,
    collectedAt: link.collectedAt,
    revokedAt: link.revokedAt,
  };
}

/** Where a new share link's ciphertext goes: inline (up to 300 KB), or the bucket (larger files). */
export type ShareCiphertext = { inline: Uint8Array } | { objectSize: number };

export async function createShareLink(
  caller: Caller,
  input: {
    ciphertext: ShareCiphertext;
    verifierHash: string;
    expiresIn: VaultExpiry;
    maxViews: number;
    companySlug?: string;
    label?: string;
  },
  request: RequestInfo,
): Promise<{ linkId: string; expiresAt: number; upload?: { url: string; fields: Record<string, string> } }> {
  const sealed = input.ciphertext;
  if ('inline' in sealed && sealed.inline.byteLength > maxInlineCiphertextBytes) {
    throw new InvalidArgumentError(
      `ciphertext: must be at most ${maxInlineCiphertextBytes} bytes (300 KB); send ciphertextSize and upload larger ones`,
    );
  }
  if (
    'objectSize' in sealed &&
    (sealed.objectSize <= maxInlineCiphertextBytes || sealed.objectSize > maxVaultObjectBytes)
  ) {
    throw new InvalidArgumentError(
      `ciphertextSize: must be over ${maxInlineCiphertextBytes} bytes (smaller secrets go inline as ciphertext) ` +
        `and at most ${maxVaultObjectBytes} bytes (a 10 MB file)`,
    );
  }
  await checkCompany(caller, input.companySlug);
  const now = Date.now();
  const linkId = newVaultLinkId();
  const size = 'inline' in sealed ? sealed.inline.byteLength : sealed.objectSize;
  const link: VaultLinkItem = {
    linkId,
    kind: 'share',
    createdBySub: caller.uid,
    createdByEmail: caller.email,
    ...(input.companySlug ? { companySlug: input.companySlug } : {}),
    ...(input.label ? { label: input.label } : {}),
    createdAt: now,
    expiresAt: now + vaultExpiries[input.expiresIn],
    verifierHash: input.verifierHash,
    maxViews: input.maxViews,
    viewsLeft: input.maxViews,
    ...('inline' in sealed ? { ciphertext: sealed.inline } : { objectKey: vaultObjectKey(linkId) }),
    size,
  };
  // The upload's policy first: nothing is stored when the bucket cannot be reached.
  const upload = 'objectSize' in sealed ? await presignVaultUpload(linkId, sealed.objectSize) : undefined;
  await putNewVaultLink(link, eventOf(link, 'created', now, await addressKey(request), { actorSub: caller.uid, size }));
  return { linkId, expiresAt: link.expiresAt, ...(upload ? { upload } : {}) };
}

/** What the landing page of a link may know before anything is consumed. */
export interface VaultLanding {
  kind: 'share' | 'request';
  status: VaultLinkStatus;
  available: boolean;
  expiresAt: number;
  /** Share links: views left. */
  viewsLeft?: number;
  /** Request links: the question and the analyst's public key. */
  label?: string;
  publicKey?: string;
}

/** The landing: reads the link and records that it was viewed. Consumes nothing. */
export async function viewVaultLanding(linkId: string, request: RequestInfo): Promise<VaultLanding> {
  const now = Date.now();
  const address = await throttle(request, now);
  const link = await getVaultLinkItem(linkId);
  if (!link) throw new NotFoundError(unknownLinkMessage);
  const available = usable(link, now);
  const status = statusOf(link, now);
  await putVaultEvent(eventOf(link, status === 'expired' ? 'expired' : 'landing_viewed', now, address));
  return {
    kind: link.kind,
    status,
    available,
    expiresAt: link.expiresAt,
    ...(link.kind === 'share' ? { viewsLeft: link.viewsLeft } : {}),
    ...(link.kind === 'request' && available ? { label: link.label, publicKey: link.publicKey } : {}),
  };
}

/** Reveal: one view of a share link for the holder of its key, or nothing consumed. */
export async function claimShareLink(
  input: { linkId: string; verifier: string },
  request: RequestInfo,
): Promise<
  { ciphertext: Uint8Array; viewsLeft: number } | { download: { url: string; size: number }; viewsLeft: number }
> {
  const now = Date.now();
  const address = await throttle(request, now);
  const link = await getVaultLinkItem(input.linkId);
  if (!link || link.kind !== 'share') throw new NotFoundError(unknownLinkMessage);
  if (!usable(link, now)) {
    if (link.expiresAt <= now && link.revokedAt === undefined && (link.viewsLeft ?? 0) > 0) {
      await putVaultEvent(eventOf(link, 'expired', now, address));
    }
    throw unavailable(link, now);
  }
  if (sha256Hex(input.verifier) !== link.verifierHash) {
    await putVaultEvent(eventOf(link, 'claim_denied', now, address));
    throw new InvalidArgumentError(brokenLinkMessage, { reason: 'broken' satisfies VaultUnavailableReason });
  }
  // A file's last view: its removal is queued before the view is taken, so no claimed file is left behind. Should
  // the take fail, another opener took that last view, and the file is to go all the same.
  if (link.objectKey !== undefined && link.viewsLeft === 1) await queueVaultObjectRemoval(link.linkId);
  const won = await takeShareView(
    link,
    { verifierHash: link.verifierHash, now },
    eventOf(link, 'revealed', now, address, { size: link.size }),
  );
  if (!won) {
    // Another opener took the view this one read: for the last view, that opener has the secret.
    if (link.viewsLeft === 1) throw new VaultLinkUnavailableError(unavailableMessages.opened, 'opened');
    throw new VaultLinkUnavailableError('Someone opened this link at the same moment; please try again.', 'busy');
  }
  const viewsLeft = (link.viewsLeft ?? 1) - 1;
  if (link.ciphertext !== undefined) return { ciphertext: link.ciphertext, viewsLeft };
  return { download: { url: await presignVaultDownload(link.linkId), size: link.size ?? 0 }, viewsLeft };
}

export async function listMyVaultLinks(
  caller: Caller,
  page: { cursor?: string; limit: number },
): Promise<{ items: VaultLinkRow[]; nextCursor?: string }> {
  const now = Date.now();
  const { items, nextCursor } = await listVaultLinksOf(caller.uid, page);
  return { items: items.map((link) => rowOf(link, now)), ...(nextCursor ? { nextCursor } : {}) };
}

export async function revokeVaultLink(caller: Caller, linkId: string, request: RequestInfo): Promise<VaultLinkRow> {
  const now = Date.now();
  const link = await getVaultLinkItem(linkId);
  if (!link || link.createdBySub !== caller.uid) throw new NotFoundError('You have no vault link with this id.');
  const status = statusOf(link, now);
  if (status === 'revoked') throw new ConflictError('This link was already revoked.');
  if (status === 'collected' || (link.kind === 'share' && link.viewsLeft === 0)) {
    throw new ConflictError('There is nothing left to revoke: the secret is already gone.');
  }
  const done = await revokeVaultLinkItem(
    linkId,
    caller.uid,
    now,
    eventOf(link, 'revoked', now, await addressKey(request), { actorSub: caller.uid }),
  );
  if (!done)
    throw new ConflictError('The link changed at the same moment (it was opened or answered); reload the list.');
  if (link.objectKey !== undefined) {
    try {
      await deleteVaultObject(link.linkId);
    } catch (error) {
      // The link is revoked (nothing hands out its file any more); the bucket's lifecycle rule removes it.
      logger.error('A revoked vault file could not be deleted at once', {
        requestId: request.requestId,
        errorName: (error as Error).name,
      });
    }
  }
  const { ciphertext: _c, reply: _r, objectKey: _o, ...rest } = link;
  return rowOf({ ...rest, revokedAt: now }, now);
}

export async function listAuditEvents(page: { cursor?: string; limit: number }) {
  const { items, nextCursor } = await listVaultEventItems(page);
  return {
    items: items.map((event) => ({
      linkId: event.linkId,
      kind: event.kind,
      event: event.event,
      at: event.at,
      addressKey: event.addressKey,
      ...(event.actorSub ? { actorSub: event.actorSub } : {}),
      ...(event.companySlug ? { companySlug: event.companySlug } : {}),
      ...(event.size !== undefined ? { size: event.size } : {}),
    })),
    ...(nextCursor ? { nextCursor } : {}),
  };
}

// ---- Request links -------------------------------------------------------------------------------------

/** The fingerprint a request link carries: SHA-256 of the SPKI, base64url, first 22 characters (132 bits). */
export function publicKeyFingerprint(spki: Uint8Array): string {
  return createHash('sha256').update(spki).digest('base64url').slice(0, 22);
}

/** Refuses anything but an ECDH P-256 public key in SPKI form. */
async function assertP256PublicKey(spki: Uint8Array, field: string): Promise<void> {
  try {
    await webcrypto.subtle.importKey('spki', spki, { name: 'ECDH', namedCurve: 'P-256' }, true, []);
  } catch {
    throw new InvalidArgumentError(`${field}: must be an ECDH P-256 public key (SPKI)`);
  }
}

export async function createVaultRequest(
  caller: Caller,
  input: { publicKey: string; label: string; expiresIn: VaultExpiry; companySlug?: string },
  request: RequestInfo,
): Promise<{ linkId: string; expiresAt: number; fingerprint: string }> {
  const spki = Buffer.from(input.publicKey, 'base64url');
  await assertP256PublicKey(spki, 'publicKey');
  await checkCompany(caller, input.companySlug);
  const now = Date.now();
  const link: VaultLinkItem = {
    linkId: newVaultLinkId(),
    kind: 'request',
    createdBySub: caller.uid,
    createdByEmail: caller.email,
    ...(input.companySlug ? { companySlug: input.companySlug } : {}),
    label: input.label,
    createdAt: now,
    expiresAt: now + vaultExpiries[input.expiresIn],
    publicKey: input.publicKey,
    fingerprint: publicKeyFingerprint(spki),
    requestState: 'waiting',
  };
  await putNewVaultLink(link, eventOf(link, 'created', now, await addressKey(request), { actorSub: caller.uid }));
  return { linkId: link.linkId, expiresAt: link.expiresAt, fingerprint: link.fingerprint! };
}

/** The analyst's mail when a request is answered: that it was, never what. */
function fulfilledMail(link: VaultLinkItem, origin: string, productName: string) {
  const page = `${origin}/analyst/vault/request`;
  const label = link.label ?? 'your request';
  return {
    to: link.createdByEmail,
    subject: `${productName}: your vault request was answered`,
    text: `Your vault request "${label}" was answered. Collect the reply in this browser, on the page of your requests: ${page}\n\nThe reply is encrypted to your key; this mail holds none of it.`,
    html: `<p>Your vault request "${escapeHtml(label)}" was answered.</p><p>Collect the reply in the browser that holds its key, on <a href="${escapeHtml(page)}" target="_blank" rel="noopener noreferrer">the page of your requests</a>.</p><p>The reply is encrypted to your key; this mail holds none of it.</p>`,
  };
}

export async function fulfilVaultRequest(
  input: { linkId: string; ephemeralPublicKey: string; ciphertext: Uint8Array },
  request: RequestInfo,
): Promise<{ fulfilledAt: number }> {
  if (input.ciphertext.byteLength > maxInlineCiphertextBytes) {
    throw new InvalidArgumentError(`ciphertext: must be at most ${maxInlineCiphertextBytes} bytes (300 KB)`);
  }
  await assertP256PublicKey(Buffer.from(input.ephemeralPublicKey, 'base64url'), 'ephemeralPublicKey');
  const now = Date.now();
  const address = await throttle(request, now);
  const link = await getVaultLinkItem(input.linkId);
  if (!link || link.kind !== 'request') throw new NotFoundError(unknownLinkMessage);
  if (!usable(link, now)) throw unavailable(link, now);
  const done = await fulfilRequest(
    link.linkId,
    { ephemeralPublicKey: input.ephemeralPublicKey, ciphertext: input.ciphertext },
    now,
    eventOf(link, 'fulfilled', now, address, { size: input.ciphertext.byteLength }),
  );
  if (!done) throw new VaultLinkUnavailableError(unavailableMessages.fulfilled, 'fulfilled');
  const config = readConfig();
  const origin =
    request.origin && config.ALLOWED_ORIGINS.includes(request.origin) ? request.origin : config.ALLOWED_ORIGINS[0];
  try {
    if (origin) await sendMail({ kind: 'notification', ...fulfilledMail(link, origin, config.PRODUCT_NAME) });
  } catch (error) {
    // The reply is stored; the list shows it as fulfilled even when the mail did not go.
    logger.error('Vault request notification was not accepted by the mail provider', {
      requestId: request.requestId,
      errorName: (error as Error).name,
    });
  }
  return { fulfilledAt: now };
}

export async function collectVaultRequest(
  caller: Caller,
  linkId: string,
  request: RequestInfo,
): Promise<{ ephemeralPublicKey: string; ciphertext: Uint8Array; publicKey: string }> {
  const now = Date.now();
  const link = await getVaultLinkItem(linkId);
  if (!link || link.kind !== 'request') throw new NotFoundError('There is no vault request with this id.');
  if (link.createdBySub !== caller.uid) {
    throw new PermissionDeniedError('Only the analyst who made this request can collect its reply.');
  }
  if (link.requestState !== 'fulfilled' || !link.reply || link.revokedAt !== undefined) {
    const status = statusOf(link, now);
    throw new ConflictError(
      status === 'collected'
        ? 'This reply was already collected; it is gone from the server.'
        : `There is no reply to collect: the request is ${status}.`,
    );
  }
  const done = await markCollected(
    linkId,
    caller.uid,
    now,
    eventOf(link, 'collected', now, await addressKey(request), { actorSub: caller.uid, size: link.size }),
  );
  if (!done) throw new ConflictError('This reply was collected or revoked at the same moment.');
  return {
    ephemeralPublicKey: link.reply.ephemeralPublicKey,
    ciphertext: link.reply.ciphertext,
    publicKey: link.publicKey!,
  };
}
