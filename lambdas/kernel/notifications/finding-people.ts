// The people a mail about a finding may go to, by their access as it is now: e-mail addresses a finding names
// (its edits' authors, a review's asker) turned into accounts, and of some accounts those on one side of the
// company's service (finding-visibility.ts: its analysts, or the customers whose report shows it).
import type { CompanyRecord, UserAccessRecord, UserRecord } from '../access/caller.js';
import type { ServiceName } from '../access/rules.js';
import { findingViewerFor, type FindingViewer } from '../findings/finding-visibility.js';
import { findUserByEmail } from '../users/user-records.js';
import { userRecords } from '../users/user-rows.js';

export interface CommentRecipient {
  uid: string;
  email: string;
}

/** People named by e-mail (a finding's edits, a review's asker) are looked up one by one: a few at most. */
export const maxNamedByEmail = 20;

/** The uids of these e-mail addresses that have an account. */
export async function uidsOfEmails(emails: Iterable<string>): Promise<string[]> {
  const unique = [...new Set(emails)].slice(0, maxNamedByEmail);
  const users = await Promise.all(unique.map((email) => findUserByEmail(email)));
  return users.flatMap((user) => (user ? [user.uid] : []));
}

/** Of these users, those whose view of the company's service is `side` now (at most 50 per BatchGet). */
export async function peopleOnSide(
  uids: Iterable<string>,
  side: FindingViewer,
  where: { slug: string; service: ServiceName; company: CompanyRecord | undefined },
): Promise<CommentRecipient[]> {
  const unique = [...new Set(uids)];
  const rows: { access: UserAccessRecord; user?: UserRecord }[] = [];
  for (let start = 0; start < unique.length; start += 50)
    rows.push(...(await userRecords(unique.slice(start, start + 50))));
  return rows
    .filter(({ access }) => findingViewerFor({ access }, where.slug, where.service, where.company) === side)
    .map(({ access, user }) => ({ uid: access.uid, email: user?.email ?? access.email }));
}
