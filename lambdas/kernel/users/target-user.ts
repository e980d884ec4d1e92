// The user an administrator acts on, read once (profile and access in one Query, `loadUserRecords`, which the
// calls start ahead of the caller's own records); in a company's scope, only that company's members.
import type { UserAccessRecord, UserRecord } from '../access/caller.js';
import { PermissionDeniedError } from '../errors.js';
import type { UserRecords } from './user-records.js';

const notFound = 'No such user in your reach.';

export interface TargetUser {
  access: UserAccessRecord;
  user: UserRecord | undefined;
}

export async function targetUser(recordsRead: Promise<UserRecords>, companySlug?: string): Promise<TargetUser> {
  const { access, user } = await recordsRead;
  if (!access || (companySlug !== undefined && !access.companies.includes(companySlug))) {
    throw new PermissionDeniedError(notFound);
  }
  return { access, user };
}
