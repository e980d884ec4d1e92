// The invitation mail: who invited the person, to which company, that they accept or decline on Home, and a
// sign-in link. The inviter's name is a plain name (display-name.ts), never a link.
import { escapeHtml, newTabLink, type Mail } from '../mail/mailer.js';

export function invitationMail(input: {
  to: string;
  link: string;
  origin: string;
  productName: string;
  companyName: string;
  invitedBy: string;
  lifetimeMinutes: number;
  /** How long the invitation waits for an answer. */
  invitationDays: number;
}): Mail {
  const product = escapeHtml(input.productName);
  const company = escapeHtml(input.companyName);
  const href = escapeHtml(input.link);
  return {
    to: input.to,
    subject: `${input.companyName} invited you to ${input.productName}`,
    text: [
      `${input.invitedBy} invited you to join ${input.companyName} on ${input.productName}.`,
      '',
      `Sign in, then accept or decline the invitation on your Home page. You join ${input.companyName} only if you accept; the invitation waits ${input.invitationDays} days for your answer.`,
      '',
      'Sign in by opening this link:',
      input.link,
      '',
      `The link works once, for ${input.lifetimeMinutes} minutes. Later, sign in at ${input.origin} with this e-mail address: no password is needed.`,
    ].join('\n'),
    html: `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#16191f">
<p>${escapeHtml(input.invitedBy)} invited you to join <strong>${company}</strong> on ${product}.</p>
<p>Sign in, then accept or decline the invitation on your Home page. You join ${company} only if you accept; the invitation waits ${input.invitationDays} days for your answer.</p>
<p><a href="${href}" ${newTabLink} style="display:inline-block;padding:10px 20px;background:#8b0000;color:#ffffff;text-decoration:none;border-radius:4px">Sign in to ${product}</a></p>
<p>Or copy this address into your browser:<br><span style="word-break:break-all">${href}</span></p>
<p>The link works once, for ${input.lifetimeMinutes} minutes. Later, sign in at <a href="${escapeHtml(input.origin)}" ${newTabLink}>${escapeHtml(input.origin)}</a> with this e-mail address: no password is needed.</p>
</body></html>`,
  };
}
