// `npm run backfill:lists` (lambdas/kernel/search/backfill.ts) on items as they were written before the
// lists' text filter: a profile, a company and an event without search text, a membership without its
// index keys. Before it, the filters do not find them and the member is missing from its company's list;
// after it, they are found again and listed; a second run has nothing left to do.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../lambdas/kernel/config.js';
import { documentClient } from '../../lambdas/kernel/data/client.js';
import { eventPartition, eventSortKey } from '../../lambdas/kernel/data/entities/events.js';
import { backfillListFields } from '../../lambdas/kernel/search/backfill.js';
import { signedInCaller } from '../support/signed-in-call.js';
import { createTestUser } from '../support/users.js';

const run = randomUUID().slice(0, 8);
const company = { slug: `old-${run}`, companyName: `Olden Co ${run}` };
let admin: { uid: string; email: string };
let asAdmin: ReturnType<typeof signedInCaller>;
let member: { uid: string; email: string };

/** Removes attributes from a stored item, as an item written before they existed. */
async function remove(key: { pk: string; sk: string }, attributes: string[]): Promise<void> {
  await documentClient.send(
    new UpdateCommand({
      TableName: readConfig().TABLE_NAME,
      Key: key,
      UpdateExpression: `REMOVE ${attributes.map((_, index) => `#a${index}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(attributes.map((name, index) => [`#a${index}`, name])),
    }),
  );
}

const found = async (call: string, input: object, rowsKey: string, key: string) =>
  ((await asAdmin(call, input)).body.result[rowsKey] as Record<string, string>[]).map((row) => row[key]);

beforeAll(async () => {
  admin = await createTestUser({ userType: 'analyst', accessLevel: 9 });
  asAdmin = signedInCaller(admin);
  expect((await asAdmin('createCompany', company)).statusCode).toBe(200);
  member = await createTestUser({ displayName: `Old Timer ${run}`, companies: [company.slug] });
  const [event] = (await asAdmin('listEvents', { filter: company.slug })).body.result.events;

  await remove({ pk: `USER#${member.uid}`, sk: 'PROFILE' }, ['profileSearchText', 'accessSearchText']);
  await remove({ pk: `COMPANY#${company.slug}`, sk: 'COMPANY' }, ['searchText']);
  await remove({ pk: `COMPANY#${company.slug}`, sk: `MEMBER#${member.uid}` }, ['gsi1pk', 'gsi1sk']);
  await remove({ pk: eventPartition(admin.uid), sk: eventSortKey(event.createdAt, event.id) }, ['searchText']);
});

describe('backfill of the lists’ fields', () => {
  it('makes old items findable and listed again, and has nothing left to do the second time', async () => {
    const before = {
      user: await found('listUsers', { filter: `old timer ${run}` }, 'users', 'email'),
      company: await found('listCompanies', { filter: company.companyName }, 'companies', 'slug'),
      members: await found('listCompanyUsers', { slug: company.slug }, 'users', 'email'),
      event: await found('listEvents', { filter: company.slug }, 'events', 'summary'),
    };

    const first = await backfillListFields();
    const second = await backfillListFields();

    expect(before).toEqual({ user: [], company: [], members: [], event: [] });
    expect(first.users).toBeGreaterThanOrEqual(1);
    expect(first.companies).toBeGreaterThanOrEqual(1);
    expect(first.memberships).toBeGreaterThanOrEqual(1);
    expect(first.events).toBeGreaterThanOrEqual(1);
    expect(second).toEqual({ users: 0, companies: 0, memberships: 0, events: 0 });
    expect(await found('listUsers', { filter: `old timer ${run}` }, 'users', 'email')).toEqual([member.email]);
    expect(await found('listCompanies', { filter: company.companyName }, 'companies', 'slug')).toEqual([company.slug]);
    expect(await found('listCompanyUsers', { slug: company.slug }, 'users', 'email')).toEqual([member.email]);
    expect(await found('listEvents', { filter: company.slug }, 'events', 'summary')).toEqual([
      `Created company ${company.companyName} (${company.slug})`,
    ]);
  });
});
