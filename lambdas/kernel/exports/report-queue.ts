// The report queue: exports of findings, the notification digests, the weekly digests, the remediation loop's mails
// and the mails of comments on findings, run by the report worker (lambdas/reports). A queue and function of their
// own rather than the import worker's: the PDF and XLSX libraries would put the import function past its bundle
// budget and slow every import's cold start, and a long PDF must not hold up a service's imports in their FIFO group.
import { createHash } from 'node:crypto';
import { readConfig } from '../config.js';
import { sendFifoMessage } from '../queues/send-message.js';

export type ReportWork =
  | { kind: 'export'; id: string }
  /** Findings of a company were published: send the "at once" notifications due. */
  | { kind: 'notify'; id: string }
  /** The daily digest run (the schedule, or a script). */
  | { kind: 'digest'; id: string }
  /** One company's weekly digest (`<slug>/<run time>`: the schedule's run, or `npm run digest`). */
  | { kind: 'weeklyDigest'; id: string }
  /** A comment on a finding to mail to the other side (`<slug>/<service>/<findingId>/<commentId>`). */
  | { kind: 'commentMail'; id: string }
  /** A step of the remediation loop to mail (`<slug>/<notice key>`, notifications/review-mail-delivery.ts). */
  | { kind: 'reviewNotice'; id: string }
  /** A claimed vault file to remove (from the vault cleanup queue, kernel/vault/vault-objects.ts). */
  | { kind: 'vaultObject'; id: string };

/** SQS takes deduplication ids of at most 128 characters: a longer one is replaced by its SHA-256. */
function deduplicationIdOf(work: ReportWork): string {
  const id = `${work.kind}-${work.id}`;
  return id.length <= 128 ? id : createHash('sha256').update(id, 'utf8').digest('hex');
}

/** Queues work once: the same kind and id again within five minutes queues nothing more. */
export async function queueReportWork(work: ReportWork, group: string): Promise<void> {
  const queueUrl = readConfig().REPORT_QUEUE_URL;
  if (!queueUrl) throw new Error('REPORT_QUEUE_URL is not configured');
  await sendFifoMessage(queueUrl, {
    body: JSON.stringify(work),
    groupId: group,
    deduplicationId: deduplicationIdOf(work),
  });
}

export function parseReportWork(body: string): ReportWork | undefined {
  try {
    const parsed = JSON.parse(body) as Record<string, unknown>;
    const kind = parsed.kind;
    if (
      (kind === 'export' ||
        kind === 'notify' ||
        kind === 'digest' ||
        kind === 'weeklyDigest' ||
        kind === 'commentMail' ||
        kind === 'reviewNotice' ||
        kind === 'vaultObject') &&
      typeof parsed.id === 'string'
    ) {
      return { kind, id: parsed.id };
    }
    return undefined;
  } catch {
    return undefined;
  }
}
