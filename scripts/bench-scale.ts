// The administration lists at scale: 10,000 users and 1,000 companies written straight into DynamoDB Local with
// BatchWrite, in the entity layer's item shape (DynamoDB-Toolbox BatchPutRequest of the entities: a user is a
// profile and an access item; the Cognito identities are not needed for listing), then a few pages of each list,
// with and without a filter text, each page's DynamoDB requests counted.
// Import only after startLocalStack has set the environment.
import { BatchPutRequest } from 'dynamodb-toolbox/entity/actions/batchPut';
import { BatchWriteCommand, execute } from 'dynamodb-toolbox/table/actions/batchWrite';
import { companyEntity } from '../lambdas/kernel/data/entities/companies.js';
import { membershipEntity } from '../lambdas/kernel/data/entities/memberships.js';
import { userAccessEntity, userEntity } from '../lambdas/kernel/data/entities/users.js';
import { portalTable } from '../lambdas/kernel/data/table.js';
import { userAccessSearchText } from '../lambdas/kernel/search/row-search.js';
import { dynamoDbRequestsOf } from '../tests/support/dynamodb-requests.js';
import { invokeDirectly } from './bench-calls.js';

export interface ScaleOptions {
  users: number;
  companies: number;
  /** Users (the first ones) who are members of the big company. */
  bigCompanyMembers: number;
}

export const bigCompany = 'scale-big';
const pad = (value: number, width: number) => String(value).padStart(width, '0');
export const scaleUserEmail = (index: number) => `scale-user-${pad(index, 5)}@scale.example`;
export const scaleCompanySlug = (index: number) => `scale-co-${pad(index, 4)}`;

type Request =
  | BatchPutRequest<typeof userEntity>
  | BatchPutRequest<typeof userAccessEntity>
  | BatchPutRequest<typeof companyEntity>
  | BatchPutRequest<typeof membershipEntity>;

function* items(options: ScaleOptions): Generator<Request> {
  const now = Date.now();
  yield companyEntity.build(BatchPutRequest).item({
    slug: bigCompany,
    companyName: 'Scale Big Co',
    memberCount: options.bigCompanyMembers,
    updatedBy: 'bench',
  });
  for (let index = 0; index < options.companies - 1; index += 1) {
    yield companyEntity.build(BatchPutRequest).item({
      slug: scaleCompanySlug(index),
      companyName: `Scale Company ${index}`,
      enableDast: index % 2 === 0,
      updatedBy: 'bench',
    });
  }
  for (let index = 0; index < options.users; index += 1) {
    const uid = `scale-${pad(index, 5)}`;
    const email = scaleUserEmail(index);
    const member = index < options.bigCompanyMembers;
    const access = {
      claims: { userType: 'customer', accessLevel: 1 },
      companies: member ? [bigCompany] : [],
      servicesEnabled: [],
      servicesManaged: [],
    };
    yield userEntity.build(BatchPutRequest).item({
      uid,
      email,
      displayName: `Scale User ${index}`,
      createdAt: now,
      accessSearchText: userAccessSearchText({ ...access, ...access.claims }),
    });
    yield userAccessEntity.build(BatchPutRequest).item({ uid, email, ...access, updatedAt: now, updatedBy: 'bench' });
    if (member) yield membershipEntity.build(BatchPutRequest).item({ slug: bigCompany, uid, email, addedAt: now });
  }
}

/** Writes the scale data set with BatchWrite (25 items a request, a few requests in flight); returns the item count. */
export async function seedScale(options: ScaleOptions, concurrency = 6): Promise<number> {
  const batches: Request[][] = [];
  let batch: Request[] = [];
  for (const request of items(options)) {
    batch.push(request);
    if (batch.length === 25) {
      batches.push(batch);
      batch = [];
    }
  }
  if (batch.length > 0) batches.push(batch);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < batches.length) {
        const requests = batches[next]!;
        next += 1;
        await execute({ maxAttempts: 10 }, portalTable.build(BatchWriteCommand).requests(...requests));
      }
    }),
  );
  return batches.reduce((total, requests) => total + requests.length, 0);
}

export interface PageCount {
  call: string;
  input: Record<string, unknown>;
  page: number;
  status: number;
  items: number;
  requests: number;
  scans: number;
  commands: string[];
  ms: number;
}

/** Pages through a list call (up to `pages` pages), counting each page's DynamoDB requests. */
async function pageThrough(
  call: string,
  input: Record<string, unknown>,
  itemsKey: string,
  pages: number,
  claims: Record<string, string>,
  origin: string,
): Promise<PageCount[]> {
  const counts: PageCount[] = [];
  let cursor: string | undefined;
  for (let page = 1; page <= pages; page += 1) {
    const data = { ...input, ...(cursor ? { cursor } : {}) };
    const started = performance.now();
    const { result, requests } = await dynamoDbRequestsOf(() => invokeDirectly(call, data, claims, origin));
    const ms = performance.now() - started;
    const answer = (result.body as { result?: Record<string, unknown> } | undefined)?.result;
    counts.push({
      call,
      input,
      page,
      status: result.statusCode,
      items: Array.isArray(answer?.[itemsKey]) ? (answer[itemsKey] as unknown[]).length : 0,
      requests: requests.length,
      scans: requests.filter((command) => /^Scan/.test(command)).length,
      commands: requests,
      ms: Math.round(ms * 10) / 10,
    });
    cursor = answer?.nextCursor as string | undefined;
    if (result.statusCode !== 200 || !cursor) break;
  }
  return counts;
}

/** A few pages of every administration list over the scale data, as a level-9 administrator. */
export async function measureListPages(claims: Record<string, string>, origin: string): Promise<PageCount[]> {
  const counts: PageCount[] = [];
  counts.push(...(await pageThrough('listUsers', {}, 'users', 3, claims, origin)));
  counts.push(...(await pageThrough('listUsers', { limit: 50 }, 'users', 3, claims, origin)));
  counts.push(...(await pageThrough('listUsers', { filter: 'user-01', limit: 50 }, 'users', 3, claims, origin)));
  counts.push(...(await pageThrough('listUsers', { filter: 'Scale User 42' }, 'users', 3, claims, origin)));
  counts.push(...(await pageThrough('listUsers', { filter: 'nobody-by-this-text' }, 'users', 3, claims, origin)));
  counts.push(...(await pageThrough('listCompanies', {}, 'companies', 3, claims, origin)));
  counts.push(...(await pageThrough('listCompanies', { limit: 100 }, 'companies', 3, claims, origin)));
  counts.push(...(await pageThrough('listCompanies', { filter: 'co-05', limit: 25 }, 'companies', 3, claims, origin)));
  counts.push(...(await pageThrough('listCompanyUsers', { slug: bigCompany }, 'users', 3, claims, origin)));
  counts.push(...(await pageThrough('listCompanyUsers', { slug: bigCompany, limit: 25 }, 'users', 3, claims, origin)));
  counts.push(
    ...(await pageThrough('listCompanyUsers', { slug: bigCompany, filter: '0042' }, 'users', 3, claims, origin)),
  );
  // The session of an analyst who sees every company lists them all: one Query at this scale too.
  counts.push(...(await pageThrough('getSession', {}, 'companyList', 1, claims, origin)));
  return counts;
}
