// The remediation loop through the calls: a customer (level 2 or more) marks a published finding "fixed,
// please retest" or asks for its risk to be accepted; the analyst's queue lists it; the next import settles
// the retests its scan answers (fixed now: confirmed; found again: still present; whoever asked is mailed each),
// the analyst decides the rest; the customer reads every step in the finding's history. Refusals write nothing.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCompanyAs } from '../../lambdas/kernel/companies/company-admin.js';
import { mailsTo } from '../support/outbox.js';
import { importScanAs } from '../support/scan-import.js';
import { signedInCaller } from '../support/signed-in-call.js';
import { createTestUser } from '../support/users.js';

type Caller = ReturnType<typeof signedInCaller>;
const stamp = randomUUID().slice(0, 8);
const slug = `remedy-${stamp}`;
const service = 'dast';
const day = 24 * 3600 * 1000;
const as: Record<'analyst' | 'manager' | 'reader' | 'outsider', Caller> = {} as never;
let managerEmail: string;

const zapXml = readFileSync('tests/fixtures/scanners/dast/zap-results-first-scan.xml', 'utf8');
/** ZAP's XML without the alerts of these plugin ids. */
const zapWithout = (pluginIds: string[]) =>
  zapXml.replace(/<alertitem>[\s\S]*?<\/alertitem>\s*/g, (item) =>
    pluginIds.some((id) => item.includes(`<pluginid>${id}</pluginid>`)) ? '' : item,
  );

/** ZAP's XML without the alerts of these plugin ids, and without these URLs of one alert (its count follows). */
const zapWithoutUrls = (pluginIds: string[], pluginId: string, uris: string[]) =>
  zapWithout(pluginIds).replace(/<alertitem>[\s\S]*?<\/alertitem>/g, (item) => {
    if (!item.includes(`<pluginid>${pluginId}</pluginid>`)) return item;
    const kept = item.replace(/<instance>[\s\S]*?<\/instance>\s*/g, (instance) =>
      uris.some((uri) => instance.includes(`<uri>${uri}</uri>`)) ? '' : instance,
    );
    return kept.replace(/<count>\d+<\/count>/, `<count>${kept.split('<instance>').length - 1}</count>`);
  });

let findings: Array<{ id: string; ruleId: string; title: string }>;
const byRule = (ruleId: string) => findings.find((finding) => finding.ruleId === ruleId)!;

const ok = (answer: { statusCode: number; body: any }) => {
  expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result;
};
const detail = async (caller: Caller, findingId: string) =>
  ok(await caller('getFinding', { slug, service, findingId }));
const queue = async () => ok(await as.analyst('listFindingReviews', { slug, service }));
const request = (caller: Caller, findingId: string, kind: string, note: string, until?: number, instances?: string[]) =>
  caller('requestFindingReview', {
    slug,
    service,
    findingId,
    kind,
    note,
    ...(until ? { until } : {}),
    ...(instances ? { instances } : {}),
  });

beforeAll(async () => {
  await createCompanyAs(
    { uid: 'test', email: 'test' },
    { slug, companyName: `Remedy ${stamp}`, flags: { enableDast: true } },
  );
  await createCompanyAs(
    { uid: 'test', email: 'test' },
    { slug: `${slug}-x`, companyName: `Other ${stamp}`, flags: { enableDast: true } },
  );
  as.analyst = signedInCaller(await createTestUser({ userType: 'analyst', accessLevel: 7, displayName: 'Ana Lyst' }));
  const manager = await createTestUser({
    userType: 'customer',
    accessLevel: 3,
    companies: [slug],
    displayName: 'Mona Ger',
  });
  managerEmail = manager.email;
  as.manager = signedInCaller(manager);
  as.reader = signedInCaller(
    await createTestUser({ userType: 'customer', accessLevel: 1, companies: [slug], servicesEnabled: ['dast'] }),
  );
  as.outsider = signedInCaller(
    await createTestUser({ userType: 'customer', accessLevel: 3, companies: [`${slug}-x`] }),
  );

  await importScanAs(as.analyst, { slug, service, name: 'zap.xml', body: zapXml });
  const listed = ok(await as.analyst('listFindings', { slug, service, limit: 100 }));
  findings = listed.findings;
  // Everything published but one finding, which customers must not be able to touch.
  for (const finding of findings.slice(1)) {
    const current = await detail(as.analyst, finding.id);
    ok(
      await as.analyst('updateFinding', {
        slug,
        service,
        findingId: finding.id,
        field: 'published',
        value: true,
        expectedVersion: current.fieldVersions.published,
      }),
    );
  }
}, 120_000);

describe('the remediation loop', () => {
  it('refuses what a customer may not ask, writing nothing', async () => {
    const published = byRule('10049');
    const unpublished = findings[0]!;
    // Level 1 reads the report but takes no part in the loop.
    expect((await request(as.reader, published.id, 'retest', 'done')).statusCode).toBe(403);
    // Another company's customer, an unpublished finding, an unknown id.
    expect((await request(as.outsider, published.id, 'retest', 'done')).statusCode).toBe(403);
    expect((await request(as.manager, unpublished.id, 'retest', 'done')).body.error.status).toBe('NOT_FOUND');
    expect((await request(as.manager, 'f'.repeat(32), 'retest', 'done')).body.error.status).toBe('NOT_FOUND');
    // Bad input names the field.
    const noNote = await request(as.manager, published.id, 'retest', '   ');
    expect(noNote.body.error).toMatchObject({ status: 'INVALID_ARGUMENT', message: expect.stringContaining('note') });
    const noDate = await request(as.manager, published.id, 'riskAcceptance', 'we accept it');
    expect(noDate.body.error).toMatchObject({ status: 'INVALID_ARGUMENT', message: expect.stringContaining('until') });
    const tooLate = await request(as.manager, published.id, 'riskAcceptance', 'ok', Date.now() + 400 * day);
    expect(tooLate.body.error.message).toMatch(/until: must be within a year/);
    const kind = await request(as.manager, published.id, 'ignore', 'x');
    expect(kind.body.error).toMatchObject({ status: 'INVALID_ARGUMENT', message: expect.stringContaining('kind') });

    expect((await queue()).reviews).toEqual([]);
    expect((await detail(as.manager, published.id)).reviewLog).toEqual([]);
  });

  it('queues a retest for the analysts; a second request of the same finding is refused', async () => {
    const fixedNext = byRule('10049');
    const seenAgain = byRule('10031');
    const sent = ok(await request(as.manager, fixedNext.id, 'retest', 'Header added on every response'));
    expect(sent.review).toMatchObject({ kind: 'retest', note: 'Header added on every response' });
    ok(await request(as.manager, seenAgain.id, 'retest', 'We think this is fixed'));

    const again = await request(as.manager, fixedNext.id, 'riskAcceptance', 'or accept it', Date.now() + 30 * day);
    expect(again.body.error).toMatchObject({ status: 'ABORTED', message: expect.stringMatching(/already requested/) });

    const { reviews } = await queue();
    expect(reviews.map((review: any) => review.findingId).sort()).toEqual([fixedNext.id, seenAgain.id].sort());
    expect(reviews[0]).toMatchObject({ kind: 'retest', by: { name: 'Mona Ger' } });

    // The customer sees the request waiting, by name and never by e-mail address.
    const seen = await detail(as.manager, fixedNext.id);
    expect(seen.status).toBe('open');
    expect(seen.review).toMatchObject({ kind: 'retest', byName: 'Mona Ger' });
    expect(JSON.stringify(seen.review)).not.toContain('@');
    expect(seen.reviewLog).toMatchObject([{ event: 'retestRequested', by: { role: 'customer', name: 'Mona Ger' } }]);
    // Customers do not read the queue.
    expect((await as.manager('listFindingReviews', { slug, service })).statusCode).toBe(403);
  });

  it('the next import confirms the retest it no longer finds, and says so of the one it finds again', async () => {
    const scan = await importScanAs(as.analyst, { slug, service, name: 'zap.xml', body: zapWithout(['10049']) });
    const fixed = await detail(as.manager, byRule('10049').id);
    expect(fixed.status).toBe('fixed');
    expect(fixed.review).toBeUndefined();
    expect(fixed.reviewLog.map((entry: any) => entry.event)).toEqual(['retestRequested', 'confirmedFixed']);
    expect(fixed.reviewLog[1]).toMatchObject({ by: { role: 'scan' }, importId: scan.importId });

    const still = await detail(as.manager, byRule('10031').id);
    expect(still.status).toBe('open');
    expect(still.review).toBeUndefined();
    expect(still.reviewLog.map((entry: any) => entry.event)).toEqual(['retestRequested', 'stillPresent']);
    expect((await queue()).reviews).toEqual([]);

    // Whoever asked is mailed the scan's answers, with the finding's link.
    const mailed = async (subject: string) => {
      for (let waited = 0; waited < 20_000; waited += 200) {
        const mail = (await mailsTo(managerEmail)).find((sent) => sent.subject.startsWith(subject));
        if (mail) return mail;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(`no mail "${subject}"`);
    };
    const fixedMail = await mailed(`Retest: fixed: ${byRule('10049').title}`);
    expect(fixedMail.body.text).toContain('A new scan confirmed the fix; the finding is now fixed.');
    expect(fixedMail.body.text).toContain(`/reports/dast?finding=${byRule('10049').id}`);
    const stillMail = await mailed(`Retest: still present: ${byRule('10031').title}`);
    expect(stillMail.body.text).toContain('A new scan found the issue still present; the finding stays open.');

    // Once settled, the customer may ask again.
    ok(await request(as.manager, byRule('10031').id, 'retest', 'Second try: CSP now set'));
  });

  it('the analyst decides a retest, and a risk acceptance until the date the customer asked', async () => {
    const retested = byRule('10031');
    let [pending] = (await queue()).reviews;
    const stale = await as.analyst('decideFindingReview', {
      slug,
      service,
      findingId: retested.id,
      decision: 'fixed',
      requestedAt: pending.at - 1,
    });
    expect(stale.body.error.status).toBe('ABORTED');
    const wrongKind = await as.analyst('decideFindingReview', {
      slug,
      service,
      findingId: retested.id,
      decision: 'accept',
      requestedAt: pending.at,
    });
    expect(wrongKind.body.error).toMatchObject({
      status: 'INVALID_ARGUMENT',
      message: expect.stringContaining('decision'),
    });
    ok(
      await as.analyst('decideFindingReview', {
        slug,
        service,
        findingId: retested.id,
        decision: 'fixed',
        note: 'Checked by hand: the header is there',
        requestedAt: pending.at,
      }),
    );
    const decided = await detail(as.manager, retested.id);
    expect(decided.status).toBe('fixed');
    expect(decided.reviewLog.at(-1)).toMatchObject({
      event: 'confirmedFixed',
      by: { role: 'analyst', name: 'Ana Lyst' },
      note: 'Checked by hand: the header is there',
    });
    // A decided request cannot be decided twice.
    const twice = await as.analyst('decideFindingReview', {
      slug,
      service,
      findingId: retested.id,
      decision: 'stillPresent',
      requestedAt: pending.at,
    });
    expect(twice.body.error.status).toBe('ABORTED');

    const risky = byRule('10202');
    const until = Date.now() + 90 * day;
    ok(await request(as.manager, risky.id, 'riskAcceptance', 'Internal tool behind VPN', until));
    [pending] = (await queue()).reviews;
    expect(pending).toMatchObject({ kind: 'riskAcceptance', until, findingId: risky.id });
    // Asked, not granted: the status stays open until an analyst approves.
    expect((await detail(as.manager, risky.id)).status).toBe('open');
    ok(
      await as.analyst('decideFindingReview', {
        slug,
        service,
        findingId: risky.id,
        decision: 'accept',
        requestedAt: pending.at,
      }),
    );
    const accepted = await detail(as.manager, risky.id);
    expect(accepted).toMatchObject({ status: 'risk_accepted', riskAcceptedUntil: until });
    expect(accepted.reviewLog.map((entry: any) => entry.event)).toEqual(['riskAcceptanceRequested', 'riskAccepted']);

    const declined = byRule('10021');
    ok(await request(as.manager, declined.id, 'riskAcceptance', 'Low impact for us', Date.now() + 10 * day));
    [pending] = (await queue()).reviews;
    ok(
      await as.analyst('decideFindingReview', {
        slug,
        service,
        findingId: declined.id,
        decision: 'decline',
        note: 'Exploitable from the internet',
        requestedAt: pending.at,
      }),
    );
    const refused = await detail(as.manager, declined.id);
    expect(refused.status).toBe('open');
    expect(refused.reviewLog.at(-1)).toMatchObject({
      event: 'riskAcceptanceDeclined',
      note: 'Exploitable from the internet',
    });
    expect((await queue()).reviews).toEqual([]);
  });

  it('a retest may name instances: the next scan answers for those only', async () => {
    const finding = byRule('10027');
    const before = await detail(as.manager, finding.id);
    expect(before).toMatchObject({ status: 'open', fixedInstanceCount: 0 });
    const [first, second] = before.instances as Array<{ id: string; uri: string; state: string }>;
    // Customers read an instance's place and state, nothing more.
    expect(Object.keys(first!).sort()).toEqual(['evidence', 'id', 'method', 'state', 'uri']);

    // Bad input names the field, and nothing is queued.
    const malformed = await request(as.manager, finding.id, 'retest', 'fixed', undefined, ['not-an-id']);
    expect(malformed.body.error).toMatchObject({
      status: 'INVALID_ARGUMENT',
      message: expect.stringContaining('instances'),
    });
    const unknown = await request(as.manager, finding.id, 'retest', 'fixed', undefined, ['0123456789abcdef']);
    expect(unknown.body.error).toMatchObject({
      status: 'INVALID_ARGUMENT',
      message: 'instances: 0123456789abcdef is no instance of this finding',
    });
    const risk = await request(as.manager, finding.id, 'riskAcceptance', 'ok', Date.now() + day, [first!.id]);
    expect(risk.body.error).toMatchObject({
      status: 'INVALID_ARGUMENT',
      message: expect.stringContaining('instances'),
    });
    expect((await queue()).reviews).toEqual([]);

    const sent = ok(
      await request(as.manager, finding.id, 'retest', 'Two pages fixed', undefined, [first!.id, second!.id]),
    );
    expect(sent.review.instances).toEqual([first!.id, second!.id]);
    expect((await queue()).reviews[0]).toMatchObject({ findingId: finding.id, instances: [first!.id, second!.id] });

    // The next scan no longer sees the first page but still the second: still present, the first instance fixed.
    await importScanAs(as.analyst, {
      slug,
      service,
      name: 'zap.xml',
      body: zapWithoutUrls(['10049'], '10027', [first!.uri]),
    });
    const partly = await detail(as.manager, finding.id);
    expect(partly).toMatchObject({ status: 'open', instanceCount: before.instanceCount, fixedInstanceCount: 1 });
    expect(partly.reviewLog.at(-1)).toMatchObject({
      event: 'stillPresent',
      by: { role: 'scan' },
      instances: [first!.id, second!.id],
    });
    const fixedAgain = await request(as.manager, finding.id, 'retest', 'again', undefined, [first!.id]);
    expect(fixedAgain.body.error).toMatchObject({
      status: 'INVALID_ARGUMENT',
      message: `instances: ${first!.id} is fixed already`,
    });

    // Asked again for the second: a scan without it confirms the fix, and the finding stays open for the others.
    ok(await request(as.manager, finding.id, 'retest', 'Second page fixed too', undefined, [second!.id]));
    await importScanAs(as.analyst, {
      slug,
      service,
      name: 'zap.xml',
      body: zapWithoutUrls(['10049'], '10027', [first!.uri, second!.uri]),
    });
    const confirmed = await detail(as.manager, finding.id);
    expect(confirmed).toMatchObject({ status: 'open', fixedInstanceCount: 2 });
    expect(confirmed.review).toBeUndefined();
    expect(confirmed.reviewLog.at(-1)).toMatchObject({
      event: 'confirmedFixed',
      by: { role: 'scan' },
      instances: [second!.id],
    });
    expect(
      confirmed.instances
        .filter((instance: any) => instance.state === 'fixed')
        .map((instance: any) => instance.id)
        .sort(),
    ).toEqual([first!.id, second!.id].sort());
    expect((await queue()).reviews).toEqual([]);

    // An analyst who confirms a retest of one instance, while others are open, leaves the finding open.
    const third = (confirmed.instances as Array<{ id: string; state: string }>).find(
      (instance) => instance.state === 'open',
    );
    expect(third, 'the finding has a third, open instance').toBeDefined();
    const asked = ok(await request(as.manager, finding.id, 'retest', 'Third page fixed', undefined, [third!.id]));
    ok(
      await as.analyst('decideFindingReview', {
        slug,
        service,
        findingId: finding.id,
        decision: 'fixed',
        note: 'Checked the third page by hand',
        requestedAt: asked.review.at,
      }),
    );
    const byHand = await detail(as.manager, finding.id);
    expect(byHand).toMatchObject({ status: 'open', fixedInstanceCount: 2 });
    expect(byHand.review).toBeUndefined();
    expect(byHand.reviewLog.at(-1)).toMatchObject({
      event: 'confirmedFixed',
      by: { role: 'analyst' },
      instances: [third!.id],
    });
  });
});
