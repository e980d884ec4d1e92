// The lists' text filter and order on the server (listUsers, listCompanyUsers, listCompanies, listEvents):
// a filter matches any part of a field the row shows, in any case; pages follow the cursor in the list's
// order, either way; the words are kept up to date by every write that changes them; bad filters are
// refused with INVALID_ARGUMENT; and a filtered page stays within the request budget, with no Scan.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { handler } from '../../lambdas/api/handler.js';
import { callEvent, parseResult } from '../support/call-event.js';
import { dynamoDbRequestsOf } from '../support/dynamodb-requests.js';
import { signedInCaller } from '../support/signed-in-call.js';
import { createTestUser } from '../support/users.js';

const { appUrl } = inject('localStack');
const run = randomUUID().slice(0, 8);
type Caller = ReturnType<typeof signedInCaller>;
let admin: { uid: string; email: string };
let asAdmin: Caller;

interface Page<Row> {
  rows: Row[];
  nextCursor?: string;
}

/** Every row of a list for this input, following the cursor (pages may come back empty with a cursor). */
async function listAll<Row>(as: Caller, call: string, input: object, rowsKey: string): Promise<Row[][]> {
  const pages: Row[][] = [];
  let cursor: string | undefined;
  do {
    const answer = await as(call, { ...input, ...(cursor ? { cursor } : {}) });
    expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
    const page: Page<Row> = { rows: answer.body.result[rowsKey], nextCursor: answer.body.result.nextCursor };
    pages.push(page.rows);
    cursor = page.nextCursor;
  } while (cursor);
  return pages;
}

const emailsOf = (pages: { email: string }[][]) => pages.flat().map((row) => row.email);

beforeAll(async () => {
  admin = await createTestUser({ userType: 'analyst', accessLevel: 9, displayName: 'Fay Filter' });
  asAdmin = signedInCaller(admin);
});

describe('platform users (listUsers)', () => {
  const company = { slug: `flt-${run}`, companyName: `Filter Co ${run}` };
  const emails = ['c', 'a', 'b'].map((letter) => `${letter}-${run}@mid${run}.example`);
  let people: { uid: string; email: string }[];

  beforeAll(async () => {
    expect((await asAdmin('createCompany', company)).statusCode).toBe(200);
    people = await Promise.all(
      emails.map((email, index) =>
        createTestUser({ email, displayName: `Person ${index} ${run}`, companies: index === 0 ? [company.slug] : [] }),
      ),
    );
  });

  it('matches any part of the e-mail, in any case, a page at a time in e-mail order, either way', async () => {
    const ascending = await listAll<{ email: string }>(
      asAdmin,
      'listUsers',
      { filter: `MID${run}`, limit: 2 },
      'users',
    );
    const descending = await listAll<{ email: string }>(
      asAdmin,
      'listUsers',
      { filter: `mid${run}.EXAMPLE`, limit: 2, descending: true },
      'users',
    );

    expect(ascending[0]).toHaveLength(2);
    expect(emailsOf(ascending)).toEqual([...emails].sort());
    expect(emailsOf(descending)).toEqual([...emails].sort().reverse());
  });

  it('matches the name, the companies and the labels the row shows', async () => {
    const byName = await listAll<{ email: string }>(asAdmin, 'listUsers', { filter: `person 1 ${run}` }, 'users');
    const byCompany = await listAll<{ email: string }>(asAdmin, 'listUsers', { filter: company.slug }, 'users');

    expect(emailsOf(byName)).toEqual([emails[1]]);
    expect(emailsOf(byCompany)).toEqual([emails[0]]);
  });

  it('follows access changes, profile edits and accepted invitations of existing users', async () => {
    const [first, second, third] = people as [(typeof people)[0], (typeof people)[0], (typeof people)[0]];
    const other = { slug: `flt2-${run}`, companyName: `Other Co ${run}` };
    expect((await asAdmin('createCompany', other)).statusCode).toBe(200);

    const changed = await asAdmin('updateUserAccess', { uid: second.uid, version: 1, companies: [company.slug] });
    expect(changed.statusCode, JSON.stringify(changed.body)).toBe(200);
    const invited = await asAdmin('inviteCompanyUser', {
      slug: other.slug,
      email: third.email,
      accessLevel: 1,
      url: appUrl,
    });
    expect(invited.body.result, JSON.stringify(invited.body)).toEqual({ invited: true });
    const accepted = await signedInCaller(third)('respondToInvitation', { slug: other.slug, answer: 'accept' });
    expect(accepted.statusCode, JSON.stringify(accepted.body)).toBe(200);
    const renamed = await signedInCaller(first)('updateProfile', { version: 1, displayName: `Renamed ${run}` });
    expect(renamed.statusCode, JSON.stringify(renamed.body)).toBe(200);

    const list = (filter: string) => listAll<{ email: string }>(asAdmin, 'listUsers', { filter }, 'users');
    expect(emailsOf(await list(company.slug))).toEqual([emails[1], emails[0]].sort());
    expect(emailsOf(await list(other.slug))).toEqual([emails[2]]);
    expect(emailsOf(await list(`renamed ${run}`))).toEqual([emails[0]]);
    expect(emailsOf(await list(`person 0 ${run}`))).toEqual([]);
  });

  it('an empty or blank filter lists everyone', async () => {
    const blank = await asAdmin('listUsers', { filter: '   ', limit: 3 });
    const none = await asAdmin('listUsers', { limit: 3 });

    expect(blank.body.result.users).toEqual(none.body.result.users);
  });
});

describe('company users (listCompanyUsers)', () => {
  const company = { slug: `mbr-${run}`, companyName: `Members Co ${run}` };
  const members = ['z', 'x', 'y'].map((letter) => `${letter}-member-${run}@test.example`);

  beforeAll(async () => {
    expect((await asAdmin('createCompany', company)).statusCode).toBe(200);
    await Promise.all(
      members.map((email, index) =>
        createTestUser({
          email,
          displayName: index === 1 ? `Xavier ${run}` : undefined,
          accessLevel: index,
          companies: [company.slug],
        }),
      ),
    );
  });

  it('lists members by e-mail, either way, a page at a time', async () => {
    const ascending = await listAll<{ email: string }>(
      asAdmin,
      'listCompanyUsers',
      { slug: company.slug, limit: 2 },
      'users',
    );
    const descending = await listAll<{ email: string }>(
      asAdmin,
      'listCompanyUsers',
      { slug: company.slug, limit: 2, descending: true },
      'users',
    );

    expect(emailsOf(ascending)).toEqual([...members].sort());
    expect(emailsOf(descending)).toEqual([...members].sort().reverse());
  });

  it('matches the name and the level as shown, in any case; pages may be empty with a cursor to search on', async () => {
    const byName = await listAll<{ email: string }>(
      asAdmin,
      'listCompanyUsers',
      { slug: company.slug, filter: `XAVIER ${run}`, limit: 1 },
      'users',
    );
    const byLevel = await listAll<{ email: string }>(
      asAdmin,
      'listCompanyUsers',
      { slug: company.slug, filter: 'level 2' },
      'users',
    );

    // One member searched a page, in e-mail order: x (the match), then y and z on pages of their own.
    expect(byName[0]).toHaveLength(1);
    expect(byName.slice(1).every((rows) => rows.length === 0)).toBe(true);
    expect(byName.length).toBeGreaterThanOrEqual(3);
    expect(emailsOf(byName)).toEqual([members[1]]);
    expect(emailsOf(byLevel)).toEqual([members[2]]);
  });
});

describe('companies (listCompanies)', () => {
  const slugs = [1, 2, 3].map((n) => `wayne-${run}-${n}`);

  beforeAll(async () => {
    for (const [index, slug] of slugs.entries()) {
      const created = await asAdmin('createCompany', {
        slug,
        companyName: `Wayne Enterprises ${run} ${index}`,
        flags: index === 2 ? { enableViewResultsPasswordCracking: true } : {},
      });
      expect(created.statusCode).toBe(200);
    }
  });

  it('matches any part of the name, in any case, a page at a time in slug order, either way', async () => {
    const ascending = await listAll<{ slug: string }>(
      asAdmin,
      'listCompanies',
      { filter: `ENTERPRISES ${run}`, limit: 2 },
      'companies',
    );
    const descending = await listAll<{ slug: string }>(
      asAdmin,
      'listCompanies',
      { filter: `enterprises ${run}`, limit: 2, descending: true },
      'companies',
    );

    expect(ascending[0]).toHaveLength(2);
    expect(ascending.flat().map((company) => company.slug)).toEqual(slugs);
    expect(descending.flat().map((company) => company.slug)).toEqual([...slugs].reverse());
  });

  it("follows a rename, and matches the enabled services' labels", async () => {
    const renamed = await asAdmin('updateCompany', { slug: slugs[0], version: 1, companyName: `Gotham ${run}` });
    expect(renamed.statusCode).toBe(200);
    const list = async (filter: string) =>
      (await listAll<{ slug: string }>(asAdmin, 'listCompanies', { filter }, 'companies'))
        .flat()
        .map((company) => company.slug)
        .filter((slug) => slug.includes(run));

    expect(await list(`gotham ${run}`)).toEqual([slugs[0]]);
    expect(await list(`wayne enterprises ${run} 0`)).toEqual([]);
    expect(await list('password cracking')).toEqual([slugs[2]]);
  });
});

describe('events (listEvents)', () => {
  it("matches the type and the summary; oldest first on request; everyone's for level 9", async () => {
    const actor = await createTestUser({ userType: 'analyst', accessLevel: 7 });
    const asActor = signedInCaller(actor);
    for (const n of [1, 2, 3]) {
      expect(
        (await asActor('createCompany', { slug: `evt-${run}-${n}`, companyName: `Event Co ${n}` })).statusCode,
      ).toBe(200);
    }
    const summaries = (pages: { summary: string }[][]) => pages.flat().map((event) => event.summary);

    const newest = await listAll<{ summary: string }>(
      asActor,
      'listEvents',
      { filter: `EVT-${run}`, limit: 2 },
      'events',
    );
    const oldest = await listAll<{ summary: string }>(
      asActor,
      'listEvents',
      { filter: 'companycreated', descending: false },
      'events',
    );
    const everyone = await listAll<{ summary: string }>(
      asAdmin,
      'listEvents',
      { scope: 'everyone', filter: `event co 2 (evt-${run}-2)` },
      'events',
    );

    const created = (n: number) => `Created company Event Co ${n} (evt-${run}-${n})`;
    expect(summaries(newest)).toEqual([created(3), created(2), created(1)]);
    expect(summaries(oldest)).toEqual([created(1), created(2), created(3)]);
    expect(summaries(everyone)).toEqual([created(2)]);
  });
});

describe('bounds and budget', () => {
  it.each([
    ['listUsers', {}],
    ['listCompanies', {}],
    ['listCompanyUsers', { slug: 'acme' }],
    ['listEvents', {}],
  ])('%s refuses a filter longer than 100 characters, or not text', async (call, input) => {
    const long = await asAdmin(call, { ...input, filter: 'x'.repeat(101) });
    const wrongType = await asAdmin(call, { ...input, filter: 42 });
    const wrongOrder = await asAdmin(call, { ...input, descending: 'yes' });

    expect(long.statusCode).toBe(400);
    expect(long.body.error).toMatchObject({
      status: 'INVALID_ARGUMENT',
      message: expect.stringContaining('filter: must be at most 100 characters'),
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.body.error.message).toContain('filter');
    expect(wrongOrder.statusCode).toBe(400);
    expect(wrongOrder.body.error.message).toContain('descending');
  });

  it.each([
    ['listUsers', { filter: 'no-such-text-anywhere' }],
    ['listCompanies', { filter: 'no-such-text-anywhere' }],
    ['listCompanyUsers', { slug: 'acme', filter: 'no-such-text-anywhere' }],
    ['listEvents', { scope: 'everyone', filter: 'no-such-text-anywhere' }],
  ])('a filtered %s page makes at most 3 DynamoDB requests and no Scan', async (call, input) => {
    const claims = {
      sub: admin.uid,
      email: admin.email,
      token_use: 'id',
      auth_time: String(Math.floor(Date.now() / 1000)),
    };

    const { result, requests } = await dynamoDbRequestsOf(() => handler(callEvent(call, input, { claims }) as never));

    expect(parseResult(result).statusCode).toBe(200);
    expect(requests.length, requests.join(', ')).toBeLessThanOrEqual(3);
    expect(requests).not.toContain('ScanCommand');
  });
});
