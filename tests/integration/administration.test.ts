// Administration (companies, company users and invitations, platform users and services, profile),
// through the API handler as each kind of administrator, against DynamoDB Local, the SES emulator and
// the local Cognito endpoint.
import {
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
  GetTokensFromRefreshTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { getCompanyRecord } from '../../lambdas/kernel/companies/company-records.js';
import { createUser } from '../../lambdas/kernel/users/create-user.js';
import { findIdentity } from '../../lambdas/kernel/users/identity-provider.js';
import { loadUserAccess } from '../../lambdas/kernel/users/user-records.js';
import { postCall } from '../support/api.js';
import { amplifyStorage, completeSignIn, configureAmplify, currentIdToken } from '../support/amplify.js';
import { mailsTo, nextSignInLink, tokenOf } from '../support/outbox.js';
import { signedInCaller } from '../support/signed-in-call.js';
import { createTestUser } from '../support/users.js';

const stack = inject('localStack');
const cognito = new CognitoIdentityProviderClient({ endpoint: `${stack.appUrl}/cognito`, region: 'eu-west-1' });
const uniqueSlug = () => `co-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`;
const uniqueEmail = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@test.example`;

let admin: ReturnType<typeof signedInCaller>;
let analyst7: ReturnType<typeof signedInCaller>;

beforeAll(async () => {
  admin = signedInCaller(await createTestUser({ userType: 'analyst', accessLevel: 9, displayName: 'Ada Admin' }));
  analyst7 = signedInCaller(await createTestUser({ userType: 'analyst', accessLevel: 7 }));
  configureAmplify();
});

describe('companies (level 7)', () => {
  it('creates a company with its flags, and never overwrites an existing slug', async () => {
    const slug = uniqueSlug();
    const created = await admin('createCompany', {
      slug,
      companyName: 'Wayne Enterprises',
      flags: { enableDast: true },
    });
    const again = await analyst7('createCompany', { slug, companyName: 'Impostor Inc' });

    expect(created.statusCode).toBe(200);
    expect(created.body.result).toMatchObject({
      slug,
      companyName: 'Wayne Enterprises',
      enableDast: true,
      enableViewResultsNetwork: false,
      memberCount: 0,
      version: 1,
    });
    expect(again).toEqual({
      statusCode: 409,
      body: { error: { status: 'ALREADY_EXISTS', message: `slug: a company with the slug "${slug}" already exists` } },
    });
    expect((await getCompanyRecord(slug))?.companyName).toBe('Wayne Enterprises');
  });

  it.each([
    [
      'an invalid slug',
      { slug: 'Bad Slug!', companyName: 'X' },
      'slug: must be 3 to 40 lowercase letters, digits or dashes',
    ],
    ['a too short slug', { slug: 'ab', companyName: 'X' }, 'slug: must be 3 to 40'],
    ['an empty name', { slug: 'valid-slug', companyName: '  ' }, 'companyName: is required'],
    [
      'an unknown flag',
      { slug: 'valid-slug', companyName: 'X', flags: { enableEverything: true } },
      'flags: Unrecognized key',
    ],
  ])('refuses %s with INVALID_ARGUMENT naming the field', async (_case, input, message) => {
    const answer = await admin('createCompany', input);
    expect(answer.statusCode).toBe(400);
    expect(answer.body.error.message).toContain(message);
  });

  it('edits carry updatedAt and updatedBy; a second editor with the old version gets a conflict and the current value', async () => {
    const slug = uniqueSlug();
    await admin('createCompany', { slug, companyName: 'Before' });
    const first = await admin('updateCompany', {
      slug,
      version: 1,
      companyName: 'First edit',
      flags: { enableDast: true },
    });
    const second = await analyst7('updateCompany', { slug, version: 1, companyName: 'Second edit' });

    expect(first.body.result).toMatchObject({
      companyName: 'First edit',
      enableDast: true,
      version: 2,
      updatedBy: expect.stringContaining('@'),
    });
    expect(second.statusCode).toBe(409);
    expect(second.body.error.status).toBe('ABORTED');
    expect(second.body.error.details.current).toMatchObject({ companyName: 'First edit', version: 2 });
    expect((await getCompanyRecord(slug))?.companyName).toBe('First edit');
  });

  it('lists companies a page at a time, with member counts, and by filter text', async () => {
    const prefix = `pg-${Date.now().toString(36)}`;
    for (const n of [1, 2, 3]) await admin('createCompany', { slug: `${prefix}-${n}`, companyName: `Paged ${n}` });
    const first = await admin('listCompanies', { filter: prefix, limit: 2 });
    const second = await admin('listCompanies', { filter: prefix, limit: 2, cursor: first.body.result.nextCursor });

    expect(first.body.result.companies.map((company: { slug: string }) => company.slug)).toEqual([
      `${prefix}-1`,
      `${prefix}-2`,
    ]);
    expect(second.body.result.companies.map((company: { slug: string }) => company.slug)).toEqual([`${prefix}-3`]);
    expect(first.body.result.companies[0].memberCount).toBe(0);
  });
});

describe('company users and invitations', () => {
  it("invites a new person: the same answer as for anyone, a pending invitation, and the mail's link signs them in to accept it", async () => {
    const slug = uniqueSlug();
    await admin('createCompany', { slug, companyName: 'Invited Co', flags: { enableViewResultsNetwork: true } });
    const email = uniqueEmail('invitee');

    const answer = await admin('inviteCompanyUser', {
      slug,
      email,
      accessLevel: 2,
      servicesEnabled: ['network'],
      url: stack.appUrl,
    });

    expect(answer.statusCode).toBe(200);
    expect(answer.body.result).toEqual({ invited: true });
    const uid = await findIdentity(email);
    expect(await loadUserAccess(uid!)).toMatchObject({ email, companies: [], claims: { userType: 'customer' } });
    expect((await getCompanyRecord(slug))?.memberCount).toBe(0);
    expect((await admin('listCompanyUsers', { slug })).body.result.users).toEqual([]);
    const [mail] = await mailsTo(email);
    expect(mail?.subject).toBe('Invited Co invited you to Security Portal');
    expect(mail?.body.text).toContain('Ada Admin invited you to join Invited Co on Security Portal.');

    const link = await nextSignInLink(email, 0);
    expect((await completeSignIn(email, tokenOf(link))).isSignedIn).toBe(true);
    const token = await currentIdToken();
    const pending = await postCall('getSession', { data: {} }, { token });
    expect(pending.body.result).toMatchObject({
      company: null,
      companyList: [],
      invitations: [{ slug, companyName: 'Invited Co', accessLevel: 2, invitedBy: 'Ada Admin' }],
    });

    const accepted = await postCall('respondToInvitation', { data: { slug, answer: 'accept' } }, { token });
    expect(accepted.body.result).toEqual({ slug, companyName: 'Invited Co', answer: 'accept' });
    const session = await postCall('getSession', { data: {} }, { token });
    expect(session.body.result).toMatchObject({
      company: slug,
      companyList: [{ slug, companyName: 'Invited Co' }],
      invitations: [],
      userAccess: { claims: { accessLevel: 2 }, servicesEnabled: ['network'] },
    });
    expect((await getCompanyRecord(slug))?.memberCount).toBe(1);
    const members = await admin('listCompanyUsers', { slug });
    expect(members.body.result.users).toEqual([
      expect.objectContaining({
        email,
        accessLevel: 2,
        servicesEnabled: ['network'],
        lastSignInAt: expect.any(Number),
      }),
    ]);
  });

  it('invites an existing person without telling so, and without making them a member until they accept', async () => {
    const slug = uniqueSlug();
    await admin('createCompany', { slug, companyName: 'Second Home' });
    const existing = await createTestUser({ accessLevel: 2, companies: ['acme'] });
    const stranger = uniqueEmail('nobody');

    const first = await admin('inviteCompanyUser', { slug, email: existing.email, accessLevel: 1, url: stack.appUrl });
    const unknown = await admin('inviteCompanyUser', { slug, email: stranger, accessLevel: 1, url: stack.appUrl });

    expect(first.statusCode).toBe(200);
    expect(first.body).toEqual(unknown.body);
    expect((await loadUserAccess(existing.uid))?.companies).toEqual(['acme']);
    expect((await getCompanyRecord(slug))?.memberCount).toBe(0);
    const [mail] = await mailsTo(existing.email);
    expect(mail?.subject).toBe('Second Home invited you to Security Portal');

    const invitee = signedInCaller(existing);
    const declined = await invitee('respondToInvitation', { slug, answer: 'decline' });
    expect(declined.body.result).toMatchObject({ answer: 'decline' });
    expect((await invitee('getSession', {})).body.result.invitations).toEqual([]);
    expect((await invitee('respondToInvitation', { slug, answer: 'accept' })).body.error).toEqual({
      status: 'NOT_FOUND',
      message: 'slug: no invitation from this company is waiting for you',
    });

    await admin('inviteCompanyUser', { slug, email: existing.email, accessLevel: 1, url: stack.appUrl });
    await invitee('respondToInvitation', { slug, answer: 'accept' });
    expect((await loadUserAccess(existing.uid))?.companies).toEqual(['acme', slug]);
    expect((await loadUserAccess(existing.uid))?.memberships).toEqual({
      acme: { accessLevel: 2, servicesEnabled: [] },
      [slug]: { accessLevel: 1, servicesEnabled: [] },
    });
    const again = await admin('inviteCompanyUser', { slug, email: existing.email, accessLevel: 1, url: stack.appUrl });
    expect(again.statusCode).toBe(409);
    expect(again.body.error.message).toBe(`email: ${existing.email} is already a member of this company`);
    expect((await getCompanyRecord(slug))?.memberCount).toBe(1);
  });

  it('a level 3 manager cannot raise anyone to 4, nor invite at 4, nor act outside their company; nothing is written', async () => {
    const manager = signedInCaller(await createTestUser({ accessLevel: 3, companies: ['acme'] }));
    const member = await createTestUser({ accessLevel: 1, companies: ['acme'] });
    const stranger = await createTestUser({ accessLevel: 1, companies: ['globex'] });
    const inviteEmail = uniqueEmail('too-high');

    const raise = await manager('updateCompanyUser', { slug: 'acme', uid: member.uid, version: 1, accessLevel: 4 });
    const invite = await manager('inviteCompanyUser', {
      slug: 'acme',
      email: inviteEmail,
      accessLevel: 4,
      url: stack.appUrl,
    });
    const outside = await manager('updateCompanyUser', {
      slug: 'globex',
      uid: stranger.uid,
      version: 1,
      accessLevel: 2,
    });
    const notMember = await manager('updateCompanyUser', {
      slug: 'acme',
      uid: stranger.uid,
      version: 1,
      accessLevel: 2,
    });

    expect(raise.body.error).toEqual({
      status: 'PERMISSION_DENIED',
      message: 'accessLevel: you cannot give a level above your own here (3).',
    });
    expect(invite.body.error.message).toBe('accessLevel: you cannot give a level above your own here (3).');
    expect(outside.body.error.status).toBe('PERMISSION_DENIED');
    expect(notMember.body.error.status).toBe('PERMISSION_DENIED');
    expect((await loadUserAccess(member.uid))?.claims.accessLevel).toBe(1);
    expect(await mailsTo(inviteEmail)).toEqual([]);
    await expect(
      cognito.send(new AdminGetUserCommand({ UserPoolId: stack.userPoolId, Username: inviteEmail })),
    ).rejects.toMatchObject({ name: 'UserNotFoundException' });

    const allowed = await manager('updateCompanyUser', {
      slug: 'acme',
      uid: member.uid,
      version: 1,
      accessLevel: 3,
      servicesEnabled: ['dast'],
    });
    expect(allowed.body.result).toMatchObject({
      email: member.email,
      accessLevel: 3,
      servicesEnabled: ['dast'],
      version: 2,
    });
    expect((await loadUserAccess(member.uid))?.claims._synced).toEqual(expect.any(Number));
  });

  it('two editors of the same member: the second gets a conflict with the current value', async () => {
    const member = await createTestUser({ accessLevel: 1, companies: ['acme'] });
    const first = await admin('updateCompanyUser', { slug: 'acme', uid: member.uid, version: 1, accessLevel: 2 });
    const second = await analyst7('updateCompanyUser', { slug: 'acme', uid: member.uid, version: 1, accessLevel: 0 });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(409);
    expect(second.body.error.details.current).toMatchObject({
      uid: member.uid,
      email: member.email,
      version: 2,
      accessLevel: 2,
    });
    expect((await loadUserAccess(member.uid))?.claims.accessLevel).toBe(2);
  });

  it('removes a member: the company leaves their access and the member count drops', async () => {
    const slug = uniqueSlug();
    await admin('createCompany', { slug, companyName: 'Leaving Co' });
    const leaver = await createTestUser({ accessLevel: 1, companies: [slug] });
    const { uid } = leaver;
    expect((await getCompanyRecord(slug))?.memberCount).toBe(1);

    const removed = await admin('removeCompanyUser', { slug, uid, version: 1 });

    expect(removed.body.result).toEqual({ removed: true });
    expect((await loadUserAccess(uid))?.companies).toEqual([]);
    expect((await getCompanyRecord(slug))?.memberCount).toBe(0);
    expect((await admin('listCompanyUsers', { slug })).body.result.users).toEqual([]);
  });

  it('creating a user is all or nothing: when the records cannot be written, no Cognito identity remains', async () => {
    const email = uniqueEmail('half-made');
    await expect(
      createUser({ email, userType: 'customer', accessLevel: 1, companies: ['no-such-company'], createdBy: 'test' }),
    ).rejects.toMatchObject({
      status: 'INVALID_ARGUMENT',
    });
    await expect(
      cognito.send(new AdminGetUserCommand({ UserPoolId: stack.userPoolId, Username: email })),
    ).rejects.toMatchObject({ name: 'UserNotFoundException' });
  });

  it.each([
    ['an invalid e-mail', { email: 'not an email' }, 'email: must be an e-mail address'],
    ['a level outside 0 to 9', { accessLevel: 10 }, 'accessLevel: must be 0 to 9'],
    ['a negative level', { accessLevel: -1 }, 'accessLevel: must be 0 to 9'],
    [
      'an unknown service',
      { servicesEnabled: ['teleportation'] },
      'servicesEnabled.0: must be one of projectmariana, password_cracking, dast, network, cloud',
    ],
    ['a link to another site', { url: 'https://evil.example' }, 'url: this origin is not allowed'],
  ])('refuses %s with INVALID_ARGUMENT naming the field, and invites nobody', async (_case, change, message) => {
    const email = uniqueEmail('bad');
    const answer = await admin('inviteCompanyUser', {
      slug: 'acme',
      email,
      accessLevel: 1,
      url: stack.appUrl,
      ...change,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.body.error.message).toContain(message);
    await expect(
      cognito.send(new AdminGetUserCommand({ UserPoolId: stack.userPoolId, Username: email })),
    ).rejects.toMatchObject({ name: 'UserNotFoundException' });
  });
});

describe('platform users (level 9)', () => {
  it('lists every user by filter text, a page at a time', async () => {
    const prefix = `search-${Date.now()}`;
    for (const n of [1, 2, 3]) await createTestUser({ email: `${prefix}-${n}@test.example` });
    const first = await admin('listUsers', { filter: prefix.toUpperCase(), limit: 2 });
    const second = await admin('listUsers', { filter: prefix, limit: 2, cursor: first.body.result.nextCursor });
    const emails = [...first.body.result.users, ...second.body.result.users].map(
      (user: { email: string }) => user.email,
    );
    expect(emails).toEqual([1, 2, 3].map((n) => `${prefix}-${n}@test.example`));
  });

  it('edits type, level, companies and services; memberships follow; the change is an event everyone-level 9 sees', async () => {
    const user = await createTestUser({ accessLevel: 1, companies: ['acme'], displayName: 'Dee Edited' });
    const acmeBefore = (await getCompanyRecord('acme'))!.memberCount!;
    const answer = await admin('updateUserAccess', {
      uid: user.uid,
      version: 1,
      userType: 'analyst',
      accessLevel: 6,
      companies: ['globex'],
      servicesManaged: ['password_cracking'],
    });
    expect(answer.body.result).toMatchObject({
      displayName: 'Dee Edited',
      userType: 'analyst',
      accessLevel: 6,
      companies: ['globex'],
      servicesManaged: ['password_cracking'],
      version: 2,
    });
    expect((await getCompanyRecord('acme'))!.memberCount).toBe(acmeBefore - 1);
    const everyone = await admin('listEvents', { scope: 'everyone', limit: 20 });
    expect(
      everyone.body.result.events.some(
        (event: { summary: string }) => event.summary === `Changed ${user.email}'s access`,
      ),
    ).toBe(true);
    expect((await signedInCaller(user)('listEvents', { scope: 'everyone' })).body.error.status).toBe(
      'PERMISSION_DENIED',
    );
  });

  it("'Sign out everywhere' refuses the user's current token and their refresh token", async () => {
    const user = await createTestUser({ accessLevel: 1 });
    await postCall('sendSignInLink', { data: { email: user.email, url: stack.appUrl } });
    await completeSignIn(user.email, tokenOf(await nextSignInLink(user.email, 0)));
    const idToken = await currentIdToken();
    const refreshToken = amplifyStorage.refreshToken()!;
    expect((await postCall('getSession', { data: {} }, { token: idToken })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1000)); // a later second than the token's auth_time

    expect((await admin('signOutEverywhere', { uid: user.uid })).statusCode).toBe(200);

    expect((await postCall('getSession', { data: {} }, { token: idToken })).status).toBe(401);
    await expect(
      cognito.send(
        new GetTokensFromRefreshTokenCommand({ ClientId: stack.userPoolClientId, RefreshToken: refreshToken }),
      ),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });
});

describe('profile', () => {
  it('saves display name, photo and colour scheme; a stale version gets a conflict', async () => {
    const user = await createTestUser({ accessLevel: 1 });
    const call = signedInCaller(user);
    const saved = await call('updateProfile', {
      version: 1,
      displayName: 'New Name',
      photoURL: 'https://example.com/me.png',
      colorScheme: 'dark',
    });
    const stale = await call('updateProfile', { version: 1, displayName: 'Other Window' });
    const badPhoto = await call('updateProfile', { version: 2, photoURL: 'javascript:alert(1)' });

    expect(saved.body.result).toMatchObject({
      user: { displayName: 'New Name', photoURL: 'https://example.com/me.png', version: 2 },
      userPreferences: { colorScheme: 'dark' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.body.error.details.current).toMatchObject({ displayName: 'New Name' });
    expect(badPhoto.body.error.message).toBe('photoURL: must be an https:// address');
    expect((await call('getSession', {})).body.result).toMatchObject({
      user: { displayName: 'New Name' },
      userPreferences: { colorScheme: 'dark' },
    });
  });
});

describe('a 10 MB body', () => {
  it('gets INVALID_ARGUMENT naming the field, through the local API, and nothing is written', async () => {
    const { email } = await createTestUser({ userType: 'analyst', accessLevel: 7 });
    await postCall('sendSignInLink', { data: { email, url: stack.appUrl } });
    await completeSignIn(email, tokenOf(await nextSignInLink(email, 0)));
    const slug = uniqueSlug();

    const answer = await postCall(
      'createCompany',
      { data: { slug, companyName: 'x'.repeat(10 * 1000 * 1000 - 100) } },
      { token: await currentIdToken() },
    );

    expect(answer.status).toBe(400);
    expect(answer.body.error).toEqual({
      status: 'INVALID_ARGUMENT',
      message: 'companyName: must be at most 100 characters',
      details: { issues: [{ field: 'companyName', message: 'must be at most 100 characters' }] },
    });
    expect(await getCompanyRecord(slug)).toBeUndefined();
  });

  it('a caller without the right gets PERMISSION_DENIED before the input is looked at', async () => {
    const customer = signedInCaller(await createTestUser({ accessLevel: 3, companies: ['acme'] }));
    expect((await customer('createCompany', { slug: 'BAD SLUG' })).body.error.status).toBe('PERMISSION_DENIED');
  });
});
