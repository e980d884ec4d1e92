// The user an administrator acts on, read once (profile and access in one Query); in a company's scope,
// only that company's members.
import type { UserAccessRecord, UserRecord } from '../access/caller.js';
import { PermissionDeniedError } from '../errors.js';
import { loadUserRecords } from './user-records.js';

const notFound = 'No such user in your reach.';

export interface TargetUser {
  access: UserAccessRecord;
  user: UserRecord | undefined;
}

export async function readTargetUser(uid: string, companySlug?: string): Promise<TargetUser> {
  const { access, user } = await loadUserRecords(uid);
  if (!access || (companySlug !== undefined && !access.companies.includes(companySlug))) {
    throw new PermissionDeniedError(notFound);
  }
  return { access, user };
}
