// The report worker: runs the report queue's work (an SQS FIFO queue: exports of findings, notification mails
// when findings are published, the remediation loop's mails, each company's weekly digest, the mails of comments
// on findings) and the daily and weekly schedules (EventBridge), and removes claimed vault files (the vault cleanup
// queue, whose delivery is delayed past their download links). Its
// own function, apart from the import worker, for the PDF and XLSX libraries' weight (see
// kernel/exports/report-queue.ts). Work that crashes is a batch item failure, delivered again by the queue and,
// after its last try, to the dead-letter queue; locally `npm start` delivers the same events to this same handler.
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { failFindingExport, runFindingExport } from '../kernel/exports/export-run.js';
import { parseReportWork, type ReportWork } from '../kernel/exports/report-queue.js';
import { logger } from '../kernel/logger.js';
import { runFifoBatch } from '../kernel/queues/fifo-batch.js';
import { observedHandler } from '../kernel/observability/observed-handler.js';
import {
  companyOfWork,
  deliverNotifications,
  startDailyDigests,
} from '../kernel/notifications/notification-delivery.js';
import {
  sendWeeklyDigests,
  startWeeklyDigests,
  weeklyDigestOfWork,
} from '../kernel/notifications/weekly-digest-delivery.js';
import { deleteVaultObject } from '../kernel/vault/vault-objects.js';
import { commentOfWork } from '../kernel/notifications/comment-notice.js';
import { deliverCommentMail } from '../kernel/notifications/comment-delivery.js';
import { deliverReviewNotice } from '../kernel/notifications/review-mail-delivery.js';
import { reviewNoticeOfWork } from '../kernel/notifications/review-notice.js';

/** The queue's maxReceiveCount (infra): the try after which a message goes to the dead-letter queue. */
export const reportMaxReceives = 3;

const exportCrashedMessage =
  'The export stopped three times on an error of ours; the operators have been alerted. Try again later.';

async function run(work: ReportWork): Promise<void> {
  if (work.kind === 'export') await runFindingExport(work.id);
  if (work.kind === 'vaultObject') await deleteVaultObject(work.id);
  if (work.kind === 'notify') await deliverNotifications(companyOfWork(work.id), 'immediate');
  if (work.kind === 'digest') await deliverNotifications(companyOfWork(work.id), 'daily');
  if (work.kind === 'commentMail') {
    const comment = commentOfWork(work.id);
    if (comment) await deliverCommentMail(comment);
  }
  if (work.kind === 'reviewNotice') {
    const { slug, key } = reviewNoticeOfWork(work.id);
    await deliverReviewNotice(slug, key);
  }
  if (work.kind === 'weeklyDigest') {
    const { slug, at } = weeklyDigestOfWork(work.id);
    await sendWeeklyDigests(slug, at);
  }
}

/** The daily schedule's event (infra/constructs/reports.ts; locally the stand-in of `npm start`). */
export interface DailyDigestEvent {
  digest: 'daily';
}

/**
 * The weekly schedule's event (infra/constructs/reports.ts; locally `npm run digest`). `at`, the run's time in ms,
 * is for a script or test that runs a given week; the schedule leaves it out (the time of the run).
 */
export interface WeeklyDigestEvent {
  digest: 'weekly';
  at?: number;
}

type ScheduleEvent = DailyDigestEvent | WeeklyDigestEvent;

const isSchedule = (event: SQSEvent | ScheduleEvent): event is ScheduleEvent =>
  (event as ScheduleEvent).digest === 'daily' || (event as ScheduleEvent).digest === 'weekly';

export const handler = observedHandler(
  'reportWork',
  async (event: SQSEvent | ScheduleEvent): Promise<SQSBatchResponse> => {
    if (isSchedule(event) && event.digest === 'daily') {
      // One digest message per company with a daily rule: each runs (and is retried) on its own.
      const companies = await startDailyDigests();
      logger.info('Daily digests queued', { companies });
      return { batchItemFailures: [] };
    }
    if (isSchedule(event)) {
      // One weekly digest message per company with subscribers, all for the same run time.
      const at = typeof event.at === 'number' && Number.isFinite(event.at) ? event.at : Date.now();
      const companies = await startWeeklyDigests(at);
      logger.info('Weekly digests queued', { companies });
      return { batchItemFailures: [] };
    }
    return runFifoBatch(event.Records, runRecord);
  },
);

/** Runs one message's work; true when it crashed (the queue delivers it again). */
async function runRecord(record: SQSRecord): Promise<boolean> {
  const work = parseReportWork(record.body);
  if (!work) {
    logger.error('Report message without work: dropped', { messageId: record.messageId });
    return false;
  }
  try {
    await run(work);
  } catch (error) {
    const receives = Number(record.attributes.ApproximateReceiveCount ?? '1');
    const last = receives >= reportMaxReceives;
    logger.error(
      last ? 'Report work crashed on its last try' : 'Report work crashed; the queue will deliver it again',
      {
        kind: work.kind,
        id: work.id,
        receives,
        error: (error as Error).name,
      },
    );
    if (last && work.kind === 'export') await failFindingExport(work.id, exportCrashedMessage).catch(() => undefined);
    return true;
  }
  return false;
}
