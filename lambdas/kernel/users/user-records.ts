// Reading a person's records: by e-mail (sign-in) and all at once by uid (every signed-in call).
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import type { UserAccessRecord, UserPreferencesRecord, UserRecord } from '../access/caller.js';
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
}

/** Profile, access and preferences share a partition: one Query reads them all. */
export async function loadUserRecords(uid: string): Promise<UserRecords> {
  const { Items = [] } = await portalTable
    .build(QueryCommand)
    .entities(userEntity, userAccessEntity, userPreferencesEntity)
    .query({ partition: userPartition(uid) })
    .options({ consistent: true, showEntityAttr: true })
    .send();
  const records: UserRecords = { user: undefined, access: undefined, preferences: undefined };
  for (const tagged of Items as ({ entity?: string } & Record<string, unknown>)[]) {
    const { entity, ...item } = tagged;
    if (entity === 'user') records.user = item as unknown as UserRecord;
    else if (entity === 'userAccess') records.access = item as unknown as UserAccessRecord;
    else if (entity === 'userPreferences') records.preferences = item as unknown as UserPreferencesRecord;
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
