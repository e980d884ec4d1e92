// What publishing a finding does for the notification rules, besides the log item of its transaction: queue the
// delivery (notification-delivery.ts, run by the report worker). Apart from the delivery so the API and the import
// worker, which publish, carry neither the mailer nor the recipients' reads in their bundles.
import { readConfig } from '../config.js';
import { queueReportWork } from '../exports/report-queue.js';
import { logger } from '../logger.js';

/** One FIFO message group per company: its deliveries run one at a time, in order. */
export const notificationGroupOf = (slug: string) => `notify-${slug}`;

/**
 * After an action published findings of the company: queue their delivery. `actionId` names the action (a bulk
 * update's id, a finding and time), so the queue drops only a repeat of the same action. A queue that cannot be
 * reached loses nothing: the log keeps the publications for the next delivery.
 */
export async function queuePublishedNotice(slug: string, actionId: string): Promise<void> {
  if (!readConfig().REPORT_QUEUE_URL) return;
  try {
    await queueReportWork({ kind: 'notify', id: `${slug}/${actionId}` }, notificationGroupOf(slug));
  } catch (error) {
    logger.warn('Could not queue the notification of published findings; the next delivery sends them', {
      slug,
      error: (error as Error).name,
    });
  }
}
