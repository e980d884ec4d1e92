// The user an administrator acts on, read once; in a company's scope, only that company's members.
import type { UserAccessRecord } from '../access/caller.js';
import { PermissionDeniedError } from '../errors.js';
import { loadUserAccess } from './user-records.js';

const notFound = 'No such user in your reach.';

export async function readTargetUser(uid: string, companySlug?: string): Promise<UserAccessRecord> {
  const target = await loadUserAccess(uid);
  if (!target || (companySlug !== undefined && !target.companies.includes(companySlug))) {
    throw new PermissionDeniedError(notFound);
  }
  return target;
}
