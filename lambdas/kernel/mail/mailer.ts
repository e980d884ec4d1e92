// Sends mail through SES (the SES emulator on the local stack). Every mail has an HTML and a text part. A mail with
// headers of its own (the weekly digest's List-Unsubscribe) goes through SES API v2's SendEmail, whose simple
// content takes headers (API v1's SendEmail takes none); the same IAM action (ses:SendEmail) allows both.
import { sesRequest, sesV2SendEmail } from './ses-request.js';
import { senderFor, type MailKind } from './mail-settings.js';

export interface Mail {
  to: string;
  replyTo?: string;
  subject: string;
  html: string;
  text: string;
  /** Which sender the mail settings choose (/admin/keys_email); none: MAIL_FROM. */
  kind?: MailKind;
  /** Headers of the mail's own, e.g. List-Unsubscribe (sent through SES API v2). */
  headers?: Array<{ name: string; value: string }>;
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
  if (mail.headers?.length) {
    await sesV2SendEmail({
      FromEmailAddress: source,
      Destination: { ToAddresses: [mail.to] },
      ...(mail.replyTo ? { ReplyToAddresses: [mail.replyTo] } : {}),
      Content: {
        Simple: {
          Subject: { Data: mail.subject, Charset: 'UTF-8' },
          Body: {
            Html: { Data: mail.html, Charset: 'UTF-8' },
            Text: { Data: mail.text, Charset: 'UTF-8' },
          },
          Headers: mail.headers.map(({ name, value }) => ({ Name: name, Value: value })),
        },
      },
    });
    return;
  }
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
