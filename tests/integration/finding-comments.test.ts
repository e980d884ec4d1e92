// A finding's conversation through the calls, against the local stack: the company's people and the analysts
// comment on a published finding and both read every comment with its author's name and side, oldest first;
// refusals (another company, a service the report does not show, an unpublished finding for customers, bad input)
// store nothing; and each comment is mailed, through the report queue, to the other side's people who have to do
// with the finding, and to nobody else — never its author, never another company — and once only.
import { randomUUID } from 'node:crypto';
import type { SQSEvent } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler as reportWork } from '../../lambdas/reports/handler.js';
import { createCompanyAs } from '../../lambdas/kernel/companies/company-admin.js';
import { mailsTo } from '../support/outbox.js';
import { seedFindings } from '../support/seed-findings.js';
import { seedNotificationRule } from '../support/notification-fixtures.js';
import { signedInCaller } from '../support/signed-in-call.js';
import { createTestUser } from '../support/users.js';

type Caller = ReturnType<typeof signedInCaller>;
type Answer = { statusCode: number; body: any };
const run = randomUUID().slice(0, 8);
const slug = `talk-${run}`;
const otherSlug = `talk-${run}-x`;
const service = 'dast';
const people = [
  'analyst',
  'idleAnalyst',
  'junior',
  'manager',
  'reader',
  'bystander',
  'subscriber',
  'networkOnly',
  'outsider',
] as const;
type Person = (typeof people)[number];
const users = {} as Record<Person, { uid: string; email: string }>;
const as = {} as Record<Person, Caller>;
let published: string;
let unpublished: string;

const ok = (answer: Answer) => {
  expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result;
};
const comment = (who: Person, findingId: string, body: unknown) =>
  as[who]('addFindingComment', { slug, service, findingId, body });
const conversation = async (who: Person, findingId: string, cursor?: string) =>
  ok(await as[who]('listFindingComments', { slug, service, findingId, ...(cursor ? { cursor } : {}) }));

async function waitForMail(email: string, subject: RegExp, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = (await mailsTo(email)).find((each) => subject.test(each.subject));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`${email} got no mail matching ${subject}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
const commentMails = async (who: Person) =>
  (await mailsTo(users[who].email)).filter((mail) => /commented on/.test(mail.subject));

beforeAll(async () => {
  for (const [companySlug, companyName] of [
    [slug, `Talk ${run}`],
    [otherSlug, `Other ${run}`],
  ] as const) {
    await createCompanyAs(
      { uid: 'test', email: 'test' },
      { slug: companySlug, companyName, flags: { enableDast: true, enableViewResultsNetwork: true } },
    );
  }
  const profiles: Record<Person, Parameters<typeof createTestUser>[0]> = {
    analyst: { userType: 'analyst', accessLevel: 7, displayName: 'Ana Lyst' },
    idleAnalyst: { userType: 'analyst', accessLevel: 7, displayName: 'Idle Analyst' },
    junior: { userType: 'analyst', accessLevel: 5 },
    manager: { userType: 'customer', accessLevel: 3, companies: [slug], displayName: 'Mona Ger' },
    reader: { userType: 'customer', accessLevel: 1, companies: [slug], servicesEnabled: ['dast'] },
    bystander: { userType: 'customer', accessLevel: 2, companies: [slug] },
    subscriber: { userType: 'customer', accessLevel: 2, companies: [slug], displayName: 'Sub Scriber' },
    networkOnly: { userType: 'customer', accessLevel: 1, companies: [slug], servicesEnabled: ['network'] },
    outsider: { userType: 'customer', accessLevel: 3, companies: [otherSlug] },
  };
  for (const person of people) {
    users[person] = await createTestUser(profiles[person]);
    as[person] = signedInCaller(users[person]);
  }
  // Published by the analyst (an edit of theirs): the analyst who has to do with it.
  published = (
    await seedFindings({
      slug,
      service,
      count: 1,
      published: true,
      host: 'talk.example',
      fields: {
        edits: [{ at: Date.now(), by: users.analyst.email, field: 'published', before: false, after: true }],
      },
    })
  )[0]!;
  unpublished = (await seedFindings({ slug, service, count: 1, host: 'talk.example' }))[0]!;
  // The subscriber is a chosen recipient of a DAST notification rule; the outsider's company has one for everyone.
  await seedNotificationRule(slug, { recipientMode: 'chosen', recipients: [users.subscriber.uid] });
  await seedNotificationRule(otherSlug, { recipientMode: 'everyone' });
}, 120_000);

describe("a finding's conversation", () => {
  it('refuses bad input naming body, and stores nothing', async () => {
    for (const body of ['', '   \n\t ', 'x'.repeat(10_001), 42, undefined]) {
      const answer = await comment('manager', published, body);
      expect(answer.statusCode, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.error.status).toBe('INVALID_ARGUMENT');
      expect(answer.body.error.message).toMatch(/^body: /);
    }
    const wrongId = await as.manager('addFindingComment', { slug, service, findingId: 'nope', body: 'Hello' });
    expect(wrongId.statusCode).toBe(400);
    expect(wrongId.body.error.message).toMatch(/findingId/);
    const badCursor = await as.manager('listFindingComments', { slug, service, findingId: published, cursor: 'abc' });
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.body.error.message).toMatch(/cursor/);
    expect((await conversation('analyst', published)).comments).toEqual([]);
  });

  it('refuses another company, a service the report does not show, and junior analysts', async () => {
    for (const who of ['outsider', 'networkOnly', 'junior'] as const) {
      const added = await comment(who, published, 'Let me in');
      expect(added.statusCode, who).toBe(403);
      expect(added.body.error.status).toBe('PERMISSION_DENIED');
      expect((await as[who]('listFindingComments', { slug, service, findingId: published })).statusCode, who).toBe(403);
    }
    // The outsider's own company, naming this company's finding: there is no such finding there.
    const elsewhere = await as.outsider('addFindingComment', {
      slug: otherSlug,
      service,
      findingId: published,
      body: 'Mine?',
    });
    expect(elsewhere.statusCode).toBe(404);
    expect((await conversation('analyst', published)).comments).toEqual([]);
  });

  it('answers NOT_FOUND to customers on an unpublished finding, as getFinding does; analysts talk on it', async () => {
    expect((await as.manager('getFinding', { slug, service, findingId: unpublished })).statusCode).toBe(404);
    const added = await comment('manager', unpublished, 'Is this one ours?');
    expect(added.statusCode).toBe(404);
    expect(added.body.error.status).toBe('NOT_FOUND');
    expect((await as.manager('listFindingComments', { slug, service, findingId: unpublished })).statusCode).toBe(404);
    const note = ok(await comment('analyst', unpublished, 'Checking before we publish.'));
    expect(note.comment).toMatchObject({ side: 'analyst', authorName: 'Ana Lyst' });
    expect((await conversation('idleAnalyst', unpublished)).comments).toHaveLength(1);
  });

  it('keeps both sides, each author named, oldest first, and mails the other side only', async () => {
    const question = ok(await comment('manager', published, '  We set the header.\nPlease check again.  '));
    expect(question.comment).toMatchObject({
      body: 'We set the header.\nPlease check again.',
      side: 'customer',
      authorName: 'Mona Ger',
      authorUid: users.manager.uid,
    });
    expect(question.comment).not.toHaveProperty('authorEmail');

    // The analyst who published the finding gets the customer's comment: an excerpt and the link to it.
    const toAnalyst = await waitForMail(users.analyst.email, /Mona Ger commented on/);
    expect(toAnalyst.subject).toContain(`Talk ${run}`);
    expect(toAnalyst.body.text).toContain('We set the header. Please check again.');
    expect(toAnalyst.body.text).toContain(`/analyst/services/dast?finding=${published}`);

    const long = `Confirmed: the header is there. ${'Details follow. '.repeat(60)}The end.`;
    const answer = ok(await comment('analyst', published, long));
    expect(answer.comment).toMatchObject({ side: 'analyst', authorName: 'Ana Lyst' });

    // The customer who spoke and the rule's chosen subscriber get the analyst's answer, cut to an excerpt.
    for (const who of ['manager', 'subscriber'] as const) {
      const mail = await waitForMail(users[who].email, /Ana Lyst commented on/);
      expect(mail.body.text).toContain('Ana Lyst (analyst) commented on the DAST finding');
      expect(mail.body.text).toContain(`/reports/dast?finding=${published}`);
      expect(mail.body.text).toContain('Confirmed: the header is there.');
      expect(mail.body.text).not.toContain('The end.');
      expect(mail.body.text).toContain('…');
      expect(mail.body.html).toContain('Ana Lyst (analyst)');
    }

    // Both sides read the same conversation, oldest first.
    for (const who of ['reader', 'manager', 'analyst'] as const) {
      const { comments, nextCursor } = await conversation(who, published);
      expect(
        comments.map((each: any) => [each.authorName, each.side]),
        who,
      ).toEqual([
        ['Mona Ger', 'customer'],
        ['Ana Lyst', 'analyst'],
      ]);
      expect(comments[1].body).toBe(long);
      expect(nextCursor).toBeUndefined();
    }

    // The queue has delivered both comments: a moment more for any stray mail, then nobody else has one.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await commentMails('manager')).toHaveLength(1);
    expect(await commentMails('analyst')).toHaveLength(1);
    for (const who of ['idleAnalyst', 'reader', 'bystander', 'outsider', 'networkOnly', 'junior'] as const) {
      expect(await commentMails(who), who).toEqual([]);
    }

    // A redelivered message mails nobody twice.
    const redelivered = {
      Records: [
        {
          messageId: randomUUID(),
          body: JSON.stringify({
            kind: 'commentMail',
            id: `${slug}/${service}/${published}/${question.comment.commentId}`,
          }),
          attributes: { ApproximateReceiveCount: '2' },
        },
      ],
    } as unknown as SQSEvent;
    expect(await reportWork(redelivered)).toEqual({ batchItemFailures: [] });
    expect(await commentMails('analyst')).toHaveLength(1);
  });

  it("records each comment in its author's event log", async () => {
    const { events } = ok(await as.manager('listEvents', { limit: 10 }));
    const event = events.find((each: any) => each.type === 'findingCommented');
    expect(event).toMatchObject({
      summary: expect.stringMatching(/^Commented on finding /),
      subject: { company: { slug }, finding: { slug, service, findingId: published } },
    });
    expect(JSON.stringify(event)).not.toContain('We set the header');
  });

  it('pages a long conversation, oldest first', async () => {
    const [quiet] = await seedFindings({ slug, service, count: 1, published: true, host: 'pages.example' });
    for (let index = 0; index < 53; index += 1) ok(await comment('reader', quiet!, `Comment ${index}`));
    const first = await conversation('manager', quiet!);
    expect(first.comments).toHaveLength(50);
    expect(first.comments[0].body).toBe('Comment 0');
    const second = await conversation('manager', quiet!, first.nextCursor);
    expect(second.comments.map((each: any) => each.body)).toEqual(['Comment 50', 'Comment 51', 'Comment 52']);
    // Another finding's cursor does not open this one.
    const mixed = await as.manager('listFindingComments', {
      slug,
      service,
      findingId: published,
      cursor: first.nextCursor,
    });
    expect(mixed.statusCode).toBe(403);
  }, 60_000);
});
