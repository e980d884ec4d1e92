// Delivery of a comment's mails, by the report worker (a `commentMail` message, comment-notice.ts). The comment, its
// finding, the company and the conversation are read again at send time, and the recipients decided then
// (comment-recipients.ts). Safe to retry: each mail is claimed per comment and recipient before it goes, so a
// redelivered message sends nothing twice; a mail the provider refuses gives its claim back and fails the message,
// which the queue delivers again.
import { services, type ServiceName } from '../access/rules.js';
import { readConfig } from '../config.js';
import {
  claimCommentMail,
  conversationComments,
  getComment,
  releaseCommentMail,
} from '../data/entities/finding-comments.js';
import { readFindingAndCompany, shownFindingTitle } from '../findings/finding-comments.js';
import { sendMail } from '../mail/mailer.js';
import { commentMail } from './comment-mail.js';
import type { CommentRef } from './comment-notice.js';
import { commentRecipients } from './comment-recipients.js';
import { portalUrlOf } from './notification-mail.js';

/** Sends the comment's mails; answers how many were sent. */
export async function deliverCommentMail(ref: CommentRef): Promise<{ mails: number }> {
  if (!(services as readonly string[]).includes(ref.service)) return { mails: 0 };
  const service = ref.service as ServiceName;
  const where = { slug: ref.slug, service, findingId: ref.findingId };
  const [comment, { finding, company }] = await Promise.all([
    getComment(ref.slug, service, ref.findingId, ref.commentId),
    readFindingAndCompany(where),
  ]);
  if (!comment || !finding || !company) return { mails: 0 };
  const comments = await conversationComments(ref.slug, service, ref.findingId);
  const recipients = await commentRecipients({ slug: ref.slug, service, company }, finding, comments, comment);
  const config = readConfig();
  let mails = 0;
  for (const person of recipients) {
    if (!(await claimCommentMail(ref.slug, comment.commentId, person.uid))) continue;
    try {
      await sendMail({
        kind: 'notification',
        ...commentMail({
          to: person.email,
          recipientSide: comment.side === 'customer' ? 'analyst' : 'customer',
          portalUrl: portalUrlOf(config),
          productName: config.PRODUCT_NAME,
          companyName: company.companyName,
          service,
          findingId: ref.findingId,
          findingTitle: shownFindingTitle(finding),
          authorName: comment.authorName,
          authorSide: comment.side,
          body: comment.body,
        }),
      });
      mails += 1;
    } catch (error) {
      await releaseCommentMail(ref.slug, comment.commentId, person.uid);
      throw error;
    }
  }
  return { mails };
}
