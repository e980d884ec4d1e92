// The sign-in mail: a button and the same address as text, the one-time code for signing in on another
// screen (when the mail has one), and the expiry in the reader's time zone.
import { escapeHtml, newTabLink, type Mail } from '../mail/mailer.js';

export function signInMail(input: {
  to: string;
  link: string;
  /** The mail's one-time code: the same secret as the link, to type on the screen that asked for it. */
  code?: string;
  productName: string;
  expiresAt: number;
  timeZone: string | undefined;
}): Mail {
  const expiry = formatExpiry(input.expiresAt, input.timeZone);
  const product = escapeHtml(input.productName);
  const href = escapeHtml(input.link);
  const code = input.code === undefined ? undefined : escapeHtml(input.code);
  return {
    to: input.to,
    subject: `Your sign-in link for ${input.productName}`,
    text: [
      `Sign in to ${input.productName} by opening this link:`,
      '',
      input.link,
      '',
      ...(input.code === undefined
        ? []
        : [
            'Or enter this code on the sign-in screen where you asked for it:',
            '',
            `    ${input.code}`,
            '',
            'Link and code work once, together: using either one ends both.',
          ]),
      `The link works once and expires at ${expiry}.`,
      'If you did not ask to sign in, you can ignore this mail.',
    ].join('\n'),
    html: `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#16191f">
<p>Sign in to ${product} with the button below.</p>
<p><a href="${href}" ${newTabLink} style="display:inline-block;padding:10px 20px;background:#8b0000;color:#ffffff;text-decoration:none;border-radius:4px">Sign in to ${product}</a></p>
<p>Or copy this address into your browser:<br><span style="word-break:break-all">${href}</span></p>
${
  code === undefined
    ? ''
    : `<p>Or enter this code on the sign-in screen where you asked for it:</p>
<p style="font-family:Consolas,Menlo,monospace;font-size:28px;font-weight:bold;letter-spacing:6px">${code}</p>
<p>Link and code work once, together: using either one ends both.</p>
`
}<p>The link works once and expires at ${escapeHtml(expiry)}.<br>If you did not ask to sign in, you can ignore this mail.</p>
</body></html>`,
  };
}

function formatExpiry(expiresAt: number, timeZone: string | undefined): string {
  const options: Intl.DateTimeFormatOptions = {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  };
  try {
    return new Intl.DateTimeFormat('en-GB', { ...options, timeZone: timeZone ?? 'UTC' }).format(expiresAt);
  } catch {
    // An unknown time zone name from the browser must not stop the mail.
    return new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' }).format(expiresAt);
  }
}
