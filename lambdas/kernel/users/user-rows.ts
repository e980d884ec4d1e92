// Users as the administration pages list them: profile and access of a page of users, read with one BatchGet.
import { BatchGetRequest } from 'dynamodb-toolbox/entity/actions/batchGet';
import { BatchGetCommand, execute } from 'dynamodb-toolbox/table/actions/batchGet';
import type { UserAccessRecord, UserRecord } from '../access/caller.js';
import { isAnalyst, membershipOf } from '../access/rules.js';
import { memberListPartition, membershipEntity } from '../data/entities/memberships.js';
import { userAccessEntity, userEntity, userListPartition } from '../data/entities/users.js';
import { listPartitionPage } from '../data/list-query.js';
import { portalTable } from '../data/table.js';
import { memberSearchText } from '../search/row-search.js';
import { matchesFilter } from '../search/search-text.js';

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

/** A member as one company's administration sees them: that membership only. */
export interface MemberRow extends Omit<UserRow, 'accessLevel'> {
  /** The level held in this company; absent for a provider analyst, whose level is the platform's. */
  accessLevel?: number;
}

/**
 * A company's view of a member: their level and services in this company, this company alone (never the
 * other companies they belong to), and no analyst's platform level.
 */
export function toMemberRow(access: UserAccessRecord, user: UserRecord | undefined, slug: string): MemberRow {
  const membership = membershipOf(access, slug);
  const { accessLevel: _platformLevel, ...row } = toUserRow(access, user);
  return {
    ...row,
    ...(isAnalyst(access) ? {} : { accessLevel: membership?.accessLevel ?? 0 }),
    companies: membership ? [slug] : [],
    servicesEnabled: isAnalyst(access) ? [] : (membership?.servicesEnabled ?? []),
  };
}

/** Rows for these users, in the order given; at most 50 users (100 keys) per call. */
export async function userRows(uids: readonly string[]): Promise<UserRow[]> {
  return (await userRecords(uids)).map(({ access, user }) => toUserRow(access, user));
}

/** The access records (and profiles) of these users, in the order given; at most 50 users per call. */
export async function userRecords(uids: readonly string[]): Promise<{ access: UserAccessRecord; user?: UserRecord }[]> {
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
  const records: { access: UserAccessRecord; user?: UserRecord }[] = [];
  uids.forEach((_uid, index) => {
    const user = items[index * 2] as UserRecord | undefined;
    const access = items[index * 2 + 1] as UserAccessRecord | undefined;
    if (access) records.push({ access, user: user ?? undefined });
  });
  return records;
}

export interface UsersPageRequest {
  cursor?: string;
  limit: number;
  /** Normalised (search-text.ts filterKey). */
  filter?: string;
  descending?: boolean;
}

/**
 * A page of every user, by e-mail. The filter runs in DynamoDB over the search text stored on the
 * profile items (the index lists those); one Query, as the rows are read again with a BatchGet.
 */
export async function listUsersPage(page: UsersPageRequest) {
  const { items, nextCursor } = await listPartitionPage(
    userEntity,
    { partition: userListPartition, index: 'gsi1' },
    {
      cursor: page.cursor,
      limit: page.limit,
      descending: page.descending,
      ...(page.filter ? { filter: { text: page.filter, attributes: ['profileSearchText', 'accessSearchText'] } } : {}),
      maxQueries: 1,
    },
  );
  return { users: await userRows(items.map((user) => user.uid)), nextCursor };
}

/**
 * A page of a company's members, by e-mail. Membership items hold no row text (a user's words would have
 * to be rewritten in every company they belong to), so the filter runs here over the rows read: a page
 * searches `limit` members and may answer fewer, even none, with a cursor to search on.
 */
export async function listMembersPage(slug: string, page: UsersPageRequest) {
  const { items, nextCursor } = await listPartitionPage(
    membershipEntity,
    { partition: memberListPartition(slug), index: 'gsi1' },
    { cursor: page.cursor, limit: page.limit, descending: page.descending },
  );
  const rows = (await userRecords(items.map((member) => member.uid))).map(({ access, user }) =>
    toMemberRow(access, user, slug),
  );
  const { filter } = page;
  return { users: filter ? rows.filter((row) => matchesFilter(memberSearchText(row), filter)) : rows, nextCursor };
}
