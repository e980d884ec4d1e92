// Customers read findings through the analysts' calls, listFindings and getFinding: the server answers a
// customer (a member of the company whom spec 6's service rule lets see the service) with published findings
// only, cut to the customer whitelist (finding-visibility.ts); an unpublished finding is NOT_FOUND; another
// company, a service the company has off, or one the user may not view is PERMISSION_DENIED. Each call makes
// at most 3 DynamoDB requests.
import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler } from '../../lambdas/api/handler.js';
import { createCompanyAs } from '../../lambdas/kernel/companies/company-admin.js';
import { readConfig } from '../../lambdas/kernel/config.js';
import { documentClient } from '../../lambdas/kernel/data/client.js';
import { findingIndexKey, findingKey } from '../../lambdas/kernel/data/entities/findings.js';
import { analystOnlyFindingFields, customerInstanceFields } from '../../lambdas/kernel/findings/finding-visibility.js';
import { callEvent, parseResult } from '../support/call-event.js';
import { dynamoDbRequestsOf } from '../support/dynamodb-requests.js';
import { seedFindings } from '../support/seed-findings.js';
import { signedInCaller } from '../support/signed-in-call.js';
import { createTestUser } from '../support/users.js';
import { keysOf } from '../support/answer-keys.js';

type Caller = ReturnType<typeof signedInCaller>;
const stamp = randomUUID().slice(0, 8);
const slug = `custfind-${stamp}`;
const other = `custfind-other-${stamp}`;
const service = 'dast';
let ids: string[];
const users: Record<string, { uid: string; email: string }> = {};
const as: Record<string, Caller> = {};

async function setFields(id: string, fields: Record<string, unknown>, ofService = service) {
  const names = Object.fromEntries(Object.keys(fields).map((name, index) => [`#f${index}`, name]));
  const values = Object.fromEntries(Object.values(fields).map((value, index) => [`:v${index}`, value]));
  await documentClient.send(
    new UpdateCommand({
      TableName: readConfig().TABLE_NAME,
      Key: findingKey(slug, ofService, id),
      UpdateExpression: `SET ${Object.keys(fields)
        .map((_, index) => `#f${index} = :v${index}`)
        .join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );
}

beforeAll(async () => {
  const admin = { uid: 'test', email: 'test' };
  await createCompanyAs(admin, { slug, companyName: `Cust ${stamp}`, flags: { enableDast: true } });
  await createCompanyAs(admin, { slug: other, companyName: `Other ${stamp}`, flags: { enableDast: true } });
  const profiles = {
    analyst: { userType: 'analyst', accessLevel: 7 },
    manager: { userType: 'customer', accessLevel: 3, companies: [slug] },
    viewer: { userType: 'customer', accessLevel: 1, companies: [slug], servicesEnabled: ['dast'] },
    levelOne: { userType: 'customer', accessLevel: 1, companies: [slug] },
    levelOneNetwork: { userType: 'customer', accessLevel: 1, companies: [slug], servicesEnabled: ['network'] },
    outsider: { userType: 'customer', accessLevel: 3, companies: [other] },
  } as const;
  for (const [name, profile] of Object.entries(profiles)) {
    users[name] = await createTestUser(profile);
    as[name] = signedInCaller(users[name]);
  }
  ids = await seedFindings({ slug, service, count: 5, severity: 'medium', host: 'cust.example' });
  await setFields(ids[0]!, {
    published: true,
    analystTitle: 'Published, reworded',
    notes: 'ANALYST-NOTE-SECRET',
    tags: ['internal-tag'],
    importedBy: 'analyst@example.com',
    // Two places: one open (with a field no customer reads), one a later scan no longer saw.
    instances: [
      { uri: 'https://cust.example/a', method: 'GET', param: 'q', scanNote: 'INSTANCE-SECRET' },
      { uri: 'https://cust.example/b', method: 'GET', fixedAt: fixedAt },
    ],
    instanceCount: 1,
  });
  await setFields(ids[1]!, {
    published: true,
    analystSeverity: 'critical',
    severity: 'critical',
    gsi1sk: findingIndexKey('critical', Date.now(), ids[1]!),
  });
  await setFields(ids[2]!, { published: false, analystTitle: 'Unpublished finding' });
  // Network is off for this company: even a published network finding stays hidden from customers.
  const [network] = await seedFindings({ slug, service: 'network', count: 1, severity: 'high' });
  await setFields(network!, { published: true }, 'network');
});

const fixedAt = Date.UTC(2026, 0, 2);

describe('listFindings for customers', () => {
  it('answers a manager with the published findings only, each with id, severity, status and published', async () => {
    const answer = await as.manager!('listFindings', { slug, service, limit: 50 });
    expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
    const { view, findings } = answer.body.result;
    expect(view).toBe('customer');
    expect(findings.map((finding: { id: string }) => finding.id)).toEqual([ids[1], ids[0]]);
    for (const finding of findings) {
      expect(finding).toMatchObject({ published: true, status: 'open' });
      expect(typeof finding.id).toBe('string');
      expect(['critical', 'medium']).toContain(finding.severity);
    }
    expect(findings[0].severity).toBe('critical');
    expect(findings[1].title).toBe('Published, reworded');
    // "1 of 2 fixed": the open instance the scan saw, and the one it no longer saw.
    expect(findings[1]).toMatchObject({ instanceCount: 2, fixedInstanceCount: 1 });
  });

  it('never sends a customer an analyst-only field', async () => {
    const answer = await as.manager!('listFindings', { slug, service });
    const keys = keysOf(answer.body.result);
    for (const field of [...analystOnlyFindingFields, 'toolSeverity', 'firstImportId', 'lastChangeImportId']) {
      expect(keys.has(field), field).toBe(false);
    }
    expect(JSON.stringify(answer.body)).not.toContain('ANALYST-NOTE-SECRET');
    expect(JSON.stringify(answer.body)).not.toContain('internal-tag');
  });

  it('answers analysts with every finding and their fields', async () => {
    const answer = await as.analyst!('listFindings', { slug, service, limit: 50 });
    expect(answer.body.result.view).toBe('analyst');
    expect(answer.body.result.findings).toHaveLength(5);
    expect(answer.body.result.findings[0]).toHaveProperty('toolSeverity');
  });

  it('lets a level 1 user see a service listed in servicesEnabled, and nothing else', async () => {
    const viewer = await as.viewer!('listFindings', { slug, service });
    expect(viewer.statusCode).toBe(200);
    expect(viewer.body.result.findings).toHaveLength(2);
    for (const refused of [
      await as.levelOne!('listFindings', { slug, service }),
      await as.levelOneNetwork!('listFindings', { slug, service }),
      // The company has network off: even a level 3 manager sees nothing of it.
      await as.manager!('listFindings', { slug, service: 'network' }),
    ]) {
      expect(refused.statusCode).toBe(403);
      expect(refused.body.error.status).toBe('PERMISSION_DENIED');
    }
  });

  it('refuses another company with the words it uses for a company that does not exist', async () => {
    const foreign = await as.outsider!('listFindings', { slug, service });
    const missing = await as.outsider!('listFindings', { slug: `nothing-${stamp}`, service });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.body.error).toEqual(missing.body.error);
  });

  it('pages published findings only, with filters, in at most 3 DynamoDB requests', async () => {
    const event = callEvent(
      'listFindings',
      { slug, service, limit: 1, filter: { severity: ['critical', 'medium'] } },
      {
        claims: {
          sub: users.manager!.uid,
          email: users.manager!.email,
          token_use: 'id',
          auth_time: `${Math.floor(Date.now() / 1000)}`,
        },
      },
    );
    const { result, requests } = await dynamoDbRequestsOf(() => handler(event as never));
    const first = parseResult(result);
    expect(requests.length, requests.join(', ')).toBeLessThanOrEqual(3);
    expect(requests).not.toContain('ScanCommand');
    expect(first.body.result.findings.map((finding: { id: string }) => finding.id)).toEqual([ids[1]]);
    const next = await as.manager!('listFindings', {
      slug,
      service,
      limit: 1,
      filter: { severity: ['critical', 'medium'] },
      cursor: first.body.result.nextCursor,
    });
    expect(next.body.result.findings.map((finding: { id: string }) => finding.id)).toEqual([ids[0]]);
  });
});

describe('getFinding for customers', () => {
  it('answers a published finding with the customer fields only', async () => {
    const answer = await as.viewer!('getFinding', { slug, service, findingId: ids[0] });
    expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
    const finding = answer.body.result;
    expect(finding).toMatchObject({ view: 'customer', id: ids[0], title: 'Published, reworded', published: true });
    expect(finding.description).toBe('The tool says so.');
    const keys = keysOf(finding);
    for (const field of analystOnlyFindingFields) expect(keys.has(field), field).toBe(false);
    expect(JSON.stringify(finding)).not.toContain('ANALYST-NOTE-SECRET');
    // Each instance with its state, cut to the customer's instance fields.
    expect(finding).toMatchObject({ instanceCount: 2, fixedInstanceCount: 1 });
    expect(finding.instances).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f]{16}$/),
        state: 'open',
        uri: 'https://cust.example/a',
        method: 'GET',
        param: 'q',
      },
      {
        id: expect.stringMatching(/^[0-9a-f]{16}$/),
        state: 'fixed',
        fixedAt,
        uri: 'https://cust.example/b',
        method: 'GET',
      },
    ]);
    for (const instance of finding.instances) {
      for (const key of Object.keys(instance)) expect(customerInstanceFields as readonly string[]).toContain(key);
    }
    expect(JSON.stringify(finding)).not.toContain('INSTANCE-SECRET');
    // Analysts read every field the instance has.
    const analystView = (await as.analyst!('getFinding', { slug, service, findingId: ids[0] })).body.result;
    expect(analystView.instances[0]).toMatchObject({ state: 'open', scanNote: 'INSTANCE-SECRET' });
  });

  it('answers NOT_FOUND for an unpublished finding, as for one that does not exist', async () => {
    const unpublished = await as.manager!('getFinding', { slug, service, findingId: ids[2] });
    const missing = await as.manager!('getFinding', { slug, service, findingId: '0'.repeat(32) });
    expect(unpublished.statusCode).toBe(404);
    expect(unpublished.body.error).toEqual(missing.body.error);
    const analyst = await as.analyst!('getFinding', { slug, service, findingId: ids[2] });
    expect(analyst.body.result).toMatchObject({ view: 'analyst', title: 'Unpublished finding' });
  });

  it('refuses another company and a service the user may not view, before saying whether the finding exists', async () => {
    expect((await as.outsider!('getFinding', { slug, service, findingId: ids[0] })).statusCode).toBe(403);
    expect((await as.levelOne!('getFinding', { slug, service, findingId: ids[0] })).statusCode).toBe(403);
    expect((await as.levelOne!('getFinding', { slug, service, findingId: '0'.repeat(32) })).statusCode).toBe(403);
  });

  it('reads in at most 3 DynamoDB requests, for a customer and for an analyst', async () => {
    for (const name of ['manager', 'analyst']) {
      const user = users[name]!;
      const event = callEvent(
        'getFinding',
        { slug, service, findingId: ids[0] },
        {
          claims: { sub: user.uid, email: user.email, token_use: 'id', auth_time: `${Math.floor(Date.now() / 1000)}` },
        },
      );
      const { result, requests } = await dynamoDbRequestsOf(() => handler(event as never));
      expect(parseResult(result).statusCode).toBe(200);
      expect(requests.length, `${name}: ${requests.join(', ')}`).toBeLessThanOrEqual(3);
    }
  });
});
