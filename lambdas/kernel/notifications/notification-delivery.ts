// Delivery of notification mails. Publishing a finding writes a log item in the publishing transaction
// itself (`publicationWrite`), and then queues a `notify` message on the report queue (one per action: a bulk
// publish of 200 findings queues one, at its end). The report worker reads the log from where the last delivery of
// that cadence stopped, and sends each recipient one mail for the whole batch: at once for the messages, and for
// the daily digest when the schedule runs. One message group per company keeps its deliveries in order, one at a
// time.
//
// Safe to retry: the batch is recorded before any mail (`pending`), so a retry sends the same batch; each mail is
// claimed by an item per recipient and batch before it goes, so a redelivered message finds the claim and sends
// nothing more. A mail the provider refuses gives its claim back and fails the message, which the queue delivers
// again. What is mailed is read again at send time: a finding unpublished meanwhile, below a rule's severity, or
// published before the rule existed is not mailed; a user who may not view the service (spec 6) is never mailed.
import type { UserAccessRecord } from '../access/caller.js';
import { getCompanyRecord } from '../companies/company-records.js';
import { readConfig } from '../config.js';
import { findingKey, severityRank, stripFindingKeys, type StoredFinding } from '../data/entities/findings.js';
import {
  claimDigestMail,
  companiesWithDailyRules,
  finishDeliveryBatch,
  getDeliveryState,
  listMemberUids,
  listRuleItems,
  logPosition,
  readPublications,
  releaseDigestMail,
  startDeliveryBatch,
  type NotificationCadence,
  type NotificationRule,
  type PublicationEntry,
} from '../data/entities/notifications.js';
import { batchGetConsistent } from '../data/transactions.js';
import { queueReportWork } from '../exports/report-queue.js';
import { findingViewerFor } from '../findings/finding-visibility.js';
import { sendMail } from '../mail/mailer.js';
import type { Severity } from '../scanners/finding-model.js';
import { userRecords } from '../users/user-rows.js';
import { mostSevereFirst, notificationMail, portalUrlOf, type MailedFinding } from './notification-mail.js';
import { notificationGroupOf } from './published-notice.js';

/** Log entries a batch takes at most; a longer backlog goes out in several batches (several mails). */
const batchSize = 500;

/** The daily run (the schedule): one digest message per company that has a daily rule. */
export async function startDailyDigests(now = Date.now()): Promise<number> {
  const slugs = await companiesWithDailyRules();
  for (const slug of slugs) {
    await queueReportWork({ kind: 'digest', id: `${slug}/${now}` }, notificationGroupOf(slug));
  }
  return slugs.length;
}

/** The company of a `notify` or `digest` message's id. */
export const companyOfWork = (id: string) => id.split('/')[0] ?? '';

/** A company's members' access records (each with its memberships: what they may see is decided per company). */
async function readMembers(slug: string): Promise<UserAccessRecord[]> {
  const uids = await listMemberUids(slug);
  const members: UserAccessRecord[] = [];
  for (let start = 0; start < uids.length; start += 50) {
    members.push(...(await userRecords(uids.slice(start, start + 50))).map(({ access }) => access));
  }
  return members;
}

/** The findings of the entries as stored now, keyed by service and id (consistent BatchGets of 100). */
async function readFindings(slug: string, entries: readonly PublicationEntry[]): Promise<Map<string, StoredFinding>> {
  const wanted = new Map<string, PublicationEntry>();
  for (const entry of entries) wanted.set(`${entry.service}#${entry.findingId}`, entry);
  const unique = [...wanted.values()];
  const found = new Map<string, StoredFinding>();
  for (let start = 0; start < unique.length; start += 100) {
    const items = await batchGetConsistent(
      unique.slice(start, start + 100).map((entry) => findingKey(slug, entry.service, entry.findingId)),
    );
    for (const item of items) {
      // The partition names the service (FINDINGS#<slug>#<service>).
      const service = String(item.pk).split('#').pop();
      const finding = stripFindingKeys(item);
      found.set(`${service}#${finding.id}`, finding);
    }
  }
  return found;
}

/** Sends the batch's mails; answers how many were sent. */
async function sendBatch(
  slug: string,
  cadence: NotificationCadence,
  upTo: string,
  entries: readonly PublicationEntry[],
  rules: readonly NotificationRule[],
): Promise<number> {
  if (entries.length === 0 || rules.length === 0) return 0;
  const company = await getCompanyRecord(slug);
  if (!company) return 0;
  const findings = await readFindings(slug, entries);
  const members = await readMembers(slug);
  const perRecipient = new Map<string, { row: UserAccessRecord; findings: Map<string, MailedFinding> }>();
  for (const rule of rules) {
    const recipients = members.filter(
      (row) =>
        (rule.recipientMode === 'everyone' || rule.recipients.includes(row.uid)) &&
        findingViewerFor({ access: row }, slug, rule.service, company) !== undefined,
    );
    if (recipients.length === 0) continue;
    const matched: MailedFinding[] = [];
    for (const entry of entries) {
      if (entry.service !== rule.service || entry.at < rule.createdAt) continue;
      const finding = findings.get(`${entry.service}#${entry.findingId}`);
      if (!finding || finding.published !== true) continue;
      const severity: Severity = finding.analystSeverity ?? finding.toolSeverity;
      if ((severityRank[severity] ?? 0) < severityRank[rule.minSeverity]) continue;
      matched.push({
        service: rule.service,
        findingId: finding.id,
        title: finding.analystTitle || String(finding.title),
        severity,
      });
    }
    if (matched.length === 0) continue;
    for (const row of recipients) {
      const mine = perRecipient.get(row.uid) ?? { row, findings: new Map<string, MailedFinding>() };
      for (const finding of matched) mine.findings.set(`${finding.service}#${finding.findingId}`, finding);
      perRecipient.set(row.uid, mine);
    }
  }
  const config = readConfig();
  const portalUrl = portalUrlOf(config);
  let sent = 0;
  for (const { row, findings: mine } of perRecipient.values()) {
    const list = [...mine.values()].sort(mostSevereFirst);
    if (!(await claimDigestMail(slug, cadence, upTo, row.uid, list.length))) continue;
    try {
      await sendMail({
        kind: 'notification',
        ...notificationMail({
          to: row.email,
          portalUrl,
          productName: config.PRODUCT_NAME,
          companyName: company.companyName,
          daily: cadence === 'daily',
          findings: list,
        }),
      });
      sent += 1;
    } catch (error) {
      await releaseDigestMail(slug, cadence, upTo, row.uid);
      throw error;
    }
  }
  return sent;
}

/**
 * Sends what the company's rules of this cadence owe since the last delivery: every publication logged after
 * the cursor, in batches of `batchSize`. Answers the number of mails sent.
 */
export async function deliverNotifications(
  slug: string,
  cadence: NotificationCadence,
  now = Date.now(),
): Promise<{ mails: number }> {
  const rules = (await listRuleItems(slug)).filter((rule) => rule.cadence === cadence);
  let state = await getDeliveryState(slug, cadence);
  if (rules.length === 0 && !state.pending) {
    // Nobody to mail: what was published so far is nobody's news later.
    await finishDeliveryBatch(slug, cadence, logPosition(now));
    return { mails: 0 };
  }
  let mails = 0;
  for (let round = 0; round < 20; round += 1) {
    let batch = state.pending;
    let entries: PublicationEntry[];
    if (batch) {
      entries = await readPublications(slug, { after: batch.from, upTo: batch.upTo, limit: batchSize });
    } else {
      entries = await readPublications(slug, { after: state.cursor ?? '0', limit: batchSize });
      if (entries.length === 0) break;
      batch = { from: state.cursor ?? '0', upTo: entries[entries.length - 1]!.sk };
      // Another run (a redelivery racing this one) recorded a batch first: it sends it.
      if (!(await startDeliveryBatch(slug, cadence, batch))) break;
    }
    mails += await sendBatch(slug, cadence, batch.upTo, entries, rules);
    await finishDeliveryBatch(slug, cadence, batch.upTo);
    state = { cursor: batch.upTo };
    if (entries.length < batchSize) break;
  }
  return { mails };
}
