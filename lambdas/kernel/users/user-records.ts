// Reading a person's records: by e-mail (sign-in) and all at once by uid (every signed-in call).
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import type { InvitationRecord, UserAccessRecord, UserPreferencesRecord, UserRecord } from '../access/caller.js';
import { invitationEntity } from '../data/entities/invitations.js';
import {
  userAccessEntity,
  userEntity,
  userListPartition,
  userPartition,
  userPreferencesEntity,
} from '../data/entities/users.js';
import { portalTable } from '../data/table.js';

export async function findUserByEmail(email: string): Promise<UserRecord | undefined> {
  const { Items } = await portalTable
    .build(QueryCommand)
    .entities(userEntity)
    .query({ index: 'gsi1', partition: userListPartition, range: { eq: email } })
    .options({ limit: 1 })
    .send();
  return Items?.[0];
}

export interface UserRecords {
  user: UserRecord | undefined;
  access: UserAccessRecord | undefined;
  preferences: UserPreferencesRecord | undefined;
  /** Pending invitations not yet expired. */
  invitations: InvitationRecord[];
}

/**
 * Profile, access, preferences and pending invitations share a partition: one Query reads them all (a
 * person has at most a few invitations: each company invites them once, and they expire).
 */
export async function loadUserRecords(uid: string, now = Date.now()): Promise<UserRecords> {
  const { Items = [] } = await portalTable
    .build(QueryCommand)
    .entities(userEntity, userAccessEntity, userPreferencesEntity, invitationEntity)
    .query({ partition: userPartition(uid) })
    .options({ consistent: true, showEntityAttr: true })
    .send();
  const records: UserRecords = { user: undefined, access: undefined, preferences: undefined, invitations: [] };
  for (const tagged of Items as ({ entity?: string } & Record<string, unknown>)[]) {
    const { entity, ...item } = tagged;
    if (entity === 'user') records.user = item as unknown as UserRecord;
    else if (entity === 'userAccess') records.access = item as unknown as UserAccessRecord;
    else if (entity === 'userPreferences') records.preferences = item as unknown as UserPreferencesRecord;
    else if (entity === 'invitation' && (item as unknown as InvitationRecord).expiresAt > now) {
      records.invitations.push(item as unknown as InvitationRecord);
    }
  }
  return records;
}

export async function loadUserAccess(uid: string): Promise<UserAccessRecord | undefined> {
  const { Item } = await userAccessEntity.build(GetItemCommand).key({ uid }).send();
  return Item;
}

export async function recordSignIn(uid: string, at = Date.now()): Promise<void> {
  await userEntity
    .build(UpdateItemCommand)
    .item({ uid, lastSignInAt: at })
    .options({ condition: { attr: 'uid', exists: true } })
    .send();
}
