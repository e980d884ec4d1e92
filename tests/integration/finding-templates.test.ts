// The finding-template library's calls, through the API handler as analysts, against DynamoDB Local:
// per-field versions (two editors of different fields both save; a stale version is refused with what is
// stored), events written with each change, paging, retiring, and bad input refused with nothing written.
import { beforeAll, describe, expect, it } from 'vitest';
import { getTemplateItem } from '../../lambdas/kernel/data/entities/templates.js';
import { listEventsCreatedBy } from '../../lambdas/kernel/events/events.js';
import { signedInCaller } from '../support/signed-in-call.js';
import { createTestUser } from '../support/users.js';

let ada: ReturnType<typeof signedInCaller>;
let bob: ReturnType<typeof signedInCaller>;
let adaUid: string;

const newTemplate = (title = `Missing header ${Math.random().toString(36).slice(2, 8)}`) => ({
  title,
  severity: 'medium',
  description: 'The response lacks a security header.',
  remediation: 'Set the header on every response.',
  references: ['https://owasp.org/www-project-secure-headers/'],
  cwe: ['CWE-693'],
  services: ['dast'],
  tags: ['headers'],
  rules: ['zap:10021'],
});

async function created(): Promise<{ templateId: string; fieldVersions: Record<string, number> }> {
  const answer = await ada('createTemplate', newTemplate());
  expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result;
}

beforeAll(async () => {
  const adaUser = await createTestUser({ userType: 'analyst', accessLevel: 9, displayName: 'Ada Analyst' });
  adaUid = adaUser.uid;
  ada = signedInCaller(adaUser);
  bob = signedInCaller(await createTestUser({ userType: 'analyst', accessLevel: 7 }));
});

describe('finding templates', () => {
  it('creates a template with every field at version 1, and reads it back', async () => {
    const input = newTemplate('Cookie without Secure flag');
    const answer = await ada('createTemplate', input);
    const read = await bob('getTemplate', { templateId: answer.body.result.templateId });

    expect(answer.statusCode).toBe(200);
    expect(answer.body.result).toMatchObject({ ...input, retired: false, usageCount: 0, version: 1 });
    expect(Object.values(answer.body.result.fieldVersions)).toEqual(Array(10).fill(1));
    expect(read.body.result).toEqual(answer.body.result);
  });

  it('saves two editors on different fields of one template without conflict', async () => {
    const { templateId } = await created();

    const [title, severity] = await Promise.all([
      ada('updateTemplate', { templateId, field: 'title', value: 'Missing CSP header', expectedVersion: 1 }),
      bob('updateTemplate', { templateId, field: 'severity', value: 'high', expectedVersion: 1 }),
    ]);

    expect(title).toEqual({ statusCode: 200, body: { result: { version: 2 } } });
    expect(severity).toEqual({ statusCode: 200, body: { result: { version: 2 } } });
    const stored = await getTemplateItem(templateId, true);
    expect(stored).toMatchObject({ title: 'Missing CSP header', severity: 'high', version: 3 });
    expect(stored?.fieldVersions).toMatchObject({ title: 2, severity: 2, description: 1 });
  });

  it('refuses a stale version of a field with the stored value and version, and writes nothing', async () => {
    const { templateId } = await created();
    await ada('updateTemplate', { templateId, field: 'tags', value: ['headers', 'csp'], expectedVersion: 1 });

    const stale = await bob('updateTemplate', { templateId, field: 'tags', value: ['mine'], expectedVersion: 1 });

    expect(stale.statusCode).toBe(409);
    expect(stale.body.error).toMatchObject({
      status: 'ABORTED',
      details: { field: 'tags', value: ['headers', 'csp'], version: 2 },
    });
    expect((await getTemplateItem(templateId, true))?.tags).toEqual(['headers', 'csp']);
  });

  it('records each change as an event with before and after', async () => {
    const { templateId } = await created();
    await ada('updateTemplate', { templateId, field: 'remediation', value: 'Add the header.', expectedVersion: 1 });

    const { events } = await listEventsCreatedBy(adaUid, { limit: 5, descending: true });
    const change = events.find((event) => event.type === 'templateUpdated');

    expect(change).toMatchObject({
      summary: expect.stringContaining('Changed the remediation of template'),
      subject: { template: { templateId } },
      before: { remediation: 'Set the header on every response.', version: 1 },
      after: { remediation: 'Add the header.', version: 2 },
    });
    expect(
      events.some((event) => event.type === 'templateCreated' && event.subject?.template?.templateId === templateId),
    ).toBe(true);
  });

  it('retires a template and restores it, each a versioned change of its retired field', async () => {
    const { templateId } = await created();

    const retired = await bob('retireTemplate', { templateId, expectedVersion: 1 });
    const again = await bob('retireTemplate', { templateId, expectedVersion: 1 });
    const restored = await bob('retireTemplate', { templateId, expectedVersion: 2, retired: false });

    expect(retired.body.result).toEqual({ version: 2 });
    expect(again.body.error).toMatchObject({ status: 'ABORTED', details: { value: true, version: 2 } });
    expect(restored.body.result).toEqual({ version: 3 });
    expect((await getTemplateItem(templateId, true))?.retired).toBe(false);
  });

  it('lists the library a page at a time, most recently changed first', async () => {
    const first = await created();
    const second = await created();

    const page = await ada('listTemplates', { limit: 1 });
    const next = await ada('listTemplates', { limit: 1, cursor: page.body.result.nextCursor });

    expect(page.body.result.templates.map((t: { templateId: string }) => t.templateId)).toEqual([second.templateId]);
    expect(next.body.result.templates.map((t: { templateId: string }) => t.templateId)).toEqual([first.templateId]);
  });

  it.each([
    ['an unknown field', { field: 'owner', value: 'x', expectedVersion: 1 }, 400, 'INVALID_ARGUMENT'],
    ['a value of the wrong type', { field: 'tags', value: 'headers', expectedVersion: 1 }, 400, 'INVALID_ARGUMENT'],
    [
      'a tag over 64 characters',
      { field: 'tags', value: ['x'.repeat(65)], expectedVersion: 1 },
      400,
      'INVALID_ARGUMENT',
    ],
    [
      'a tag with a control character',
      { field: 'tags', value: ['a\u0007b'], expectedVersion: 1 },
      400,
      'INVALID_ARGUMENT',
    ],
    ['a rule of no tool', { field: 'rules', value: ['10021'], expectedVersion: 1 }, 400, 'INVALID_ARGUMENT'],
    ['no version', { field: 'title', value: 'New title' }, 400, 'INVALID_ARGUMENT'],
    ['a stale version', { field: 'title', value: 'New title', expectedVersion: 7 }, 409, 'ABORTED'],
  ])('refuses %s and writes nothing', async (_name, edit, statusCode, status) => {
    const { templateId } = await created();
    const before = await getTemplateItem(templateId, true);

    const answer = await ada('updateTemplate', { templateId, ...edit });

    expect(answer.statusCode).toBe(statusCode);
    expect(answer.body.error.status).toBe(status);
    expect(answer.body.error.message).toBeTruthy();
    expect(await getTemplateItem(templateId, true)).toEqual(before);
  });

  it('answers NOT_FOUND for a template id of nothing', async () => {
    const edit = await ada('updateTemplate', {
      templateId: 'no-such-template',
      field: 'title',
      value: 'x',
      expectedVersion: 1,
    });
    const read = await ada('getTemplate', { templateId: 'no-such-template' });

    expect(edit.body.error.status).toBe('NOT_FOUND');
    expect(read.statusCode).toBe(404);
    expect(await getTemplateItem('no-such-template', true)).toBeUndefined();
  });

  it('keeps the library from customers and juniors', async () => {
    const junior = signedInCaller(await createTestUser({ userType: 'analyst', accessLevel: 5 }));
    const customer = signedInCaller(
      await createTestUser({ userType: 'customer', accessLevel: 9, companies: ['acme'] }),
    );

    expect((await junior('listTemplates', {})).body.error.status).toBe('PERMISSION_DENIED');
    expect((await customer('createTemplate', newTemplate())).body.error.status).toBe('PERMISSION_DENIED');
  });
});
