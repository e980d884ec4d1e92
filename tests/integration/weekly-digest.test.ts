// The weekly digest against the local stack: the settings calls (bad input named, other companies refused), a run
// that mails each subscriber the week's new, reopened, overdue, known-exploited and fixed findings of the services
// they may view (SES emulator's outbox, with the List-Unsubscribe headers), nothing for a quiet week, nothing twice
// for a retried run, and the unsubscribe link: a GET changes nothing, the one-click POST turns that user's digest of
// that company off (the next week's run mails them nothing), a tampered link changes nothing.
import { randomUUID } from 'node:crypto';
import type { SQSEvent } from 'aws-lambda';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { defaultSlaDays } from '../../lambdas/contracts/sla.js';
import { createCompanyAs } from '../../lambdas/kernel/companies/company-admin.js';
import { findingIndexKey, knownExploitedPartition } from '../../lambdas/kernel/data/entities/findings.js';
import { publicationWrite } from '../../lambdas/kernel/data/entities/notifications.js';
import { putNewScanImport } from '../../lambdas/kernel/data/entities/scan-imports.js';
import { transactWithRetry } from '../../lambdas/kernel/data/transactions.js';
import { isoWeek } from '../../lambdas/kernel/notifications/weekly-digest-changes.js';
import { sendWeeklyDigests } from '../../lambdas/kernel/notifications/weekly-digest-delivery.js';
import { handler as reportWork } from '../../lambdas/reports/handler.js';
import { mailsTo } from '../support/outbox.js';
import { seedFindings } from '../support/seed-findings.js';
import { signedInCaller } from '../support/signed-in-call.js';
import type { StoredMail } from '../support/sign-in.js';
import { createTestUser } from '../support/users.js';

type Caller = ReturnType<typeof signedInCaller>;
const { appUrl, mailUrl } = inject('localStack');
const run = randomUUID().slice(0, 8);
const slug = `digest-${run}`;
const quietSlug = `digest-quiet-${run}`;
const users: Record<string, { uid: string; email: string }> = {};
const as: Record<string, Caller> = {};
const dayMs = 24 * 3600 * 1000;
/** The run's time; the changes below are two days before it, inside its week, or nine days before, outside. */
const at = Date.now();
const inside = at - 2 * dayMs;
const before = at - 9 * dayMs;
const ids: Record<string, string> = {};
const subjectOf = /^Weekly digest for /;

const newId = () => randomUUID().replace(/-/g, '');
const change = (kind: string, when: number) => ({
  importId: `digest-${run}`,
  at: when,
  change: kind,
  severity: 'high',
});

async function seed(
  name: string,
  options: { service?: string; published?: boolean; fields?: Record<string, unknown>; sla?: boolean },
) {
  const id = newId();
  ids[name] = id;
  await seedFindings({
    slug,
    service: options.service ?? 'dast',
    count: 1,
    ids: [id],
    severity: 'high',
    host: `${name}.digest.example`,
    published: options.published ?? true,
    fields: { title: `${name} ${run}`, ...options.fields },
    // Published 32 days before the run: a high finding is due 30 days later, two days before the run.
    ...(options.sla ? { sla: { publishedAt: at - 32 * dayMs, policy: { days: defaultSlaDays, version: 1 } } } : {}),
  });
  return id;
}

/** The publication log's entries, as publishing writes them. */
async function published(service: string, findingIds: string[], when: number) {
  await transactWithRetry(findingIds.map((id) => publicationWrite(slug, service, id, when)));
}

async function waitForDigests(email: string, count: number, timeoutMs = 20_000): Promise<StoredMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = (await mailsTo(email)).filter((mail) => subjectOf.test(mail.subject));
    if (mails.length >= count) return mails;
    if (Date.now() > deadline) throw new Error(`${email} got ${mails.length} digests, not ${count}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const digestsTo = async (email: string) =>
  (await mailsTo(email)).filter((mail) => subjectOf.test(mail.subject) && mail.subject.includes(run));

/** The headers the emulator kept of the digest mail to `email` (SES API v2 keeps a mail's own headers). */
async function headersOf(email: string): Promise<Record<string, string>> {
  const store = (await (await fetch(`${mailUrl}/store`)).json()) as {
    emails: Array<StoredMail & { headers?: Array<{ name: string; value: string }> }>;
  };
  const mail = store.emails.find((each) => each.destination.to.includes(email) && subjectOf.test(each.subject));
  return Object.fromEntries((mail?.headers ?? []).map(({ name, value }) => [name, value]));
}

const unsubscribeLinkOf = (mail: StoredMail) => {
  const link = /Unsubscribe from this digest in one click: (\S+)/.exec(mail.body.text ?? '')?.[1];
  if (!link) throw new Error('The digest has no unsubscribe link');
  return link;
};

const sqsEvent = (body: unknown): SQSEvent =>
  ({
    Records: [{ messageId: randomUUID(), body: JSON.stringify(body), attributes: { ApproximateReceiveCount: '2' } }],
  }) as unknown as SQSEvent;

beforeAll(async () => {
  for (const [company, name] of [
    [slug, `Digest ${run}`],
    [quietSlug, `Quiet ${run}`],
  ] as const) {
    await createCompanyAs(
      { uid: 'test', email: 'test' },
      { slug: company, companyName: name, flags: { enableDast: true, enableViewResultsNetwork: true } },
    );
  }
  const profiles = {
    manager: { userType: 'customer', accessLevel: 3, companies: [slug, quietSlug] },
    dastViewer: { userType: 'customer', accessLevel: 1, companies: [slug], servicesEnabled: ['dast'] },
    networkViewer: { userType: 'customer', accessLevel: 1, companies: [slug], servicesEnabled: ['network'] },
    outsider: { userType: 'customer', accessLevel: 3, companies: [quietSlug] },
  } as const;
  for (const [name, profile] of Object.entries(profiles)) {
    users[name] = await createTestUser({ ...profile, companies: [...profile.companies] });
    as[name] = signedInCaller(users[name]);
  }

  // The week of DAST: one published, one fixed and one reopened by an import, one overdue, one known exploited.
  await seed('New DAST', {});
  await published('dast', [ids['New DAST']!], inside);
  await seed('Published then withdrawn', { published: false });
  await published('dast', [ids['Published then withdrawn']!], inside);
  await seed('Fixed DAST', {
    fields: {
      status: 'fixed',
      history: [change('new', before), change('fixed', inside)],
      lastChange: change('fixed', inside),
    },
  });
  await seed('Reopened DAST', {
    fields: {
      history: [change('new', before), change('fixed', before), change('reopened', inside)],
      lastChange: change('reopened', inside),
    },
  });
  await seed('Fixed long ago', {
    fields: { status: 'fixed', history: [change('fixed', before)], lastChange: change('fixed', before) },
  });
  await seed('Overdue DAST', { sla: true });
  const exploited = newId();
  await seed('Exploited DAST', {
    fields: {
      knownExploited: true,
      knownExploitedAt: inside,
      gsi4pk: knownExploitedPartition(slug, 'dast'),
      gsi4sk: findingIndexKey('high', at, exploited),
    },
  });
  // The import of the week that fixed and reopened (what lets the run read the findings partition).
  await putNewScanImport({
    importId: `digest${run}import`,
    slug,
    service: 'dast',
    status: 'done',
    files: [],
    createdAt: inside,
    createdByUid: 'test',
    createdByEmail: 'test@test.example',
    progress: { bytesRead: 0, bytesTotal: 0, findingsWritten: 0 },
    counts: { new: 0, fixed: 1, reopened: 1, changed: 0 },
    version: 1,
  });
  // And of network scanning: one published.
  await seed('New network', { service: 'network' });
  await published('network', [ids['New network']!], inside);
});

describe('the settings calls', () => {
  it('refuse bad input naming the field, and a company the caller may not access', async () => {
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ['updateDigestSettings', { slug, weekly: 'yes' }, /^weekly: /],
      ['updateDigestSettings', { slug: 'Not A Slug', weekly: true }, /^slug: /],
      ['updateDigestSettings', { weekly: true }, /^slug: /],
      ['getDigestSettings', { slugs: [] }, /^slugs: must name at least one company/],
      ['getDigestSettings', { slugs: ['BAD'] }, /^slugs\.0: /],
    ];
    for (const [call, input, message] of cases) {
      const answer = await as.manager!(call, input);
      expect(answer.statusCode, JSON.stringify(input)).toBe(400);
      expect(answer.body.error.status).toBe('INVALID_ARGUMENT');
      expect(answer.body.error.message).toMatch(message);
    }
    const refused = await as.outsider!('updateDigestSettings', { slug, weekly: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.body.error.status).toBe('PERMISSION_DENIED');
    expect((await as.outsider!('getDigestSettings', { slugs: [slug] })).statusCode).toBe(403);
  });

  it('turn the weekly digest on per company, and read it back', async () => {
    for (const name of ['manager', 'dastViewer', 'networkViewer']) {
      const answer = await as[name]!('updateDigestSettings', { slug, weekly: true });
      expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.result).toEqual({ slug, weekly: true });
    }
    expect((await as.manager!('updateDigestSettings', { slug: quietSlug, weekly: true })).statusCode).toBe(200);
    const read = await as.manager!('getDigestSettings', { slugs: [slug, quietSlug] });
    expect(read.body.result.companies).toEqual([
      { slug, weekly: true },
      { slug: quietSlug, weekly: true },
    ]);
    expect((await as.outsider!('getDigestSettings', { slugs: [quietSlug] })).body.result.companies).toEqual([
      { slug: quietSlug, weekly: false },
    ]);
  });
});

describe('a run', () => {
  it("mails each subscriber the week's findings of the services they may view, with links and one-click unsubscribe", async () => {
    // The schedule's event, with the run's time: one message per company, delivered by the stack's report queue.
    expect(await reportWork({ digest: 'weekly', at })).toEqual({ batchItemFailures: [] });
    const [managerMail] = await waitForDigests(users.manager!.email, 1);
    const [dastMail] = await waitForDigests(users.dastViewer!.email, 1);
    const [networkMail] = await waitForDigests(users.networkViewer!.email, 1);

    expect(managerMail!.subject).toBe(
      `Weekly digest for Digest ${run}: 2 new, 1 reopened, 1 overdue, 1 known exploited, 1 fixed`,
    );
    const text = managerMail!.body.text ?? '';
    expect(text).toContain(`The week on Security Portal for Digest ${run} (${isoWeek(at)}):`);
    for (const [section, name, service] of [
      ['New findings (2):', 'New DAST', 'dast'],
      ['New findings (2):', 'New network', 'network'],
      ['Reopened: found again after a fix (1):', 'Reopened DAST', 'dast'],
      ['Newly overdue (1):', 'Overdue DAST', 'dast'],
      ['Newly known exploited (1):', 'Exploited DAST', 'dast'],
      ['Fixed (1):', 'Fixed DAST', 'dast'],
    ] as const) {
      expect(text).toContain(section);
      expect(text).toContain(`[High] ${name} ${run}`);
      expect(text).toContain(`${appUrl}/reports/${service}?finding=${ids[name]}`);
    }
    // Withdrawn before the run, or changed before the week: not in it.
    expect(text).not.toContain('Published then withdrawn');
    expect(text).not.toContain('Fixed long ago');

    // A viewer of DAST only sees none of network scanning's findings, and the other way round.
    expect(dastMail!.subject).toBe(
      `Weekly digest for Digest ${run}: 1 new, 1 reopened, 1 overdue, 1 known exploited, 1 fixed`,
    );
    expect(dastMail!.body.text).not.toContain('New network');
    expect(dastMail!.body.text).not.toContain('/reports/network');
    expect(networkMail!.subject).toBe(`Weekly digest for Digest ${run}: 1 new`);
    expect(networkMail!.body.text).toContain(`[High] New network ${run}`);
    expect(networkMail!.body.text).not.toContain('DAST');

    const link = unsubscribeLinkOf(managerMail!);
    expect(link.startsWith(`${appUrl}/api/digest/unsubscribe/`)).toBe(true);
    expect(await headersOf(users.manager!.email)).toMatchObject({
      'List-Unsubscribe': `<${link}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('sends nothing twice: a retried message, or another run in the same week', async () => {
    const counts = async () =>
      Promise.all(
        ['manager', 'dastViewer', 'networkViewer'].map(async (name) => (await digestsTo(users[name]!.email)).length),
      );
    const sentBefore = await counts();
    expect(sentBefore).toEqual([1, 1, 1]);
    // The queue delivers the company's message again (a crash after the mails), and a run an hour later.
    expect(await reportWork(sqsEvent({ kind: 'weeklyDigest', id: `${slug}/${at}` }))).toEqual({
      batchItemFailures: [],
    });
    expect(await sendWeeklyDigests(slug, at + 3600 * 1000)).toEqual({ mails: 0 });
    expect(await counts()).toEqual(sentBefore);
  });

  it('sends nothing when nothing changed in the week', async () => {
    expect(await sendWeeklyDigests(quietSlug, at)).toEqual({ mails: 0 });
    expect((await mailsTo(users.manager!.email)).filter((mail) => mail.subject.includes(`Quiet ${run}`))).toEqual([]);
  });
});

describe('the unsubscribe link', () => {
  it('shows a page that changes nothing on GET, turns off that digest on the one-click POST', async () => {
    const [mail] = await digestsTo(users.manager!.email);
    const link = unsubscribeLinkOf(mail!);

    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain(`Stop the weekly digest mail of Digest ${run}?`);
    expect(html).toContain('<form method="post">');
    // Fetching the link (a mail scanner does) left the digest on.
    expect((await as.manager!('getDigestSettings', { slugs: [slug] })).body.result.companies).toEqual([
      { slug, weekly: true },
    ]);

    // A tampered signature: an error page, nothing changed.
    const dot = link.lastIndexOf('.');
    const flip = (character: string) => (character === 'A' ? 'B' : 'A');
    const tampered = [
      // A character of the signature, and its last one (whose spare bits decode alike).
      `${link.slice(0, dot + 1)}${flip(link[dot + 1]!)}${link.slice(dot + 2)}`,
      link.replace(/.$/, flip),
      // Another user's id in the payload, with the signature left as it was.
      link.replace(
        /unsubscribe\/[^.]+/,
        `unsubscribe/${Buffer.from(`wd1\n${users.dastViewer!.uid}\n${slug}`).toString('base64url')}`,
      ),
    ];
    for (const [method, address] of tampered.flatMap(
      (each) =>
        [
          ['GET', each],
          ['POST', each],
        ] as const,
    )) {
      const refused = await fetch(address, {
        method,
        body: method === 'POST' ? 'List-Unsubscribe=One-Click' : undefined,
      });
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain('This unsubscribe link is not valid');
    }
    expect((await as.manager!('getDigestSettings', { slugs: [slug] })).body.result.companies).toEqual([
      { slug, weekly: true },
    ]);

    // The mail reader's one-click POST (RFC 8058).
    const done = await fetch(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain(`You will no longer get the weekly digest of Digest ${run}.`);
    // Only that company's digest, only that user's.
    expect((await as.manager!('getDigestSettings', { slugs: [slug, quietSlug] })).body.result.companies).toEqual([
      { slug, weekly: false },
      { slug: quietSlug, weekly: true },
    ]);
    expect((await as.dastViewer!('getDigestSettings', { slugs: [slug] })).body.result.companies).toEqual([
      { slug, weekly: true },
    ]);
  });

  it("the next week's run mails the others, and nothing to the user who unsubscribed", async () => {
    const nextWeek = at + 7 * dayMs;
    const id = await seed('Next week DAST', {});
    await published('dast', [id], at + dayMs);
    expect(await sendWeeklyDigests(slug, nextWeek)).toEqual({ mails: 1 });
    const [, second] = await waitForDigests(users.dastViewer!.email, 2);
    expect(second!.subject).toBe(`Weekly digest for Digest ${run}: 1 new`);
    expect(second!.body.text).toContain(`${appUrl}/reports/dast?finding=${id}`);
    expect(await digestsTo(users.manager!.email)).toHaveLength(1);
  });
});
