// Delivery of the remediation loop's mails (the report worker runs it for each `reviewNotice` message; the step's
// transaction wrote the notice, data/entities/review-notices.ts). A request goes to the people who may decide it
// (`mayWorkOnService`, the rule decideFindingReview applies), the narrowest such set the records name:
//
// - the analysts who worked on the finding (the authors of its edits: who published or curated it), and the
//   company's own members who decide its requests (those who manage password cracking, for that service);
// - when none of them may decide it any more, every analyst who may (level 7 and up), found through the users index
//   filtered on the stored access text (a Query, no Scan), then checked on their access records.
//
// A decision goes to whoever asked, if they may still read the finding. Access is read at send time, so someone
// whose access changed meanwhile is not mailed. Each mail is claimed before it goes (a redelivered message sends
// nothing twice); a mail the provider refuses gives its claim back and fails the message, which the queue delivers
// again. Once mailed, an event of whoever acted (`findingReviewMailed`) says how many were told.
import type { UserAccessRecord } from '../access/caller.js';
import { isAnalyst, type ServiceName } from '../access/rules.js';
import { getCompanyRecord } from '../companies/company-records.js';
import { readConfig } from '../config.js';
import type { PendingReview } from '../data/entities/finding-reviews.js';
import { getFindingItem } from '../data/entities/findings.js';
import { listMemberUids } from '../data/entities/notifications.js';
import {
  claimReviewNotice,
  getReviewNotice,
  releaseReviewNotice,
  type ReviewNotice,
} from '../data/entities/review-notices.js';
import { userListPartition } from '../data/entities/users.js';
import { queryAll } from '../data/query-all.js';
import { recordEvent } from '../events/events.js';
import { findingViewerFor } from '../findings/finding-visibility.js';
import { mayWorkOnService } from '../findings/service-access.js';
import { sendMail, type Mail } from '../mail/mailer.js';
import { userTypeLabel } from '../search/labels.js';
import { searchKey } from '../search/search-text.js';
import { findUserByEmail } from '../users/user-records.js';
import { userRecords } from '../users/user-rows.js';
import { portalUrlOf } from './notification-mail.js';
import { reviewDecisionMail, reviewQueueLink, reviewRequestMail, servicePageLink } from './review-mail.js';

/** The access records of these users (BatchGets of 50). */
async function accessOf(uids: readonly string[]): Promise<UserAccessRecord[]> {
  const unique = [...new Set(uids)];
  const records: UserAccessRecord[] = [];
  for (let start = 0; start < unique.length; start += 50) {
    records.push(...(await userRecords(unique.slice(start, start + 50))).map(({ access }) => access));
  }
  return records;
}

async function uidsOfEmails(emails: readonly string[]): Promise<string[]> {
  const uids: string[] = [];
  for (const email of new Set(emails)) {
    const user = await findUserByEmail(email);
    if (user) uids.push(user.uid);
  }
  return uids;
}

/** Every analyst's uid: the users index, filtered on the access text each access write stores on the profile. */
async function analystUids(): Promise<string[]> {
  const uids: string[] = [];
  const items = queryAll({
    TableName: readConfig().TABLE_NAME,
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :users',
    FilterExpression: 'contains(accessSearchText, :analyst)',
    ExpressionAttributeValues: { ':users': userListPartition, ':analyst': searchKey(userTypeLabel('analyst')) },
    ProjectionExpression: 'uid',
  });
  for await (const item of items) uids.push(String(item.uid));
  return uids;
}

/** Who is mailed of a request, as above; never whoever asked. */
async function requestRecipients(
  slug: string,
  service: ServiceName,
  notice: ReviewNotice,
  editors: readonly string[],
): Promise<UserAccessRecord[]> {
  const decides = (access: UserAccessRecord) =>
    access.email !== notice.requester.email && mayWorkOnService({ access }, slug, service);
  const workedOnIt = (await accessOf(await uidsOfEmails(editors))).filter(
    (access) => isAnalyst(access) && decides(access),
  );
  const members = (await accessOf(await listMemberUids(slug))).filter(decides);
  const named = new Map([...workedOnIt, ...members].map((access) => [access.uid, access]));
  if (named.size > 0) return [...named.values()];
  return (await accessOf(await analystUids())).filter((access) => isAnalyst(access) && decides(access));
}

/** Claims, sends, and gives the claim back when the provider refuses; answers whether it was sent now. */
async function sendClaimed(slug: string, key: string, recipient: string, mail: Mail): Promise<boolean> {
  if (!(await claimReviewNotice(slug, key, `SENT#${recipient}`))) return false;
  try {
    await sendMail({ kind: 'notification', ...mail });
    return true;
  } catch (error) {
    await releaseReviewNotice(slug, key, `SENT#${recipient}`);
    throw error;
  }
}

/** Sends the mails of one notice; answers how many were sent (none again on a redelivery). */
export async function deliverReviewNotice(slug: string, key: string): Promise<{ mails: number }> {
  const notice = await getReviewNotice(slug, key);
  if (!notice) return { mails: 0 };
  const company = await getCompanyRecord(slug);
  if (!company) return { mails: 0 };
  const service = notice.service as ServiceName;
  const config = readConfig();
  const portalUrl = portalUrlOf(config);
  const common = { portalUrl, productName: config.PRODUCT_NAME, companyName: company.companyName, notice };
  let told = 0;
  let mails = 0;
  if (notice.step === 'requested') {
    const finding = await getFindingItem(slug, service, notice.findingId, true);
    // Answered already (an analyst, or a scan, was quicker than the mail): nobody needs to hear of it.
    if ((finding?.review as PendingReview | undefined)?.at !== notice.requestedAt) return { mails: 0 };
    const editors = ((finding?.edits as { by?: unknown }[] | undefined) ?? []).flatMap((edit) =>
      typeof edit.by === 'string' ? [edit.by] : [],
    );
    const recipients = await requestRecipients(slug, service, notice, editors);
    for (const access of recipients) {
      const decideAt = isAnalyst(access)
        ? reviewQueueLink(portalUrl)
        : servicePageLink(portalUrl, service, notice.findingId);
      if (await sendClaimed(slug, key, access.uid, reviewRequestMail({ ...common, to: access.email, decideAt }))) {
        mails += 1;
      }
    }
    told = recipients.length;
  } else {
    const requester = await findUserByEmail(notice.requester.email);
    const [access] = requester ? await accessOf([requester.uid]) : [];
    const mayRead = access && findingViewerFor({ access }, slug, service, company) !== undefined;
    if (access && mayRead && access.email !== notice.actor?.email) {
      if (await sendClaimed(slug, key, access.uid, reviewDecisionMail({ ...common, to: access.email }))) mails += 1;
      told = 1;
    }
  }
  if (told > 0 && notice.actor && (await claimReviewNotice(slug, key, 'EVENT'))) {
    const { actor } = notice;
    await recordEvent(
      { uid: actor.uid, email: actor.email, ...(actor.name ? { user: { displayName: actor.name } } : {}) },
      {
        type: 'findingReviewMailed',
        summary:
          notice.step === 'requested'
            ? `Mailed ${told} ${told === 1 ? 'analyst' : 'analysts'} the ${notice.kind === 'retest' ? 'retest' : 'risk acceptance'} request on finding ${notice.title}`
            : `Mailed the decision on finding ${notice.title} to whoever asked`,
        subject: {
          company: { slug, companyName: company.companyName },
          finding: { slug, service, findingId: notice.findingId, title: notice.title },
        },
        after: { step: notice.step, kind: notice.kind, recipients: told },
      },
    );
  }
  return { mails };
}
