// Users as the administration pages list them: profile and access of a page of users, read with one BatchGet.
import { BatchGetRequest } from 'dynamodb-toolbox/entity/actions/batchGet';
import { BatchGetCommand, execute } from 'dynamodb-toolbox/table/actions/batchGet';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import type { UserAccessRecord, UserRecord } from '../access/caller.js';
import { decodeCursor, encodeCursor } from '../data/cursor.js';
import { companyPartition, membershipEntity } from '../data/entities/memberships.js';
import { userAccessEntity, userEntity, userListPartition } from '../data/entities/users.js';
import { portalTable } from '../data/table.js';

export interface UserRow {
  uid: string;
  email: string;
  displayName?: string;
  userType: string;
  accessLevel: number;
  companies: string[];
  servicesEnabled: string[];
  servicesManaged: string[];
  lastSignInAt?: number;
  version: number;
}

export function toUserRow(access: UserAccessRecord, user: UserRecord | undefined): UserRow {
  return {
    uid: access.uid,
    email: access.email,
    displayName: user?.displayName,
    userType: access.claims.userType,
    accessLevel: access.claims.accessLevel,
    companies: access.companies,
    servicesEnabled: access.servicesEnabled,
    servicesManaged: access.servicesManaged,
    lastSignInAt: user?.lastSignInAt,
    version: access.version,
  };
}

/** Rows for these users, in the order given; at most 50 users (100 keys) per call. */
export async function userRows(uids: readonly string[]): Promise<UserRow[]> {
  if (uids.length === 0) return [];
  const command = portalTable
    .build(BatchGetCommand)
    .requests(
      ...uids.flatMap((uid) => [
        userEntity.build(BatchGetRequest).key({ uid }),
        userAccessEntity.build(BatchGetRequest).key({ uid }),
      ]),
    );
  const { Responses } = await execute({ maxAttempts: 3 }, command);
  const items = (Responses?.[0] ?? []) as (Record<string, unknown> | undefined)[];
  const rows: UserRow[] = [];
  uids.forEach((_uid, index) => {
    const user = items[index * 2] as UserRecord | undefined;
    const access = items[index * 2 + 1] as UserAccessRecord | undefined;
    if (access) rows.push(toUserRow(access, user ?? undefined));
  });
  return rows;
}

/** A page of every user, by e-mail, optionally only those whose e-mail starts with `prefix`. */
export async function listUsersPage(page: { cursor?: string; limit: number; prefix?: string }) {
  const { Items = [], LastEvaluatedKey } = await portalTable
    .build(QueryCommand)
    .entities(userEntity)
    .query({
      index: 'gsi1',
      partition: userListPartition,
      ...(page.prefix ? { range: { beginsWith: page.prefix } } : {}),
    })
    .options({
      limit: page.limit,
      exclusiveStartKey: decodeCursor(page.cursor, { attribute: 'gsi1pk', value: userListPartition }),
    })
    .send();
  return {
    users: await userRows(Items.map((user) => user.uid)),
    nextCursor: encodeCursor(LastEvaluatedKey as Record<string, string | number> | undefined),
  };
}

/** A page of a company's members. */
export async function listMembersPage(slug: string, page: { cursor?: string; limit: number }) {
  const partition = companyPartition(slug);
  const { Items = [], LastEvaluatedKey } = await portalTable
    .build(QueryCommand)
    .entities(membershipEntity)
    .query({ partition })
    .options({ limit: page.limit, exclusiveStartKey: decodeCursor(page.cursor, { attribute: 'pk', value: partition }) })
    .send();
  return {
    users: await userRows(Items.map((member) => member.uid)),
    nextCursor: encodeCursor(LastEvaluatedKey as Record<string, string | number> | undefined),
  };
}
