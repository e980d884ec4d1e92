// The access rules of spec section 6, in one module: the server applies them as the authority and the
// web imports the same functions to decide which menus to show.
import type { AccessRule, UserAccessRecord } from './caller.js';

export const thresholds = {
  admin: 5,
  allServicesView: 2,
  allCompanies: 7,
} as const;

/** A check passes when the level is at least the given number. */
export function hasLevel(access: Pick<UserAccessRecord, 'claims'> | undefined, level: number): boolean {
  return (access?.claims.accessLevel ?? 0) >= level;
}

export function isAdmin(access: Pick<UserAccessRecord, 'claims'> | undefined): boolean {
  return hasLevel(access, thresholds.admin);
}

export const publicAccess = { kind: 'public', describe: 'anyone, signed in or not' } as const satisfies AccessRule;

export const signedIn = {
  kind: 'signedIn',
  describe: 'any signed-in user',
  allows: () => true,
} as const satisfies AccessRule;
