// Tenant boundaries with a member shared by two companies: a customer's level and services belong to each
// membership, a company's administrators act on that company's memberships only, and an invitation tells
// the inviter nothing and makes nobody a member without their consent. Each case is a break a penetration
// test found when one level served every company.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { getCompanyRecord } from '../../lambdas/kernel/companies/company-records.js';
import { findIdentity } from '../../lambdas/kernel/users/identity-provider.js';
import { loadUserAccess } from '../../lambdas/kernel/users/user-records.js';
import { mailsTo } from '../support/outbox.js';
import { signedInCaller } from '../support/signed-in-call.js';
import { scanTable } from '../support/table-scan.js';
import { createTestUser } from '../support/users.js';

const stack = inject('localStack');
const unique = (name: string) => `${name}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`;
const uniqueEmail = (name: string) => `${unique(name)}@test.example`;

type Call = ReturnType<typeof signedInCaller>;
let admin9: Call;

/** Two fresh companies and their administrators, so no other test's data is touched. */
async function twoCompanies() {
  const acme = unique('acme');
  const globex = unique('globex');
  for (const slug of [acme, globex]) {
    await admin9('createCompany', {
      slug,
      companyName: `${slug} Corp`,
      flags: { enableDast: true, enableViewResultsNetwork: true },
    });
  }
  const acmeAdmin = await createTestUser({ memberships: { [acme]: { accessLevel: 3, servicesEnabled: [] } } });
  const globexAdmin = await createTestUser({ memberships: { [globex]: { accessLevel: 3, servicesEnabled: [] } } });
  const shared = await createTestUser({
    memberships: {
      [acme]: { accessLevel: 1, servicesEnabled: ['dast'] },
      [globex]: { accessLevel: 1, servicesEnabled: [] },
    },
  });
  return { acme, globex, acmeAdmin, globexAdmin, shared };
}

beforeAll(async () => {
  admin9 = signedInCaller(await createTestUser({ userType: 'analyst', accessLevel: 9 }));
});

describe('a level per membership', () => {
  it('raising a shared member to 3 in one company gives them nothing in the other (no Globex users, invitations or rules)', async () => {
    const { acme, globex, acmeAdmin, shared } = await twoCompanies();
    const raised = await signedInCaller(acmeAdmin)('updateCompanyUser', {
      slug: acme,
      uid: shared.uid,
      version: 1,
      accessLevel: 3,
    });
    expect(raised.body.result).toMatchObject({ accessLevel: 3, companies: [acme] });

    const multi = signedInCaller(shared);
    const outsider = uniqueEmail('outsider');
    const users = await multi('listCompanyUsers', { slug: globex });
    const invite = await multi('inviteCompanyUser', {
      slug: globex,
      email: outsider,
      accessLevel: 3,
      url: stack.appUrl,
    });
    const rule = await multi('saveNotificationRule', {
      slug: globex,
      service: 'network',
      minSeverity: 'high',
      cadence: 'immediate',
      recipientMode: 'everyone',
    });

    for (const answer of [users, invite, rule]) {
      expect(answer.statusCode).toBe(403);
      expect(answer.body.error).toEqual({
        status: 'PERMISSION_DENIED',
        message: 'You do not have access to this company.',
      });
    }
    expect(await findIdentity(outsider)).toBeUndefined();
    expect(await mailsTo(outsider)).toEqual([]);
    expect((await multi('listNotificationRules', { slug: acme })).statusCode).toBe(200);
    expect((await multi('listCompanyUsers', { slug: acme })).statusCode).toBe(200);
    expect((await loadUserAccess(shared.uid))?.memberships?.[globex]).toEqual({ accessLevel: 1, servicesEnabled: [] });
  });

  it('the session answers the selected company’s level and services, and switching takes the other’s', async () => {
    const { acme, globex, acmeAdmin, shared } = await twoCompanies();
    await signedInCaller(acmeAdmin)('updateCompanyUser', { slug: acme, uid: shared.uid, version: 1, accessLevel: 3 });
    const multi = signedInCaller(shared);

    const inAcme = await multi('setDefaultCompany', { slug: acme });
    const inGlobex = await multi('setDefaultCompany', { slug: globex });
    const session = await multi('getSession', {});

    expect(inAcme.body.result.userAccess).toMatchObject({ claims: { accessLevel: 3 }, servicesEnabled: ['dast'] });
    expect(inGlobex.body.result.userAccess).toMatchObject({ claims: { accessLevel: 1 }, servicesEnabled: [] });
    expect(session.body.result).toMatchObject({ company: globex, userAccess: { claims: { accessLevel: 1 } } });
    expect(session.body.result.userAccess.memberships).toBeUndefined();
  });

  it("a company's administrator changes and removes only their company's membership of a shared person", async () => {
    const { acme, globex, acmeAdmin, globexAdmin } = await twoCompanies();
    const acmeCall = signedInCaller(acmeAdmin);
    // Globex's administrator accepts an invitation to Acme (level 3 there), then Acme lowers and removes them.
    await acmeCall('inviteCompanyUser', { slug: acme, email: globexAdmin.email, accessLevel: 3, url: stack.appUrl });
    await signedInCaller(globexAdmin)('respondToInvitation', { slug: acme, answer: 'accept' });
    const joined = await loadUserAccess(globexAdmin.uid);

    const lowered = await acmeCall('updateCompanyUser', {
      slug: acme,
      uid: globexAdmin.uid,
      version: joined!.version,
      accessLevel: 1,
    });
    expect(lowered.body.result).toMatchObject({ accessLevel: 1, companies: [acme] });
    expect((await loadUserAccess(globexAdmin.uid))?.memberships?.[globex]).toEqual({
      accessLevel: 3,
      servicesEnabled: [],
    });
    expect((await signedInCaller(globexAdmin)('listCompanyUsers', { slug: globex })).statusCode).toBe(200);
    expect((await signedInCaller(globexAdmin)('listCompanyUsers', { slug: acme })).statusCode).toBe(403);

    const removed = await acmeCall('removeCompanyUser', {
      slug: acme,
      uid: globexAdmin.uid,
      version: lowered.body.result.version,
    });
    expect(removed.body.result).toEqual({ removed: true });
    const after = await loadUserAccess(globexAdmin.uid);
    expect(after?.companies).toEqual([globex]);
    expect(after?.memberships).toEqual({ [globex]: { accessLevel: 3, servicesEnabled: [] } });
    expect(after?.claims.accessLevel).toBe(3);
  });

  it("a company's user list shows that company's membership only, and no analyst's platform level", async () => {
    const { acme, globex, acmeAdmin, shared } = await twoCompanies();
    const analyst = await createTestUser({ userType: 'analyst', accessLevel: 9, companies: [acme] });

    const { users } = (await signedInCaller(acmeAdmin)('listCompanyUsers', { slug: acme })).body.result;

    const sharedRow = users.find((row: { uid: string }) => row.uid === shared.uid);
    const analystRow = users.find((row: { uid: string }) => row.uid === analyst.uid);
    expect(sharedRow).toMatchObject({ companies: [acme], accessLevel: 1, servicesEnabled: ['dast'] });
    expect(JSON.stringify(users)).not.toContain(globex);
    expect(analystRow).toMatchObject({ userType: 'analyst', companies: [acme] });
    expect(analystRow.accessLevel).toBeUndefined();
    const edit = await signedInCaller(acmeAdmin)('updateCompanyUser', {
      slug: acme,
      uid: analyst.uid,
      version: 1,
      accessLevel: 1,
    });
    expect(edit.statusCode).toBe(403);
  });

  it('a level per company never exceeds what the editor holds there', async () => {
    const { acme, globex, shared } = await twoCompanies();
    // Level 3 in Acme, 1 in Globex: may give 3 in Acme, nothing in Globex.
    const split = await createTestUser({
      memberships: {
        [acme]: { accessLevel: 3, servicesEnabled: [] },
        [globex]: { accessLevel: 1, servicesEnabled: [] },
      },
    });
    const call = signedInCaller(split);
    const inGlobex = await call('updateCompanyUser', { slug: globex, uid: shared.uid, version: 1, accessLevel: 2 });
    const tooHigh = await call('updateCompanyUser', { slug: acme, uid: shared.uid, version: 1, accessLevel: 4 });
    expect(inGlobex.statusCode).toBe(403);
    expect(tooHigh.body.error).toEqual({
      status: 'PERMISSION_DENIED',
      message: 'accessLevel: you cannot give a level above your own here (3).',
    });
    expect((await loadUserAccess(shared.uid))?.version).toBe(1);
  });
});

describe('invitations', () => {
  it('answer the same for an address with an account and one without, and make no member until accepted', async () => {
    const { acme, acmeAdmin, globexAdmin } = await twoCompanies();
    const call = signedInCaller(acmeAdmin);
    const newcomer = uniqueEmail('newcomer');

    const existing = await call('inviteCompanyUser', {
      slug: acme,
      email: globexAdmin.email,
      accessLevel: 1,
      url: stack.appUrl,
    });
    const fresh = await call('inviteCompanyUser', { slug: acme, email: newcomer, accessLevel: 1, url: stack.appUrl });

    expect(existing.statusCode).toBe(200);
    expect(existing.body).toEqual(fresh.body);
    expect(existing.body).toEqual({ result: { invited: true } });
    expect((await loadUserAccess(globexAdmin.uid))?.companies).not.toContain(acme);
    expect((await getCompanyRecord(acme))?.memberCount).toBe(2);
    const invitee = await signedInCaller(globexAdmin)('getSession', {});
    expect(invitee.body.result.invitations).toEqual([
      expect.objectContaining({ slug: acme, companyName: `${acme} Corp`, accessLevel: 1 }),
    ]);
    expect(invitee.body.result.companyList.map((company: { slug: string }) => company.slug)).not.toContain(acme);
    const [mail] = await mailsTo(globexAdmin.email);
    expect(mail?.subject).toBe(`${acme} Corp invited you to Security Portal`);
  });

  it('are limited to 20 an hour per administrator: the 21st is refused with a retry time, and nothing is written', async () => {
    const { acme, acmeAdmin } = await twoCompanies();
    const call = signedInCaller(acmeAdmin);
    for (let n = 0; n < 20; n += 1) {
      const answer = await call('inviteCompanyUser', {
        slug: acme,
        email: uniqueEmail(`bulk${n}`),
        accessLevel: 1,
        url: stack.appUrl,
      });
      expect(answer.statusCode).toBe(200);
    }
    const over = uniqueEmail('over');

    const refused = await call('inviteCompanyUser', { slug: acme, email: over, accessLevel: 1, url: stack.appUrl });

    expect(refused.statusCode).toBe(429);
    expect(refused.body.error.status).toBe('RESOURCE_EXHAUSTED');
    expect(refused.body.error.message).toMatch(/^You have sent 20 invitations this hour; try again in \d+ minutes?\.$/);
    expect(refused.body.error.details.retryAfterSeconds).toBeGreaterThan(0);
    expect(await findIdentity(over)).toBeUndefined();
    expect(await mailsTo(over)).toEqual([]);
    expect(
      await scanTable({ FilterExpression: 'email = :email', ExpressionAttributeValues: { ':email': over } }),
    ).toEqual([]);
  });
});
