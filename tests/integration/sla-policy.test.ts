// A company's SLA policy through the API handler against DynamoDB Local: the defaults until saved (version 0);
// the company's administrator saves days per severity on the version read, recorded as an event; a stale version
// is refused with the current policy; bad days are INVALID_ARGUMENT naming the field, and nothing is written;
// members read it, a level-1 member cannot change it, and another company's people cannot see it.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCompanyAs } from '../../lambdas/kernel/companies/company-admin.js';
import { listEventsCreatedBy } from '../../lambdas/kernel/events/events.js';
import { signedInCaller } from '../support/signed-in-call.js';
import { createTestUser } from '../support/users.js';

let slug: string;
let administrator: ReturnType<typeof signedInCaller>;
let administratorUid: string;
let member: ReturnType<typeof signedInCaller>;
let outsider: ReturnType<typeof signedInCaller>;
let analyst: ReturnType<typeof signedInCaller>;

const days = { critical: 3, high: 14, medium: 60, low: 120 };

beforeAll(async () => {
  slug = `sla-${randomUUID().slice(0, 8)}`;
  await createCompanyAs({ uid: 'tests', email: 'tests@example.com' }, { slug, companyName: 'SLA Co', flags: {} });
  const otherSlug = `${slug}-other`;
  await createCompanyAs(
    { uid: 'tests', email: 'tests@example.com' },
    { slug: otherSlug, companyName: 'Other Co', flags: {} },
  );
  const admin = await createTestUser({ accessLevel: 3, companies: [slug], displayName: 'Ada Admin' });
  administratorUid = admin.uid;
  administrator = signedInCaller(admin);
  member = signedInCaller(await createTestUser({ accessLevel: 1, companies: [slug] }));
  outsider = signedInCaller(await createTestUser({ accessLevel: 3, companies: [otherSlug] }));
  analyst = signedInCaller(await createTestUser({ userType: 'analyst', accessLevel: 7 }));
});

describe("a company's SLA policy", () => {
  it('is the defaults until saved, then what its administrator saved, on the version read, with an event', async () => {
    const before = await member('getSlaPolicy', { slug });
    expect(before.statusCode).toBe(200);
    expect(before.body.result).toEqual({ slug, days: { critical: 7, high: 30, medium: 90, low: 180 }, version: 0 });

    const saved = await administrator('updateSlaPolicy', { slug, days, expectedVersion: 0 });
    expect(saved.statusCode, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.result).toMatchObject({ slug, days, version: 1 });

    const read = await member('getSlaPolicy', { slug });
    expect(read.body.result).toMatchObject({ days, version: 1 });
    const { events } = await listEventsCreatedBy(administratorUid, { limit: 5, descending: true });
    expect(events[0]).toMatchObject({
      type: 'slaPolicyChanged',
      summary: `Set the SLA policy of ${slug} to days to fix: critical 3, high 14, medium 60, low 120 (was critical 7, high 30, medium 90, low 180)`,
    });

    const byAnalyst = await analyst('updateSlaPolicy', { slug, days: { ...days, low: 0 }, expectedVersion: 1 });
    expect(byAnalyst.statusCode).toBe(200);
    expect(byAnalyst.body.result).toMatchObject({ days: { ...days, low: 0 }, version: 2 });
  });

  it('refuses a stale version with the current policy, and keeps it', async () => {
    const current = (await member('getSlaPolicy', { slug })).body.result;
    const stale = await administrator('updateSlaPolicy', {
      slug,
      days: { critical: 1, high: 1, medium: 1, low: 1 },
      expectedVersion: current.version - 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.body.error).toMatchObject({ status: 'ABORTED', details: { current: { version: current.version } } });
    expect((await member('getSlaPolicy', { slug })).body.result).toEqual(current);
  });

  it.each([
    [{ ...days, high: -1 }, 'days.high'],
    [{ ...days, medium: 1.5 }, 'days.medium'],
    [{ ...days, low: 3651 }, 'days.low'],
    [{ ...days, info: 5 }, 'info'],
    [{ critical: 3, high: 14, medium: 60 }, 'days.low'],
    [{ ...days, critical: '7' }, 'days.critical'],
  ])('refuses days %j as INVALID_ARGUMENT naming %s, and writes nothing', async (badDays, field) => {
    const current = (await member('getSlaPolicy', { slug })).body.result;
    const answer = await administrator('updateSlaPolicy', { slug, days: badDays, expectedVersion: current.version });
    expect(answer.statusCode).toBe(400);
    expect(answer.body.error.status).toBe('INVALID_ARGUMENT');
    expect(answer.body.error.message).toContain(field);
    expect((await member('getSlaPolicy', { slug })).body.result).toEqual(current);
  });

  it("lets members read it but not change it, and keeps it from another company's people", async () => {
    const current = (await member('getSlaPolicy', { slug })).body.result;
    const byMember = await member('updateSlaPolicy', { slug, days, expectedVersion: current.version });
    expect(byMember.statusCode).toBe(403);
    expect((await outsider('getSlaPolicy', { slug })).statusCode).toBe(403);
    expect((await outsider('updateSlaPolicy', { slug, days, expectedVersion: current.version })).statusCode).toBe(403);
    expect((await member('getSlaPolicy', { slug })).body.result).toEqual(current);
  });
});
