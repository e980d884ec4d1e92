// Whom a comment on a finding mails: the other side of its conversation, narrowed to the people who have to do
// with this finding, each checked against their access as it is now (spec 6, finding-visibility.ts), so a
// person whose access was taken away meanwhile, or who belongs to another company, is never mailed.
//
// - A customer's comment mails the service's analysts (service-analysts.ts).
// - An analyst's comment mails the company's people who took part in the conversation, who asked for the pending
//   review of the finding, or whom a notification rule of the service names (its chosen recipients; a rule for
//   "everyone" names nobody in particular and does not make a whole company a party to every conversation) —
//   and only while the finding is published and the service's report is theirs to read.
// Never the comment's author.
import type { CompanyRecord } from '../access/caller.js';
import type { ServiceName } from '../access/rules.js';
import type { StoredComment } from '../data/entities/finding-comments.js';
import type { PendingReview } from '../data/entities/finding-reviews.js';
import type { StoredFinding } from '../data/entities/findings.js';
import { listRuleItems } from '../data/entities/notifications.js';
import { peopleOnSide, uidsOfEmails, type CommentRecipient } from './finding-people.js';
import { serviceAnalystsOf } from './service-analysts.js';

/** The company's people an analyst's comment mails. */
async function companyPeople(
  where: { slug: string; service: ServiceName; company: CompanyRecord | undefined },
  finding: StoredFinding,
  comments: readonly StoredComment[],
): Promise<CommentRecipient[]> {
  if (finding.published !== true) return [];
  const speakers = comments.filter((comment) => comment.side === 'customer').map((comment) => comment.authorUid);
  const pending = finding.review as PendingReview | undefined;
  const askers = await uidsOfEmails(pending ? [pending.by.email] : []);
  const subscribers = (await listRuleItems(where.slug))
    .filter((rule) => rule.service === where.service && rule.recipientMode === 'chosen')
    .flatMap((rule) => rule.recipients);
  return peopleOnSide([...speakers, ...askers, ...subscribers], 'customer', where);
}

/** Who the comment mails: the other side's people, never its author. */
export async function commentRecipients(
  where: { slug: string; service: ServiceName; company: CompanyRecord | undefined },
  finding: StoredFinding,
  comments: readonly StoredComment[],
  comment: StoredComment,
): Promise<CommentRecipient[]> {
  const recipients =
    comment.side === 'customer'
      ? await serviceAnalystsOf(where, finding, comments)
      : await companyPeople(where, finding, comments);
  return recipients.filter((person) => person.uid !== comment.authorUid && person.email !== comment.authorEmail);
}
