// What a comment on a finding does for the other side, after its transaction: queue its mail (comment-delivery.ts,
// run by the report worker), in the company's notification group, so the API carries neither the mailer nor the
// recipients' reads. The message names the comment only; the worker reads it again.
import { readConfig } from '../config.js';
import { queueReportWork } from '../exports/report-queue.js';
import { logger } from '../logger.js';
import { notificationGroupOf } from './published-notice.js';

export interface CommentRef {
  slug: string;
  service: string;
  findingId: string;
  commentId: string;
}

export const commentWorkId = (ref: CommentRef) => [ref.slug, ref.service, ref.findingId, ref.commentId].join('/');

export function commentOfWork(id: string): CommentRef | undefined {
  const [slug, service, findingId, commentId, ...rest] = id.split('/');
  if (!slug || !service || !findingId || !commentId || rest.length > 0) return undefined;
  return { slug, service, findingId, commentId };
}

/**
 * Queues the comment's mail. A queue that cannot be reached loses that mail only: the comment is stored and shown
 * in the portal, and the failure is logged for the operators.
 */
export async function queueCommentNotice(ref: CommentRef): Promise<void> {
  if (!readConfig().REPORT_QUEUE_URL) return;
  try {
    await queueReportWork({ kind: 'commentMail', id: commentWorkId(ref) }, notificationGroupOf(ref.slug));
  } catch (error) {
    logger.warn('Could not queue the mail of a comment on a finding', {
      slug: ref.slug,
      commentId: ref.commentId,
      error: (error as Error).name,
    });
  }
}
