// Reading a person's records: by e-mail (sign-in) and all at once by uid (every signed-in call).
import { portalData } from '../data/portal-data.js';
import type { UserAccessRecord, UserPreferencesRecord, UserRecord } from '../access/caller.js';

export async function findUserByEmail(email: string): Promise<UserRecord | undefined> {
  const { data } = await portalData().user.query.byEmail({ email }).go({ limit: 1 });
  return data[0];
}

export interface UserRecords {
  user: UserRecord | undefined;
  access: UserAccessRecord | undefined;
  preferences: UserPreferencesRecord | undefined;
}

/** Profile, access and preferences share a partition: one Query reads them all. */
export async function loadUserRecords(uid: string): Promise<UserRecords> {
  const { data } = await portalData().users.collections.userRecords({ uid }).go();
  return {
    user: data.user[0],
    access: data.userAccess[0] as UserAccessRecord | undefined,
    preferences: data.userPreferences[0],
  };
}

export async function loadUserAccess(uid: string): Promise<UserAccessRecord | undefined> {
  const { data } = await portalData().userAccess.get({ uid }).go();
  return (data ?? undefined) as UserAccessRecord | undefined;
}
