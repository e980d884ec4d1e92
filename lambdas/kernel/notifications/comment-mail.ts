// The mail of a comment on a finding to the other side of its conversation: who wrote, on which finding of which
// company, a short excerpt of the text (a mailbox is a weaker place than the portal: the whole conversation stays
// there), and a link to the finding — the customer report's detail for the company's people, the service page for
// analysts. Plain text in both parts; nothing of the author but the name the conversation shows.
import type { ServiceName } from '../access/rules.js';
import { escapeHtml, newTabLink, type Mail } from '../mail/mailer.js';
import type { CommentSide } from '../../contracts/finding-comments.js';
import { findingLink, serviceTitles } from './notification-mail.js';

/** Characters of the comment a mail quotes at most. */
export const excerptLength = 300;

/** The comment's first characters, its whitespace folded, cut at a word when it is longer. */
export function commentExcerpt(body: string, length = excerptLength): string {
  const folded = body.replace(/\s+/g, ' ').trim();
  if (folded.length <= length) return folded;
  const cut = folded.slice(0, length);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > length / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}

const analystPaths: Record<ServiceName, string> = {
  projectmariana: 'projectmariana',
  password_cracking: 'password-cracking',
  dast: 'dast',
  network: 'network',
  cloud: 'cloud',
};

/** The finding on the analysts' service page (of the company they select). */
export function analystFindingLink(portalUrl: string, service: ServiceName, findingId: string): string {
  return `${portalUrl.replace(/\/+$/, '')}/analyst/services/${analystPaths[service]}?finding=${encodeURIComponent(findingId)}`;
}

export function commentMail(input: {
  to: string;
  /** The recipient's side: it decides the link. */
  recipientSide: CommentSide;
  portalUrl: string;
  productName: string;
  companyName: string;
  service: ServiceName;
  findingId: string;
  findingTitle: string;
  authorName: string;
  authorSide: CommentSide;
  body: string;
}): Mail {
  const who =
    input.authorSide === 'analyst' ? `${input.authorName} (analyst)` : `${input.authorName} (${input.companyName})`;
  const subject = `${input.authorName} commented on “${input.findingTitle}” (${input.companyName})`;
  const link =
    input.recipientSide === 'customer'
      ? findingLink(input.portalUrl, { service: input.service, findingId: input.findingId })
      : analystFindingLink(input.portalUrl, input.service, input.findingId);
  const where = `${serviceTitles[input.service]} finding “${input.findingTitle}” of ${input.companyName}`;
  const excerpt = commentExcerpt(input.body);
  const open =
    input.recipientSide === 'customer'
      ? 'Read the conversation and answer in the portal'
      : `Read the conversation and answer in the portal (with ${input.companyName} selected)`;
  const why = `You receive this because you take part in this finding's work on ${input.productName}.`;
  const text = [`${who} commented on the ${where}:`, '', `  ${excerpt}`, '', `${open}:`, link, '', why].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#16191f">
<p>${escapeHtml(who)} commented on the ${escapeHtml(where)}:</p>
<blockquote style="margin:0 0 16px;padding:4px 12px;border-left:3px solid #d1d5db">${escapeHtml(excerpt)}</blockquote>
<p><a href="${escapeHtml(link)}" ${newTabLink}>${escapeHtml(open)}</a></p>
<p style="color:#5f6b7a;font-size:12px">${escapeHtml(why)}</p>
</body></html>`;
  return { to: input.to, subject, text, html };
}
