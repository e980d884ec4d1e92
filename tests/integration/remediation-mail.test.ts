// The remediation loop speaks, against the local stack (its queue, report worker and SES emulator): a request mails
// the analysts who may decide it — the analysts who worked on the finding, or, when none did, every analyst of
// level 7 — and nobody else; a decision mails whoever asked, with the analyst's note and the finding's link; each
// mail is an event of whoever acted; a redelivered message mails nobody twice. The analysts' queue lists every
// company's requests, a page at a time, for analysts of level 7 only.
import { randomUUID } from 'node:crypto';
import type { SQSEvent } from 'aws-lambda';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { handler as reportWork } from '../../lambdas/reports/handler.js';
import { createCompanyAs } from '../../lambdas/kernel/companies/company-admin.js';
import { reviewNoticeKey } from '../../lambdas/kernel/data/entities/review-notices.js';
import type { StoredMail } from '../support/sign-in.js';
import { mailsTo } from '../support/outbox.js';
import { seedReviewableFinding } from '../support/review-fixtures.js';
import { signedInCaller } from '../support/signed-in-call.js';
import { createTestUser } from '../support/users.js';

type Caller = ReturnType<typeof signedInCaller>;
const { appUrl } = inject('localStack');
const run = randomUUID().slice(0, 8);
const acme = { slug: `loopmail-a-${run}`, companyName: `Loop Acme ${run}` };
const globex = { slug: `loopmail-g-${run}`, companyName: `Loop Globex ${run}` };
const service = 'dast';
const day = 24 * 3600 * 1000;
const users: Record<string, { uid: string; email: string }> = {};
const as: Record<string, Caller> = {};

const ok = (answer: { statusCode: number; body: any }) => {
  expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result;
};

async function waitForMail(email: string, subject: RegExp, timeoutMs = 20_000): Promise<StoredMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = (await mailsTo(email)).find((sent) => subject.test(sent.subject));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`${email} got no mail matching ${subject}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Every link of a mail's text and HTML: all of them the portal's pages, none with a token. */
function expectPortalLinksOnly(mail: StoredMail) {
  const links = [...`${mail.body.text ?? ''} ${mail.body.html ?? ''}`.matchAll(/https?:\/\/[^\s"<>]+/g)].map(
    ([link]) => link,
  );
  expect(links.length).toBeGreaterThan(0);
  for (const link of links) expect(link.startsWith(appUrl)).toBe(true);
  expect(`${mail.body.text}${mail.body.html}`).not.toMatch(/signin=|token|Bearer/i);
}

/** Published by the curator through the call, so the curator is on the finding's record as who worked on it. */
async function curatedFinding(slug: string): Promise<{ id: string; title: string }> {
  const id = await seedReviewableFinding(slug);
  const finding = ok(await as.curator!('getFinding', { slug, service, findingId: id }));
  const title = `Loop finding ${randomUUID().slice(0, 6)}`;
  ok(
    await as.curator!('updateFinding', {
      slug,
      service,
      findingId: id,
      field: 'title',
      value: title,
      expectedVersion: finding.fieldVersions.title ?? 0,
    }),
  );
  return { id, title };
}

async function queuedRows(caller: Caller, input: Record<string, unknown> = {}) {
  const rows: any[] = [];
  let cursor: string | undefined;
  do {
    const page = ok(await caller('listReviewQueue', { limit: 100, ...input, ...(cursor ? { cursor } : {}) }));
    rows.push(...page.reviews);
    cursor = page.nextCursor;
  } while (cursor);
  return rows;
}

/** The report queue's message of a notice, delivered again (as SQS does after a crash or a timeout). */
const redelivery = (id: string): SQSEvent =>
  ({
    Records: [{ messageId: randomUUID(), body: JSON.stringify({ kind: 'reviewNotice', id }), attributes: {} }],
  }) as unknown as SQSEvent;

beforeAll(async () => {
  for (const company of [acme, globex]) {
    await createCompanyAs({ uid: 'test', email: 'test' }, { ...company, flags: { enableDast: true } });
  }
  const profiles = {
    curator: { userType: 'analyst', accessLevel: 7, displayName: 'Cora Curator' },
    bystander: { userType: 'analyst', accessLevel: 7 },
    junior: { userType: 'analyst', accessLevel: 5 },
    manager: { userType: 'customer', accessLevel: 3, companies: [acme.slug], displayName: 'Mona Ger' },
    reader: { userType: 'customer', accessLevel: 1, companies: [acme.slug], servicesEnabled: ['dast'] },
    globexManager: { userType: 'customer', accessLevel: 3, companies: [globex.slug] },
  } as const;
  for (const [name, profile] of Object.entries(profiles)) {
    users[name] = await createTestUser({
      ...profile,
      companies: [...(('companies' in profile && profile.companies) || [])],
    });
    as[name] = signedInCaller(users[name]);
  }
}, 60_000);

describe("the loop's mails in the outbox", () => {
  it('mails a request to the analysts who worked on the finding, and nobody else', async () => {
    const finding = await curatedFinding(acme.slug);
    const { review } = ok(
      await as.manager!('requestFindingReview', {
        slug: acme.slug,
        service,
        findingId: finding.id,
        kind: 'retest',
        note: 'Patched the header on Monday',
      }),
    );
    const mail = await waitForMail(users.curator!.email, /Retest requested/);
    expect(mail.subject).toBe(`Retest requested: ${finding.title} (${acme.companyName}, DAST)`);
    expect(mail.body.text).toContain(`Mona Ger of ${acme.companyName} asked for a retest of a DAST finding`);
    expect(mail.body.text).toContain(finding.title);
    expect(mail.body.text).toContain(`Requested by: Mona Ger <${users.manager!.email}>`);
    expect(mail.body.text).toContain('Note: Patched the header on Monday');
    expect(mail.body.text).toContain(`${appUrl}/analyst/reviews`);
    expectPortalLinksOnly(mail);
    // The worker mails every recipient in one run; a moment more for a stray one.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    for (const other of ['bystander', 'junior', 'manager', 'reader', 'globexManager']) {
      expect(await mailsTo(users[other]!.email), other).toEqual([]);
    }
    expect(await mailsTo(users.curator!.email)).toHaveLength(1);
    // A redelivered message sends nothing twice.
    const key = reviewNoticeKey(review.at, { service, findingId: finding.id, step: 'requested' });
    expect(await reportWork(redelivery(`${acme.slug}/${key}`))).toEqual({ batchItemFailures: [] });
    expect(await mailsTo(users.curator!.email)).toHaveLength(1);
    // Whoever asked reads on Home that the analysts were told.
    const events = ok(await as.manager!('listEvents', { filter: finding.title })).events;
    expect(events.map((event: { type: string }) => event.type)).toEqual(
      expect.arrayContaining(['findingReviewMailed', 'findingRetestRequested']),
    );
    const mailed = events.find((event: { type: string }) => event.type === 'findingReviewMailed');
    expect(mailed.summary).toBe(`Mailed 1 analyst the retest request on finding ${finding.title}`);
    expect(JSON.stringify(mailed)).not.toContain(users.curator!.email);

    // The decision goes to whoever asked, with the analyst's note and the finding's link.
    const [queued] = ok(await as.curator!('listFindingReviews', { slug: acme.slug, service })).reviews.filter(
      (review: { findingId: string }) => review.findingId === finding.id,
    );
    ok(
      await as.curator!('decideFindingReview', {
        slug: acme.slug,
        service,
        findingId: finding.id,
        decision: 'fixed',
        note: 'Checked: the header is set',
        requestedAt: queued.at,
      }),
    );
    const decided = await waitForMail(users.manager!.email, /Retest: fixed/);
    expect(decided.subject).toBe(`Retest: fixed: ${finding.title} (${acme.companyName}, DAST)`);
    expect(decided.body.text).toContain('An analyst confirmed the fix; the finding is now fixed.');
    expect(decided.body.text).toContain("The analyst's note: Checked: the header is set");
    expect(decided.body.text).toContain(`${appUrl}/reports/dast?finding=${finding.id}`);
    expectPortalLinksOnly(decided);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await mailsTo(users.manager!.email)).toHaveLength(1);
    expect(await mailsTo(users.curator!.email)).toHaveLength(1);
    expect(await mailsTo(users.reader!.email)).toEqual([]);
    const curatorEvents = ok(await as.curator!('listEvents', { filter: finding.title })).events;
    expect(curatorEvents.map((event: { type: string }) => event.type)).toContain('findingReviewMailed');
  });

  it('mails every analyst of level 7 when nobody worked on the finding, never a junior', async () => {
    const findingId = await seedReviewableFinding(globex.slug);
    ok(
      await as.globexManager!('requestFindingReview', {
        slug: globex.slug,
        service,
        findingId,
        kind: 'riskAcceptance',
        note: 'Only reachable from the office',
        until: Date.now() + 30 * day,
      }),
    );
    const subject = /Risk acceptance requested: .* \(Loop Globex/;
    const curatorMail = await waitForMail(users.curator!.email, subject, 60_000);
    await waitForMail(users.bystander!.email, subject, 60_000);
    expect(curatorMail.body.text).toContain(`asked for a risk acceptance until `);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    for (const other of ['junior', 'manager', 'reader', 'globexManager']) {
      expect(
        (await mailsTo(users[other]!.email)).filter((mail) => subject.test(mail.subject)),
        other,
      ).toEqual([]);
    }
  }, 90_000);
});

describe('the review requests of every company (listReviewQueue)', () => {
  it('lists both companies’ requests, oldest first (or newest), one kind when asked', async () => {
    const acmeFinding = await curatedFinding(acme.slug);
    ok(
      await as.manager!('requestFindingReview', {
        slug: acme.slug,
        service,
        findingId: acmeFinding.id,
        kind: 'retest',
        note: 'Queue: acme',
      }),
    );
    const globexFinding = await seedReviewableFinding(globex.slug);
    ok(
      await as.globexManager!('requestFindingReview', {
        slug: globex.slug,
        service,
        findingId: globexFinding,
        kind: 'riskAcceptance',
        note: 'Queue: globex',
        until: Date.now() + 10 * day,
      }),
    );
    // The index is read eventually consistent: poll until both show.
    let rows: any[] = [];
    for (let tries = 0; tries < 20; tries += 1) {
      rows = (await queuedRows(as.bystander!)).filter((row) => row.slug === acme.slug || row.slug === globex.slug);
      if (rows.some((row) => row.findingId === globexFinding)) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const ours = rows.filter((row) => row.findingId === acmeFinding.id || row.findingId === globexFinding);
    expect(ours).toEqual([
      expect.objectContaining({
        slug: acme.slug,
        companyName: acme.companyName,
        service,
        findingId: acmeFinding.id,
        title: acmeFinding.title,
        kind: 'retest',
        note: 'Queue: acme',
        by: { email: users.manager!.email, name: 'Mona Ger' },
      }),
      expect.objectContaining({
        slug: globex.slug,
        companyName: globex.companyName,
        findingId: globexFinding,
        kind: 'riskAcceptance',
      }),
    ]);
    const all = await queuedRows(as.curator!);
    expect(all.map((row) => row.at)).toEqual([...all.map((row) => row.at)].sort((a, b) => a - b));
    const newestFirst = await queuedRows(as.curator!, { descending: true });
    expect(newestFirst.map((row) => row.at)).toEqual([...newestFirst.map((row) => row.at)].sort((a, b) => b - a));
    const risks = await queuedRows(as.curator!, { kind: 'riskAcceptance' });
    expect(risks.every((row) => row.kind === 'riskAcceptance')).toBe(true);
    expect(risks.map((row) => row.findingId)).toContain(globexFinding);
    expect(risks.map((row) => row.findingId)).not.toContain(acmeFinding.id);
    // A page holds at most `limit` rows and goes on with its cursor.
    const first = ok(await as.curator!('listReviewQueue', { limit: 1 }));
    expect(first.reviews).toHaveLength(1);
    expect(first.nextCursor).toEqual(expect.any(String));
  });

  it('refuses customers and junior analysts, and bad input naming the field', async () => {
    for (const name of ['manager', 'globexManager', 'reader', 'junior']) {
      const answer = await as[name]!('listReviewQueue', {});
      expect(answer.statusCode, name).toBe(403);
    }
    const badKind = await as.curator!('listReviewQueue', { kind: 'everything' });
    expect(badKind.statusCode).toBe(400);
    expect(badKind.body.error.message).toMatch(/kind/);
    const forged = await as.curator!('listReviewQueue', {
      cursor: Buffer.from(JSON.stringify({ pk: 'USERS', sk: 'x' })).toString('base64url'),
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.body.error.message).toMatch(/cursor/);
  });
});
