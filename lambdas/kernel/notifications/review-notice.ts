// What a step of the remediation loop does for its mail, besides the notice item of its transaction
// (data/entities/review-notices.ts): queue the notice's delivery on the report queue (review-mail-delivery.ts, run by
// the report worker), so the call answers as fast as before and carries neither the mailer nor the recipients' reads.
import { readConfig } from '../config.js';
import { queueReportWork } from '../exports/report-queue.js';
import { logger } from '../logger.js';
import { notificationGroupOf } from './published-notice.js';

/** The notice of a report message's id (`<slug>/<notice key>`). */
export function reviewNoticeOfWork(id: string): { slug: string; key: string } {
  const cut = id.indexOf('/');
  return { slug: id.slice(0, cut), key: id.slice(cut + 1) };
}

/**
 * After the step's transaction: queue its mail, in the company's notification message group. A queue that cannot be
 * reached loses the mail only (the step itself is done, and its history and queue show it), which is logged.
 */
export async function queueReviewNotice(slug: string, key: string): Promise<void> {
  if (!readConfig().REPORT_QUEUE_URL) return;
  try {
    await queueReportWork({ kind: 'reviewNotice', id: `${slug}/${key}` }, notificationGroupOf(slug));
  } catch (error) {
    logger.warn('Could not queue the mail of a review step', { slug, error: (error as Error).name });
  }
}
