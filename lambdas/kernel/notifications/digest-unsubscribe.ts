// The weekly digest's unsubscribe link (RFC 8058's one-click pattern): `/api/digest/unsubscribe/<token>`, where the
// token names one user and one company and is signed (HMAC-SHA-256) with a key derived from the sign-in secret.
// It carries nothing else and never expires: all it can ever do is turn that user's weekly digest of that company
// off, which Settings turns on again. A GET (a person, or a mail scanner fetching links) only shows a page with the
// button; the POST (the button, or the mail reader's List-Unsubscribe-Post) turns the digest off. A forged or
// damaged token changes nothing and is answered with a page that says so.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { getCompanyRecord } from '../companies/company-records.js';
import { removeWeeklyDigest } from '../data/entities/weekly-digests.js';
import { escapeHtml } from '../mail/mailer.js';
import { signInSecret } from '../sign-in/sign-in-secret.js';

const tokenVersion = 'wd1';

/** Its own key, so a token of this link is never a valid MAC of anything else signed with the sign-in secret. */
async function unsubscribeKey(): Promise<Buffer> {
  return createHmac('sha256', await signInSecret())
    .update('weekly-digest-unsubscribe')
    .digest();
}

const macOf = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest();

export async function unsubscribeToken(uid: string, slug: string): Promise<string> {
  const payload = Buffer.from([tokenVersion, uid, slug].join('\n')).toString('base64url');
  return `${payload}.${macOf(await unsubscribeKey(), payload).toString('base64url')}`;
}

/** The user and company a token names, or undefined when it is not one the portal signed. */
export async function readUnsubscribeToken(token: string): Promise<{ uid: string; slug: string } | undefined> {
  const [payload, mac, ...rest] = token.split('.');
  if (!payload || !mac || rest.length > 0 || token.length > 512) return undefined;
  // Compared as text: base64url's last character carries spare bits, so decoding would let two spellings pass.
  const expected = Buffer.from(macOf(await unsubscribeKey(), payload).toString('base64url'));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const [version, uid, slug, ...extra] = Buffer.from(payload, 'base64url').toString().split('\n');
  if (version !== tokenVersion || !uid || !slug || extra.length > 0) return undefined;
  return { uid, slug };
}

export function unsubscribeUrl(portalUrl: string, token: string): string {
  return `${portalUrl.replace(/\/+$/, '')}/api/digest/unsubscribe/${token}`;
}

/** An answer of the link: a status and a small HTML page (no script, no style: the API's CSP allows neither). */
export interface UnsubscribePage {
  statusCode: number;
  html: string;
}

const page = (statusCode: number, title: string, body: string): UnsubscribePage => ({
  statusCode,
  html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
});

const invalidLink = () =>
  page(
    400,
    'This unsubscribe link is not valid',
    '<p>The link is damaged or was not made by the portal, so nothing was changed. Copy the whole link from the mail, or turn the weekly digest off in your settings.</p>',
  );

async function companyNameOf(slug: string): Promise<string> {
  return (await getCompanyRecord(slug))?.companyName ?? slug;
}

/** The GET: what the link would do, and the button that does it. Changes nothing. */
export async function unsubscribeConfirmation(token: string): Promise<UnsubscribePage> {
  const named = await readUnsubscribeToken(token);
  if (!named) return invalidLink();
  const companyName = await companyNameOf(named.slug);
  return page(
    200,
    'Unsubscribe from the weekly digest',
    `<p>Stop the weekly digest mail of ${escapeHtml(companyName)}? Other mail of the portal is not affected.</p>` +
      `<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
  );
}

/** The POST: turns the named user's weekly digest of the named company off. */
export async function unsubscribeByLink(token: string): Promise<UnsubscribePage> {
  const named = await readUnsubscribeToken(token);
  if (!named) return invalidLink();
  await removeWeeklyDigest(named.slug, named.uid);
  const companyName = await companyNameOf(named.slug);
  return page(
    200,
    'You are unsubscribed',
    `<p>You will no longer get the weekly digest of ${escapeHtml(companyName)}. You can turn it on again in your settings.</p>`,
  );
}
