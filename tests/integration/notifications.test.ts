// Notification rules against the local stack: the rule calls (bad input refused naming the field with
// nothing written, stale versions refused), and the mails in the SES emulator's outbox: a bulk publish mails each
// recipient once, with each finding's title, severity and link and nothing else of it; findings below the rule's
// severity or left unpublished are not mailed; a member who may not view the service is not mailed; a redelivered
// message sends no second mail; the daily digest collects what was published since it last ran.
import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SQSEvent } from 'aws-lambda';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { handler as reportWork } from '../../lambdas/reports/handler.js';
import { createCompanyAs } from '../../lambdas/kernel/companies/company-admin.js';
import { readConfig } from '../../lambdas/kernel/config.js';
import { documentClient } from '../../lambdas/kernel/data/client.js';
import { findingKey } from '../../lambdas/kernel/data/entities/findings.js';
import { getDeliveryState, listRuleItems } from '../../lambdas/kernel/data/entities/notifications.js';
import { mailsTo } from '../support/outbox.js';
import { seedFindings } from '../support/seed-findings.js';
import { signedInCaller } from '../support/signed-in-call.js';
import { createTestUser } from '../support/users.js';

type Caller = ReturnType<typeof signedInCaller>;
const { appUrl } = inject('localStack');
const run = randomUUID().slice(0, 8);
const slug = `notify-${run}`;
const service = 'dast';
const users: Record<string, { uid: string; email: string }> = {};
const as: Record<string, Caller> = {};

async function setTitle(id: string, title: string) {
  await documentClient.send(
    new UpdateCommand({
      TableName: readConfig().TABLE_NAME,
      Key: findingKey(slug, service, id),
      UpdateExpression: 'SET title = :title',
      ExpressionAttributeValues: { ':title': title },
    }),
  );
}

/** Findings of one severity, each titled uniquely. */
async function findingsOf(severity: 'critical' | 'high' | 'medium' | 'low' | 'info', count: number, label: string) {
  const ids = await seedFindings({ slug, service, count, severity, host: 'notify.example' });
  for (const [index, id] of ids.entries()) await setTitle(id, `${label} ${index} ${run}`);
  return ids;
}

async function waitForMails(email: string, count: number, subject: RegExp, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = (await mailsTo(email)).filter((mail) => subject.test(mail.subject));
    if (mails.length >= count) return mails;
    if (Date.now() > deadline) throw new Error(`${email} got ${mails.length} mails matching ${subject}, not ${count}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function bulkPublish(findingIds: string[]) {
  const started = await as.analyst!('bulkUpdateFindings', {
    slug,
    service,
    findingIds,
    action: { kind: 'setPublished', value: true },
  });
  expect(started.statusCode, JSON.stringify(started.body)).toBe(200);
  const bulkId = started.body.result.bulkId as string;
  for (let waited = 0; waited < 60_000; waited += 200) {
    const answer = await as.analyst!('getBulkUpdate', { bulkId });
    if (answer.body.result.status === 'done') return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the bulk publish did not finish');
}

const sqsEvent = (body: unknown): SQSEvent =>
  ({
    Records: [
      {
        messageId: randomUUID(),
        body: JSON.stringify(body),
        attributes: { ApproximateReceiveCount: '2' },
      },
    ],
  }) as unknown as SQSEvent;

const rule = (fields: Record<string, unknown>) => ({
  slug,
  service,
  minSeverity: 'high',
  cadence: 'immediate',
  recipientMode: 'everyone',
  ...fields,
});

beforeAll(async () => {
  await createCompanyAs(
    { uid: 'test', email: 'test' },
    { slug, companyName: `Notify ${run}`, flags: { enableDast: true, enableViewResultsNetwork: true } },
  );
  const profiles = {
    analyst: { userType: 'analyst', accessLevel: 7 },
    manager: { userType: 'customer', accessLevel: 3, companies: [slug] },
    dastViewer: { userType: 'customer', accessLevel: 1, companies: [slug], servicesEnabled: ['dast'] },
    networkViewer: { userType: 'customer', accessLevel: 1, companies: [slug], servicesEnabled: ['network'] },
  } as const;
  for (const [name, profile] of Object.entries(profiles)) {
    users[name] = await createTestUser({
      ...profile,
      companies: [...(('companies' in profile && profile.companies) || [])],
    });
    as[name] = signedInCaller(users[name]);
  }
});

describe('the rule calls', () => {
  it('refuses bad input naming the field, and writes nothing', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [rule({ service: 'ftp' }), /service/],
      [rule({ minSeverity: 'huge' }), /minSeverity/],
      [rule({ cadence: 'hourly' }), /cadence/],
      [rule({ recipientMode: 'some' }), /recipientMode/],
      // The company has cloud scanning off.
      [rule({ service: 'cloud' }), /^service: Cloud scanning is not on/],
      [rule({ recipientMode: 'chosen', recipients: [] }), /^recipients: /],
      [rule({ recipientMode: 'chosen', recipients: ['not-a-member'] }), /^recipients\.0: not a user/],
    ];
    for (const [input, message] of cases) {
      const answer = await as.manager!('saveNotificationRule', input);
      expect(answer.statusCode, JSON.stringify(input)).toBe(400);
      expect(answer.body.error.status).toBe('INVALID_ARGUMENT');
      expect(answer.body.error.message).toMatch(message);
    }
    expect(await listRuleItems(slug)).toEqual([]);
  });

  it('creates, edits on the version seen (a stale one is refused) and deletes', async () => {
    const created = await as.manager!('saveNotificationRule', rule({ minSeverity: 'low' }));
    expect(created.statusCode, JSON.stringify(created.body)).toBe(200);
    const { ruleId, version } = created.body.result;
    const edited = await as.analyst!(
      'saveNotificationRule',
      rule({ ruleId, expectedVersion: version, cadence: 'daily' }),
    );
    expect(edited.statusCode, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.result).toMatchObject({ version: 2, cadence: 'daily', updatedBy: users.analyst!.email });
    const stale = await as.manager!('saveNotificationRule', rule({ ruleId, expectedVersion: version }));
    expect(stale.statusCode).toBe(409);
    expect(stale.body.error.status).toBe('ABORTED');
    const listed = await as.manager!('listNotificationRules', { slug });
    expect(listed.body.result.rules).toMatchObject([{ ruleId, version: 2, cadence: 'daily', minSeverity: 'high' }]);
    expect((await as.manager!('deleteNotificationRule', { slug, ruleId, expectedVersion: 1 })).statusCode).toBe(409);
    expect((await as.manager!('deleteNotificationRule', { slug, ruleId, expectedVersion: 2 })).statusCode).toBe(200);
    expect(await listRuleItems(slug)).toEqual([]);
  });

  it('is refused to a member below level 3 and to another company', async () => {
    expect((await as.dastViewer!('listNotificationRules', { slug })).statusCode).toBe(403);
    const outsider = signedInCaller(await createTestUser({ accessLevel: 3, companies: ['acme'] }));
    expect((await outsider('saveNotificationRule', rule({}))).statusCode).toBe(403);
  });
});

describe('mails', () => {
  let highIds: string[];
  let criticalIds: string[];

  it('a bulk publish mails each recipient once: title, severity and link of the findings at or above the rule', async () => {
    const saved = await as.manager!('saveNotificationRule', rule({}));
    expect(saved.statusCode, JSON.stringify(saved.body)).toBe(200);
    highIds = await findingsOf('high', 30, 'High finding');
    criticalIds = await findingsOf('critical', 2, 'Critical finding');
    const mediumIds = await findingsOf('medium', 3, 'Medium finding');
    const infoIds = await findingsOf('info', 2, 'Info finding');
    await findingsOf('high', 1, 'Unpublished finding');
    await bulkPublish([...highIds, ...criticalIds, ...mediumIds, ...infoIds]);

    for (const name of ['manager', 'dastViewer'] as const) {
      const [mail, ...more] = await waitForMails(users[name]!.email, 1, /published for Notify/);
      expect(more).toEqual([]);
      expect(mail!.subject).toBe(`32 findings published for Notify ${run}`);
      const text = mail!.body.text ?? '';
      expect(text).toContain(`[Critical] Critical finding 0 ${run}`);
      expect(text).toContain(`[High] High finding 29 ${run}`);
      expect(text).toContain(`${appUrl}/reports/dast?finding=${criticalIds[0]}`);
      expect(mail!.body.html).toContain(`${appUrl}/reports/dast?finding=${highIds[0]}`);
      // Nothing of a finding beyond its title and severity; nothing below the rule's severity or unpublished.
      for (const part of [text, mail!.body.html ?? '']) {
        expect(part).not.toContain('The tool says so.');
        expect(part).not.toContain("The tool's fix.");
        expect(part).not.toContain('notify.example');
        expect(part).not.toContain('Medium finding');
        expect(part).not.toContain('Info finding');
        expect(part).not.toContain('Unpublished finding');
      }
      // Most severe first.
      expect(text.indexOf('Critical finding')).toBeLessThan(text.indexOf('High finding'));
    }
    // A member who may not view DAST, and the analyst (no member), get nothing.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await mailsTo(users.networkViewer!.email)).toEqual([]);
    expect(await mailsTo(users.analyst!.email)).toEqual([]);
  });

  it('a redelivered message sends no second mail, even when the batch was not marked done', async () => {
    const state = await getDeliveryState(slug, 'immediate');
    expect(state.cursor).toBeDefined();
    // As if the worker stopped after the mails, before it moved its cursor: the batch is still pending.
    await documentClient.send(
      new UpdateCommand({
        TableName: readConfig().TABLE_NAME,
        Key: { pk: `NOTIFY_STATE#${slug}`, sk: 'immediate' },
        UpdateExpression: 'SET #cursor = :from, pending = :batch',
        ExpressionAttributeNames: { '#cursor': 'cursor' },
        ExpressionAttributeValues: { ':from': '0', ':batch': { from: '0', upTo: state.cursor } },
      }),
    );
    const answer = await reportWork(sqsEvent({ kind: 'notify', id: `${slug}/redelivered` }));
    expect(answer).toEqual({ batchItemFailures: [] });
    expect(await getDeliveryState(slug, 'immediate')).toEqual(expect.objectContaining({ cursor: state.cursor }));
    expect((await getDeliveryState(slug, 'immediate')).pending).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await mailsTo(users.manager!.email)).toHaveLength(1);
    expect(await mailsTo(users.dastViewer!.email)).toHaveLength(1);
  });

  it('publishing one finding below the rule mails nobody; one at or above it mails at once', async () => {
    const medium = await findingsOf('medium', 1, 'Single medium');
    const high = await findingsOf('high', 1, 'Single high');
    for (const id of [...medium, ...high]) {
      const answer = await as.analyst!('updateFinding', {
        slug,
        service,
        findingId: id,
        field: 'published',
        value: true,
        expectedVersion: 0,
      });
      expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
    }
    const mails = await waitForMails(users.dastViewer!.email, 2, /published for Notify/);
    expect(mails).toHaveLength(2);
    const latest = mails.find((mail) => mail.subject.startsWith('1 finding'))!;
    expect(latest.body.text).toContain(`[High] Single high 0 ${run}`);
    expect(latest.body.text).not.toContain('Single medium');
  });

  it('the daily digest sends what was published since it last ran, once per recipient, to those chosen', async () => {
    const saved = await as.manager!(
      'saveNotificationRule',
      rule({ minSeverity: 'medium', cadence: 'daily', recipientMode: 'chosen', recipients: [users.dastViewer!.uid] }),
    );
    expect(saved.statusCode, JSON.stringify(saved.body)).toBe(200);
    const newer = await findingsOf('medium', 2, 'Daily medium');
    await bulkPublish(newer);

    // The schedule's event, as EventBridge (or the local stand-in) sends it.
    expect(await reportWork({ digest: 'daily' })).toEqual({ batchItemFailures: [] });
    const [digest, ...more] = await waitForMails(users.dastViewer!.email, 1, /^Daily digest/);
    expect(more).toEqual([]);
    expect(digest!.subject).toBe(`Daily digest: 2 findings published for Notify ${run}`);
    expect(digest!.body.text).toContain(`[Medium] Daily medium 1 ${run}`);
    // Published before the rule existed: not in its first digest.
    expect(digest!.body.text).not.toContain('Medium finding');
    expect(digest!.body.text).toContain(`${appUrl}/reports/dast?finding=${newer[0]}`);

    // Not chosen: the manager gets no digest. Run again: nothing new, no mail.
    expect(await reportWork({ digest: 'daily' })).toEqual({ batchItemFailures: [] });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await mailsTo(users.dastViewer!.email)).filter((mail) => /^Daily digest/.test(mail.subject))).toHaveLength(
      1,
    );
    expect((await mailsTo(users.manager!.email)).filter((mail) => /^Daily digest/.test(mail.subject))).toEqual([]);
  });
});
