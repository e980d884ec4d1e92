// DAST API keys against DynamoDB Local: management through the API handler (create, list, roll with grace, revoke;
// bad input refused, nothing written, the attempt recorded), and verifyDastKey: the checksum refuses a mistyped
// key with no DynamoDB request, expiry, revocation, scopes, the company switch at once, the per-key rate limit with
// Retry-After, and the number of DynamoDB requests per verification.
import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCompanyAs, updateCompanyAs } from '../../lambdas/kernel/companies/company-admin.js';
import { getCompanyRecord } from '../../lambdas/kernel/companies/company-records.js';
import { readConfig, resetConfigCache } from '../../lambdas/kernel/config.js';
import { documentClient } from '../../lambdas/kernel/data/client.js';
import { readCompanyWithKeys, readKeyItems } from '../../lambdas/kernel/data/entities/dast-keys.js';
import { dastKeyHash } from '../../lambdas/kernel/dast-keys/dast-key-secret.js';
import { newDastKeyText } from '../../lambdas/kernel/dast-keys/key-format.js';
import { verifyDastKey } from '../../lambdas/kernel/dast-keys/verify-dast-key.js';
import { CallError, toErrorResponse } from '../../lambdas/kernel/errors.js';
import { listEventsCreatedBy } from '../../lambdas/kernel/events/events.js';
import { dynamoDbRequestsOf } from '../support/dynamodb-requests.js';
import { signedInCaller } from '../support/signed-in-call.js';
import { createTestUser } from '../support/users.js';

let slug: string;
let customer: { uid: string; email: string };
let asCustomer: ReturnType<typeof signedInCaller>;

async function newCompany(enableDastTriggering = true): Promise<string> {
  const companySlug = `dk-${randomUUID().slice(0, 8)}`;
  await createCompanyAs(
    { uid: 'tests', email: 'tests@example.com' },
    { slug: companySlug, companyName: 'DAST Keys Co', flags: { enableDast: true, enableDastTriggering } },
  );
  return companySlug;
}

beforeAll(async () => {
  slug = await newCompany();
  customer = await createTestUser({ userType: 'customer', accessLevel: 3, companies: [slug] });
  asCustomer = signedInCaller(customer);
});

const bearer = (key: string) => `Bearer ${key}`;

/** The company's keys as stored: each entry with its key item. */
async function storedKeys(companySlug: string) {
  const { entries } = await readCompanyWithKeys(companySlug);
  const items = await readKeyItems(entries);
  return entries.map((entry) => ({ ...entry, item: items.get(entry.keyId)! }));
}

async function createKey(fields: Record<string, unknown> = {}, companySlug = slug) {
  const answer = await asCustomer('createDastKey', {
    slug: companySlug,
    name: `CI ${randomUUID().slice(0, 6)}`,
    allowedTargets: ['https://app.acme.example/'],
    ...fields,
  });
  expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result as { key: string; dastKey: { keyId: string; expiresAt: number; scopes: string[] } };
}

/** The call error verifyDastKey ends with, as the HTTP layer would answer it. */
async function refusalOf(header: string | undefined, scope: Parameters<typeof verifyDastKey>[1] = 'dast:trigger') {
  const error = await verifyDastKey(header, scope).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error, 'the key was accepted').toBeInstanceOf(CallError);
  return toErrorResponse(error, 'test');
}

describe('DAST key management', () => {
  it('creates a key shown once, with default scopes (results off) and a 90-day expiry, and lists it without its text', async () => {
    const before = Date.now();
    const { key, dastKey } = await createKey({
      allowedTargets: ['https://App.Acme.example/api?x=1', 'scan.acme.example', '203.0.113.7'],
    });
    expect(key).toMatch(/^spdk_[0-9A-Za-z]{12}_[0-9A-Za-z]{38}$/);
    expect(dastKey.scopes).toEqual(['dast:trigger', 'dast:status:read']);
    expect(dastKey.expiresAt - before).toBeGreaterThanOrEqual(90 * 24 * 3600_000 - 5000);
    expect(dastKey.expiresAt - before).toBeLessThanOrEqual(90 * 24 * 3600_000 + 5000);
    const list = await asCustomer('listDastKeys', { slug });
    const listed = list.body.result.dastKeys.find((item: { keyId: string }) => item.keyId === dastKey.keyId);
    expect(listed).toMatchObject({
      status: 'active',
      allowedTargets: ['https://app.acme.example/api', 'scan.acme.example', '203.0.113.7'],
      hint: `spdk_${dastKey.keyId}_…${key.slice(-4)}`,
    });
    expect(JSON.stringify(list.body)).not.toContain(key.slice(18));
    // Only the HMAC is stored.
    const stored = (await storedKeys(slug)).find((item) => item.keyId === dastKey.keyId)!;
    expect(stored.keyHash).toBe(await dastKeyHash(key));
    expect(JSON.stringify(stored)).not.toContain(key.slice(18, 40));
  });

  it('refuses an unknown scope, a bad target and an expiry out of range, naming the field; writes no key; records the attempt', async () => {
    const before = (await storedKeys(slug)).length;
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ scopes: ['dast:admin'] }, /^scopes\.0: "dast:admin" is not a scope/],
      [{ allowedTargets: ['ftp://files.acme.example'] }, /^allowedTargets\.0: .* must be an http or https URL/],
      [{ allowedTargets: ['not a host'] }, /^allowedTargets\.0: /],
      [{ allowedTargets: ['https://user:pw@acme.example/'] }, /^allowedTargets\.0: .*credentials/],
      [{ allowedTargets: [] }, /^allowedTargets: /],
      [{ expiresInDays: 366 }, /^expiresInDays: must be a whole number of days from 1 to 365/],
      [{ expiresInDays: 0 }, /^expiresInDays: /],
      [{ expiresInDays: 1.5 }, /^expiresInDays: /],
    ];
    for (const [fields, message] of cases) {
      const answer = await asCustomer('createDastKey', {
        slug,
        name: 'Bad',
        allowedTargets: ['acme.example'],
        ...fields,
      });
      expect(answer.statusCode, JSON.stringify(fields)).toBe(400);
      expect(answer.body.error.status).toBe('INVALID_ARGUMENT');
      expect(answer.body.error.message).toMatch(message);
    }
    expect((await storedKeys(slug)).length).toBe(before);
    const { events } = await listEventsCreatedBy(customer.uid, { limit: 50, descending: true });
    const refused = events.filter((event) => event.type === 'dastKeyRefused');
    expect(refused.length).toBe(cases.length);
    expect(refused.map((event) => event.summary).join('\n')).toContain('scopes.0');
  });

  it('keeps other callers out: a level-2 member, a level-3 user of another company, a company with triggering off', async () => {
    const low = signedInCaller(await createTestUser({ accessLevel: 2, companies: [slug] }));
    expect((await low('listDastKeys', { slug })).statusCode).toBe(403);
    const stranger = signedInCaller(await createTestUser({ accessLevel: 3 }));
    expect((await stranger('listDastKeys', { slug })).statusCode).toBe(403);
    const off = await newCompany(false);
    const member = signedInCaller(await createTestUser({ accessLevel: 3, companies: [off] }));
    expect((await member('createDastKey', { slug: off, name: 'x', allowedTargets: ['acme.example'] })).statusCode).toBe(
      403,
    );
    // Analysts of level 7 manage any company's keys.
    const analyst = signedInCaller(await createTestUser({ userType: 'analyst', accessLevel: 7 }));
    expect((await analyst('listDastKeys', { slug })).statusCode).toBe(200);
  });
});

describe('verifyDastKey', () => {
  it('accepts a live key for its company, key id and targets', async () => {
    const { key, dastKey } = await createKey();
    await expect(verifyDastKey(bearer(key), 'dast:trigger')).resolves.toEqual({
      companyId: slug,
      keyId: dastKey.keyId,
      allowedTargets: ['https://app.acme.example/'],
      scopes: ['dast:trigger', 'dast:status:read'],
    });
    await expect(verifyDastKey(`bearer  ${key}`, 'dast:status:read')).resolves.toMatchObject({ keyId: dastKey.keyId });
  });

  it('refuses a missing, malformed or mistyped key with UNAUTHENTICATED before any DynamoDB request', async () => {
    const { key } = await createKey();
    const typo = `${key.slice(0, 20)}${key[20] === 'a' ? 'b' : 'a'}${key.slice(21)}`;
    for (const header of [undefined, '', 'Bearer', `Basic ${key}`, bearer('spdk_short'), bearer(typo), key]) {
      const { requests, result } = await dynamoDbRequestsOf(() => refusalOf(header));
      expect(result.statusCode, String(header)).toBe(401);
      expect(result.body.error.status).toBe('UNAUTHENTICATED');
      expect(requests, String(header)).toEqual([]);
    }
  });

  it('refuses an unknown key whose checksum holds (one DynamoDB request)', async () => {
    const { requests, result } = await dynamoDbRequestsOf(() => refusalOf(bearer(newDastKeyText().key)));
    expect(result.statusCode).toBe(401);
    expect(requests).toEqual(['UpdateItemCommand']);
  });

  it('refuses an expired key and a revoked key at once', async () => {
    const expired = await createKey();
    await documentClient.send(
      new UpdateCommand({
        TableName: readConfig().TABLE_NAME,
        Key: { pk: `DASTKEY#${await dastKeyHash(expired.key)}`, sk: 'DASTKEY' },
        UpdateExpression: 'SET expiresAt = :past',
        ExpressionAttributeValues: { ':past': Date.now() - 1000 },
      }),
    );
    expect((await refusalOf(bearer(expired.key))).statusCode).toBe(401);

    const revoked = await createKey();
    await verifyDastKey(bearer(revoked.key), 'dast:trigger');
    const answer = await asCustomer('revokeDastKey', { slug, keyId: revoked.dastKey.keyId });
    expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.result.status).toBe('revoked');
    expect((await refusalOf(bearer(revoked.key))).body.error.status).toBe('UNAUTHENTICATED');

    // Both refusals are recorded as events of their key, without the key's text.
    for (const [created, words] of [
      [expired, /unknown, expired or revoked/],
      [revoked, /unknown, expired or revoked/],
    ] as const) {
      const { events } = await listEventsCreatedBy(`dast-key:${created.dastKey.keyId}`, {
        limit: 10,
        descending: true,
      });
      const refusals = events.filter((event) => event.type === 'dastKeyUseRefused');
      expect(refusals).toHaveLength(1);
      expect(refusals[0]!.summary).toMatch(words);
      expect(JSON.stringify(events)).not.toContain(created.key.slice(18));
    }
  });

  it('rolls a key: the new one works, the old one until its grace ends (at once with no grace)', async () => {
    const graced = await createKey();
    const rolled = await asCustomer('rollDastKey', { slug, keyId: graced.dastKey.keyId, graceHours: 24 });
    expect(rolled.statusCode, JSON.stringify(rolled.body)).toBe(200);
    expect(rolled.body.result.previous.expiresAt).toBeLessThanOrEqual(Date.now() + 24 * 3600_000);
    expect(rolled.body.result.dastKey.rolledFrom).toBe(graced.dastKey.keyId);
    await expect(verifyDastKey(bearer(graced.key), 'dast:trigger')).resolves.toMatchObject({ companyId: slug });
    await expect(verifyDastKey(bearer(rolled.body.result.key), 'dast:trigger')).resolves.toMatchObject({
      keyId: rolled.body.result.dastKey.keyId,
    });

    const immediate = await createKey();
    const now = await asCustomer('rollDastKey', { slug, keyId: immediate.dastKey.keyId, graceHours: 0 });
    expect(now.statusCode).toBe(200);
    expect((await refusalOf(bearer(immediate.key))).statusCode).toBe(401);
    await expect(verifyDastKey(bearer(now.body.result.key), 'dast:trigger')).resolves.toBeDefined();

    const tooLong = await asCustomer('rollDastKey', { slug, keyId: now.body.result.dastKey.keyId, graceHours: 169 });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body.error.message).toMatch(/^graceHours: /);
  });

  it('checks scopes: results reading is off unless granted', async () => {
    const { key } = await createKey();
    const refused = await refusalOf(bearer(key), 'dast:results:read');
    expect(refused.statusCode).toBe(403);
    expect(refused.body.error.message).toMatch(/lacks the scope dast:results:read/);
    const reader = await createKey({ scopes: ['dast:results:read'] });
    await expect(verifyDastKey(bearer(reader.key), 'dast:results:read')).resolves.toBeDefined();
    expect((await refusalOf(bearer(reader.key), 'dast:trigger')).statusCode).toBe(403);
    const { events } = await listEventsCreatedBy(`dast-key:${reader.dastKey.keyId}`, { limit: 10, descending: true });
    expect(events.map((event) => event.summary)).toEqual([expect.stringMatching(/lacks the scope dast:trigger/)]);
  });

  it('follows the company switch at once: off refuses with PERMISSION_DENIED, on accepts again', async () => {
    const company = await newCompany();
    const admin = signedInCaller(await createTestUser({ userType: 'analyst', accessLevel: 9 }));
    const created = await admin('createDastKey', { slug: company, name: 'Switch', allowedTargets: ['acme.example'] });
    expect(created.statusCode, JSON.stringify(created.body)).toBe(200);
    const { key } = created.body.result as { key: string };
    await verifyDastKey(bearer(key), 'dast:trigger');
    const editor = { uid: 'tests', email: 'tests@example.com' };
    const off = await updateCompanyAs(editor, {
      slug: company,
      version: (await getCompanyRecord(company))!.version,
      flags: { enableDastTriggering: false },
    });
    const refused = await refusalOf(bearer(key));
    expect(refused.statusCode).toBe(403);
    expect(refused.body.error.message).toMatch(/turned off/);
    await updateCompanyAs(editor, { slug: company, version: off.version, flags: { enableDastTriggering: true } });
    await expect(verifyDastKey(bearer(key), 'dast:trigger')).resolves.toMatchObject({ companyId: company });
  });

  it('limits requests per key: past the limit, RESOURCE_EXHAUSTED with a Retry-After in seconds; other keys unaffected', async () => {
    process.env.DAST_KEY_RATE_LIMIT = '3';
    process.env.DAST_KEY_RATE_WINDOW_SECONDS = '3600';
    resetConfigCache();
    try {
      const { key } = await createKey();
      for (let index = 0; index < 3; index += 1) await verifyDastKey(bearer(key), 'dast:status:read');
      const limited = await refusalOf(bearer(key), 'dast:status:read');
      expect(limited.statusCode).toBe(429);
      expect(limited.body.error.status).toBe('RESOURCE_EXHAUSTED');
      const retryAfter = Number(limited.headers?.['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      expect(limited.body.error.details).toEqual({ retryAfterSeconds: retryAfter });
      const other = await createKey();
      await expect(verifyDastKey(bearer(other.key), 'dast:status:read')).resolves.toBeDefined();
    } finally {
      delete process.env.DAST_KEY_RATE_LIMIT;
      delete process.env.DAST_KEY_RATE_WINDOW_SECONDS;
      resetConfigCache();
    }
  });

  it('costs 2 DynamoDB requests on the first use in a rate window (it starts the count) and 1 afterwards', async () => {
    const { key } = await createKey();
    const first = await dynamoDbRequestsOf(() => verifyDastKey(bearer(key), 'dast:trigger'));
    expect(first.requests).toEqual(['UpdateItemCommand', 'UpdateItemCommand']);
    const second = await dynamoDbRequestsOf(() => verifyDastKey(bearer(key), 'dast:trigger'));
    expect(second.requests).toEqual(['UpdateItemCommand']);
    const stored = (await storedKeys(slug)).find((item) => item.keyId === first.result.keyId)!;
    expect(stored.item.lastUsedAt).toBeGreaterThan(Date.now() - 10_000);
  });
});
