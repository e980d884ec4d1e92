// Delivery of the weekly digest. The schedule (EventBridge on AWS, Monday 07:00 UTC; `npm run digest` locally) sends
// the report worker `{digest: 'weekly'}`; it finds the companies with subscribers through a sparse index and queues
// one `weeklyDigest` message per company, all with the run's time, so each company runs (and is retried) on its
// own and covers the same window. A company's run reads its week once (weekly-digest-changes.ts), then for each
// subscriber keeps the services they may view now (spec 6, `findingViewerFor`, the reports' rule) and mails them
// only when something is left. Each mail is first claimed per user, company and week (a conditional put): a
// retried run, or a second run in the same week, sends nothing twice; a mail the provider refuses gives its claim
// back and fails the message, which the queue delivers again.
import type { UserAccessRecord } from '../access/caller.js';
import { serviceFlags, services, type ServiceName } from '../access/rules.js';
import { getCompanyRecord } from '../companies/company-records.js';
import { severityRank } from '../data/entities/findings.js';
import { readConfig } from '../config.js';
import {
  claimWeeklyDigest,
  companiesWithWeeklyDigests,
  releaseWeeklyDigest,
  weeklyDigestSubscribers,
} from '../data/entities/weekly-digests.js';
import { queueReportWork } from '../exports/report-queue.js';
import { findingViewerFor } from '../findings/finding-visibility.js';
import { sendMail } from '../mail/mailer.js';
import { userRecords } from '../users/user-rows.js';
import { unsubscribeToken, unsubscribeUrl } from './digest-unsubscribe.js';
import { notificationGroupOf } from './published-notice.js';
import {
  digestSections,
  digestWindow,
  readCompanyWeek,
  weekCount,
  type DigestFinding,
  type DigestSection,
  type ServiceWeek,
} from './weekly-digest-changes.js';
import { portalUrlOf } from './notification-mail.js';
import { weeklyDigestMail } from './weekly-digest-mail.js';

/** The schedule's run: one message per company with subscribers; answers how many companies. */
export async function startWeeklyDigests(at = Date.now()): Promise<number> {
  const slugs = await companiesWithWeeklyDigests();
  for (const slug of slugs) {
    // The company's notification group: its digest never runs beside its other mail.
    await queueReportWork({ kind: 'weeklyDigest', id: `${slug}/${at}` }, notificationGroupOf(slug));
  }
  return slugs.length;
}

/** The company and run time of a `weeklyDigest` message's id. */
export function weeklyDigestOfWork(id: string): { slug: string; at: number } {
  const [slug = '', at = ''] = id.split('/');
  return { slug, at: Number(at) };
}

/** The week's sections a subscriber gets: those of the services they may view, merged. */
function sectionsFor(
  row: UserAccessRecord,
  slug: string,
  company: Parameters<typeof findingViewerFor>[3],
  weeks: ReadonlyMap<ServiceName, ServiceWeek>,
): Record<DigestSection, DigestFinding[]> | undefined {
  const visible = [...weeks].filter(
    ([service]) => findingViewerFor({ access: row }, slug, service, company) !== undefined,
  );
  if (weekCount(visible.map(([, week]) => week)) === 0) return undefined;
  // Most severe first across the services, then in the services' order, then by title.
  const order = (a: DigestFinding, b: DigestFinding) =>
    severityRank[b.severity] - severityRank[a.severity] ||
    services.indexOf(a.service) - services.indexOf(b.service) ||
    a.title.localeCompare(b.title);
  return Object.fromEntries(
    digestSections.map((section) => [section, visible.flatMap(([, week]) => week[section]).sort(order)]),
  ) as Record<DigestSection, DigestFinding[]>;
}

/** Sends one company's weekly digest of the run at `at`; answers the number of mails sent. */
export async function sendWeeklyDigests(slug: string, at: number): Promise<{ mails: number }> {
  const company = await getCompanyRecord(slug);
  if (!company) return { mails: 0 };
  const uids = await weeklyDigestSubscribers(slug);
  if (uids.length === 0) return { mails: 0 };
  const window = digestWindow(at);
  const companyServices = services.filter((service) => serviceFlags[service].some((flag) => company[flag] === true));
  const weeks = await readCompanyWeek(slug, companyServices, window);
  if (weekCount(weeks.values()) === 0) return { mails: 0 };
  const config = readConfig();
  const portalUrl = portalUrlOf(config);
  let mails = 0;
  for (let start = 0; start < uids.length; start += 50) {
    for (const { access: row } of await userRecords(uids.slice(start, start + 50))) {
      const sections = sectionsFor(row, slug, company, weeks);
      if (!sections) continue;
      if (!(await claimWeeklyDigest(slug, window.week, row.uid))) continue;
      try {
        await sendMail({
          kind: 'notification',
          ...weeklyDigestMail({
            to: row.email,
            portalUrl,
            productName: config.PRODUCT_NAME,
            companyName: company.companyName,
            week: window.week,
            sections,
            unsubscribeUrl: unsubscribeUrl(portalUrl, await unsubscribeToken(row.uid, slug)),
          }),
        });
        mails += 1;
      } catch (error) {
        await releaseWeeklyDigest(slug, window.week, row.uid);
        throw error;
      }
    }
  }
  return { mails };
}
