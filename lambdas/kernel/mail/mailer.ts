// Sends mail through SES (the SES emulator on the local stack). Every mail has an HTML and a text part.
import { senderFor, type MailKind } from './mail-settings.js';
import { sesRequest } from './ses-request.js';

export interface Mail {
  to: string;
  replyTo?: string;
  subject: string;
  html: string;
  text: string;
  /** Which sender the mail settings choose (/admin/keys_email); none: MAIL_FROM. */
  kind?: MailKind;
}

/** A lone UTF-16 surrogate (valid in JSON, not in a mail) becomes U+FFFD, or encoding the mail throws. */
function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

export async function sendMail(input: Mail): Promise<void> {
  const mail = {
    ...input,
    subject: wellFormed(input.subject),
    text: wellFormed(input.text),
    html: wellFormed(input.html),
  };
  const source = await senderFor(input.kind);
  await sesRequest('SendEmail', {
    Source: source,
    Destination: { ToAddresses: [mail.to] },
    ...(mail.replyTo ? { ReplyToAddresses: [mail.replyTo] } : {}),
    Message: {
      Subject: { Data: mail.subject, Charset: 'UTF-8' },
      Body: {
        Html: { Data: mail.html, Charset: 'UTF-8' },
        Text: { Data: mail.text, Charset: 'UTF-8' },
      },
    },
  });
}

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => htmlEscapes[character] ?? character);
}

/**
 * Attributes of a link in a mail: a new tab, because mail readers that show HTML in a frame (webmail,
 * the local outbox) would otherwise open the portal inside that frame, which the portal refuses
 * (X-Frame-Options DENY); no opener and no Referer for the page that opens.
 */
export const newTabLink = 'target="_blank" rel="noopener noreferrer"';
