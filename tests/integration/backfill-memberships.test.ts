// `npm run backfill:memberships` (lambdas/kernel/users/backfill-memberships.ts) on access records as they were
// written before per-company levels: without `memberships`. After it, each such record holds one membership per
// company at its old level and services, so every company answers as before; it leaves the version alone,
// never touches a record that has memberships, never overwrites a change made meanwhile, and a second run
// writes nothing.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { membershipOf } from '../../lambdas/kernel/access/rules.js';
import { readConfig } from '../../lambdas/kernel/config.js';
import { documentClient } from '../../lambdas/kernel/data/client.js';
import { backfillMemberships, writeMemberships } from '../../lambdas/kernel/users/backfill-memberships.js';
import { loadUserAccess } from '../../lambdas/kernel/users/user-records.js';
import { signedInCaller } from '../support/signed-in-call.js';
import { createTestUser } from '../support/users.js';

const run = randomUUID().slice(0, 8);
const companies = [`bf-one-${run}`, `bf-two-${run}`];
const elsewhere = `bf-none-${run}`;

/** Makes a stored access record look as it did before memberships existed. */
async function makeLegacy(uid: string): Promise<void> {
  await documentClient.send(
    new UpdateCommand({
      TableName: readConfig().TABLE_NAME,
      Key: { pk: `USER#${uid}`, sk: 'ACCESS' },
      UpdateExpression: 'REMOVE memberships',
    }),
  );
}

async function access(uid: string) {
  const record = await loadUserAccess(uid);
  if (!record) throw new Error(`no access record for ${uid}`);
  return record;
}

/** What each company (and one the user is not in) answers for the record. */
const answers = (record: Awaited<ReturnType<typeof access>>) =>
  Object.fromEntries([...companies, elsewhere].map((slug) => [slug, membershipOf(record, slug)]));

let legacy: { uid: string };
let analyst: { uid: string };
let current: { uid: string };
let edited: { uid: string };

beforeAll(async () => {
  const admin = await createTestUser({ userType: 'analyst', accessLevel: 9 });
  const asAdmin = signedInCaller(admin);
  for (const slug of [...companies, elsewhere]) {
    expect((await asAdmin('createCompany', { slug, companyName: `Backfill ${slug}` })).statusCode).toBe(200);
  }
  legacy = await createTestUser({ accessLevel: 3, companies, servicesEnabled: ['dast', 'network'] });
  analyst = await createTestUser({ userType: 'analyst', accessLevel: 6, companies: [companies[1]!] });
  current = await createTestUser({
    memberships: {
      [companies[0]!]: { accessLevel: 1, servicesEnabled: ['cloud'] },
      [companies[1]!]: { accessLevel: 5, servicesEnabled: [] },
    },
  });
  edited = await createTestUser({ accessLevel: 2, companies: [companies[0]!] });
  for (const { uid } of [legacy, analyst, edited]) await makeLegacy(uid);
});

describe('backfill of per-company memberships', () => {
  it('writes each legacy record the memberships it already read as, without bumping its version', async () => {
    const before = await access(legacy.uid);
    const analystBefore = await access(analyst.uid);
    const currentBefore = await access(current.uid);

    const first = await backfillMemberships();

    expect(before.memberships).toBeUndefined();
    const after = await access(legacy.uid);
    expect(after.memberships).toEqual({
      [companies[0]!]: { accessLevel: 3, servicesEnabled: ['dast', 'network'] },
      [companies[1]!]: { accessLevel: 3, servicesEnabled: ['dast', 'network'] },
    });
    expect(answers(after)).toEqual(answers(before));
    expect({ ...after, memberships: undefined }).toEqual({ ...before, memberships: undefined });
    const analystAfter = await access(analyst.uid);
    expect(analystAfter.memberships).toEqual({ [companies[1]!]: { accessLevel: 6, servicesEnabled: [] } });
    expect(answers(analystAfter)).toEqual(answers(analystBefore));
    expect(await access(current.uid)).toEqual(currentBefore);
    expect(first.written).toBeGreaterThanOrEqual(3);
    expect(first.scanned).toBe(first.written + first.alreadyDone + first.changedMeanwhile);

    const second = await backfillMemberships();

    expect(second.written).toBe(0);
    expect(second.alreadyDone).toBeGreaterThanOrEqual(first.written);
    expect(await access(legacy.uid)).toEqual(after);
  });

  it('leaves a record edited after it was read as the edit made it', async () => {
    const stale = await access(edited.uid);
    await makeLegacy(edited.uid);
    // Someone edits the record (still without memberships) between the backfill's read and its write.
    await documentClient.send(
      new UpdateCommand({
        TableName: readConfig().TABLE_NAME,
        Key: { pk: `USER#${edited.uid}`, sk: 'ACCESS' },
        UpdateExpression: 'SET claims.accessLevel = :level, version = version + :one',
        ExpressionAttributeValues: { ':level': 4, ':one': 1 },
      }),
    );

    const wrote = await writeMemberships({ ...stale, memberships: undefined });

    expect(wrote).toBe(false);
    const now = await access(edited.uid);
    expect(now.memberships).toBeUndefined();
    expect(now.claims.accessLevel).toBe(4);
    expect(membershipOf(now, companies[0]!)).toEqual({ accessLevel: 4, servicesEnabled: [] });
  });
});
