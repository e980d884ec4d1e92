// The session calls of spec sections 3 and 4: company selection, the company switch, the events list,
// the watched values, and the company check that never tells whether a company exists.
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { describe, expect, it } from 'vitest';
import { userAccessEntity } from '../../lambdas/kernel/data/entities/users.js';
import { signedInCaller } from '../support/signed-in-call.js';
import { createTestUser } from '../support/users.js';

const companyDenied = { status: 'PERMISSION_DENIED', message: 'You do not have access to this company.' };

describe('getSession: companies (spec section 4)', () => {
  it('an analyst of level 7 or more sees every company; the first is selected without a preference', async () => {
    const call = signedInCaller(await createTestUser({ userType: 'analyst', accessLevel: 7 }));
    const { statusCode, body } = await call('getSession', {});
    expect(statusCode).toBe(200);
    const slugs = body.result.companyList.map((company: { slug: string }) => company.slug);
    expect(slugs).toEqual(expect.arrayContaining(['acme', 'globex']));
    expect(slugs).toEqual([...slugs].sort());
    expect(body.result.company).toBe(slugs[0]);
    expect(body.result.companyDoc.slug).toBe(slugs[0]);
  });

  it('an analyst below 7 without companies has none selected', async () => {
    const call = signedInCaller(await createTestUser({ userType: 'analyst', accessLevel: 5 }));
    const { body } = await call('getSession', {});
    expect(body.result).toMatchObject({ companyList: [], company: null, companyDoc: null });
  });

  it('a customer with one company has it selected, with its flags', async () => {
    const call = signedInCaller(await createTestUser({ accessLevel: 3, companies: ['globex'] }));
    const { body } = await call('getSession', {});
    expect(body.result.companyList).toEqual([{ slug: 'globex', companyName: 'Globex' }]);
    expect(body.result.company).toBe('globex');
    expect(body.result.companyDoc).toMatchObject({ enableViewResultsNetwork: true, enableDast: false });
  });

  it('several companies: the first, then the one switched to, which is kept and recorded as an event', async () => {
    const user = await createTestUser({ accessLevel: 2, companies: ['acme', 'globex'] });
    // An access record may still name a company that is gone: it is left out of the list.
    await userAccessEntity
      .build(UpdateItemCommand)
      .item({ uid: user.uid, companies: ['acme', 'globex', 'no-such-company'] })
      .send();
    const call = signedInCaller(user);
    const before = await call('getSession', {});
    expect(before.body.result.companyList.map((company: { slug: string }) => company.slug)).toEqual(['acme', 'globex']);
    expect(before.body.result.company).toBe('acme');

    const switched = await call('setDefaultCompany', { slug: 'globex' });
    const after = await call('getSession', {});
    const events = await call('listEvents', {});

    expect(switched.body.result).toMatchObject({ defaultCompany: 'globex', companyDoc: { slug: 'globex' } });
    expect(after.body.result).toMatchObject({ company: 'globex', userPreferences: { defaultCompany: 'globex' } });
    expect(events.body.result.events[0]).toMatchObject({
      type: 'defaultCompanyChanged',
      summary: 'Switched to Globex',
      createdByUid: user.uid,
      after: 'globex',
      createdAt: expect.any(Number),
    });
  });

  it('switching to a company one does not belong to, or that does not exist, is refused alike and changes nothing', async () => {
    const call = signedInCaller(await createTestUser({ accessLevel: 3, companies: ['acme'] }));
    expect((await call('setDefaultCompany', { slug: 'globex' })).body.error).toEqual(companyDenied);
    expect((await call('setDefaultCompany', { slug: 'no-such-company' })).body.error).toEqual(companyDenied);
    expect((await call('getSession', {})).body.result.userPreferences).toEqual({});
  });
});

describe('getCompany', () => {
  it('answers members and all-company analysts; refuses others without telling whether the company exists', async () => {
    const admin = signedInCaller(await createTestUser({ userType: 'analyst', accessLevel: 9 }));
    const member = signedInCaller(await createTestUser({ accessLevel: 1, companies: ['acme'] }));
    expect((await admin('getCompany', { slug: 'globex' })).body.result.companyName).toBe('Globex');
    expect((await member('getCompany', { slug: 'acme' })).body.result.companyName).toBe('Acme Corp');
    expect((await member('getCompany', { slug: 'globex' })).body.error).toEqual(companyDenied);
    expect((await admin('getCompany', { slug: 'no-such-company' })).body.error).toEqual(companyDenied);
  });

  it('refuses a malformed slug with INVALID_ARGUMENT naming the field', async () => {
    const call = signedInCaller(await createTestUser({ accessLevel: 1 }));
    const { statusCode, body } = await call('getCompany', { slug: '../ACME' });
    expect(statusCode).toBe(400);
    expect(body.error.message).toBe('slug: must be 3 to 40 lowercase letters, digits or dashes');
  });
});

describe('listEvents', () => {
  it("lists the caller's own events newest first, a page at a time", async () => {
    const user = await createTestUser({ accessLevel: 2, companies: ['acme', 'globex'] });
    const call = signedInCaller(user);
    for (const slug of ['acme', 'globex', 'acme']) {
      await call('setDefaultCompany', { slug });
      await new Promise((resolve) => setTimeout(resolve, 3)); // distinct milliseconds: a clear "newest"
    }
    const other = signedInCaller(await createTestUser({ accessLevel: 2, companies: ['acme'] }));
    await other('setDefaultCompany', { slug: 'acme' });

    const first = await call('listEvents', { limit: 2 });
    const second = await call('listEvents', { limit: 2, cursor: first.body.result.nextCursor });

    const all = [...first.body.result.events, ...second.body.result.events];
    expect(all.map((event: { summary: string }) => event.summary)).toEqual([
      'Switched to Acme Corp',
      'Switched to Globex',
      'Switched to Acme Corp',
    ]);
    expect(all.every((event: { createdByUid: string }) => event.createdByUid === user.uid)).toBe(true);
    expect(all.map((event: { createdAt: number }) => event.createdAt)).toEqual(
      [...all.map((event: { createdAt: number }) => event.createdAt)].sort((a, b) => b - a),
    );
  });

  it('each event names its actor and what it is about, so Home can tell it in words', async () => {
    const analyst = await createTestUser({ userType: 'analyst', accessLevel: 9, displayName: 'Ana Analyst' });
    const call = signedInCaller(analyst);
    const slug = `words-${Date.now().toString(36)}`;
    await call('createCompany', { slug, companyName: 'Words Ltd' });
    const member = await createTestUser({ accessLevel: 1, companies: [slug] });
    const [row] = (await call('listCompanyUsers', { slug })).body.result.users;
    await call('updateCompanyUser', { slug, uid: member.uid, version: row.version, accessLevel: 2 });

    const [changed, created] = (await call('listEvents', { limit: 2 })).body.result.events;

    expect(created).toMatchObject({
      type: 'companyCreated',
      createdByName: 'Ana Analyst',
      subject: { company: { slug, companyName: 'Words Ltd' } },
    });
    expect(changed).toMatchObject({
      type: 'companyUserUpdated',
      createdByName: 'Ana Analyst',
      subject: { user: { uid: member.uid, email: member.email }, company: { slug } },
      before: { accessLevel: 1 },
      after: { accessLevel: 2 },
    });
  });

  it("refuses a forged cursor, or one of another user's list, with INVALID_ARGUMENT", async () => {
    const owner = await createTestUser({ accessLevel: 2, companies: ['acme', 'globex'] });
    const ownerCall = signedInCaller(owner);
    await ownerCall('setDefaultCompany', { slug: 'acme' });
    await ownerCall('setDefaultCompany', { slug: 'globex' });
    const ownersCursor = (await ownerCall('listEvents', { limit: 1 })).body.result.nextCursor;
    const intruder = signedInCaller(await createTestUser({ accessLevel: 2 }));

    for (const cursor of [ownersCursor, 'not-a-cursor', Buffer.from('{"pk":{"$ne":1}}').toString('base64url')]) {
      const { statusCode, body } = await intruder('listEvents', { cursor });
      expect(statusCode).toBe(400);
      expect(body.error.message).toBe('cursor: is not a cursor this list returned');
    }
    expect((await intruder('listEvents', { limit: 101 })).body.error.message).toBe('limit: limit must be 1 to 100');
  });
});

describe('watchSession', () => {
  it('follows the selected company: its version while the caller may read it, not accessible otherwise', async () => {
    const member = signedInCaller(await createTestUser({ accessLevel: 1, companies: ['acme'] }));
    const acme = (await member('getCompany', { slug: 'acme' })).body.result;

    expect((await member('watchSession', { company: 'acme' })).body.result.company).toEqual({
      slug: 'acme',
      accessible: true,
      version: acme.version,
    });
    // Not held and not existing read alike.
    expect((await member('watchSession', { company: 'globex' })).body.result.company).toEqual({
      slug: 'globex',
      accessible: false,
    });
    expect((await member('watchSession', { company: 'no-such-company' })).body.result.company).toEqual({
      slug: 'no-such-company',
      accessible: false,
    });
  });

  it('shows the access version and the revocation and sync times', async () => {
    const user = await createTestUser({ accessLevel: 1 });
    const call = signedInCaller(user, Date.now() - 60_000);
    expect((await call('watchSession', {})).body.result).toEqual({
      accessVersion: 1,
      servicesUpdatedAt: expect.any(Number),
    });

    const synced = Date.now();
    await userAccessEntity
      .build(UpdateItemCommand)
      .item({ uid: user.uid, claims: { _synced: synced } })
      .send();
    expect((await call('watchSession', {})).body.result).toMatchObject({ _synced: synced });

    await userAccessEntity
      .build(UpdateItemCommand)
      .item({ uid: user.uid, claims: { _revoked: Date.now() } })
      .send();
    const refused = await call('watchSession', {});
    expect(refused.statusCode).toBe(401);
    expect(refused.body.error.status).toBe('UNAUTHENTICATED');
  });
});
