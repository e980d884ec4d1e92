// The inbound retest route for ticket systems, `POST /api/findings/v1/retests`, over HTTP through the local API
// adapter: a company API key with `findings:retest` files a retest request as the company's customer would (202,
// the finding's review waits, the retest.requested webhook follows). Every refusal of a key: none or malformed
// (401), revoked (401), without the scope (403), another company's finding or an unpublished one (404), bad body
// (400 naming the field), and the per-key rate limit (429 with Retry-After, in-process with a small limit).
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { demoAnalystCaller } from '../../infra/local/demo-caller.js';
import { handler } from '../../lambdas/api/handler.js';
import { createCompanyAs } from '../../lambdas/kernel/companies/company-admin.js';
import { resetConfigCache } from '../../lambdas/kernel/config.js';
import { getFindingItem } from '../../lambdas/kernel/data/entities/findings.js';
import { createDastKeyAs, revokeDastKeyAs } from '../../lambdas/kernel/dast-keys/dast-keys.js';
import { restRouteEvent } from '../support/call-event.js';
import { seedFindings } from '../support/seed-findings.js';

const { appUrl } = inject('localStack');
const admin = demoAnalystCaller({ uid: 'retest-route-tests', email: 'retest-route-tests@test.example' }, 9);
const editor = { uid: 'tests', email: 'tests@example.com' };
const run = randomUUID().slice(0, 8);
const slug = `retest-${run}`;
const otherSlug = `retest-other-${run}`;

async function newKey(companySlug: string, scopes: string[] = ['findings:retest']) {
  const { key, dastKey } = await createDastKeyAs(admin, companySlug, {
    name: `Jira ${randomUUID().slice(0, 6)}`,
    allowedTargets: ['https://app.acme.example/'],
    scopes: scopes,
  });
  return { key, keyId: dastKey.keyId };
}

async function retest(key: string | undefined, body: unknown) {
  const response = await fetch(`${appUrl}/api/findings/v1/retests`, {
    method: 'POST',
    headers: {
      ...(key === undefined ? {} : { authorization: `Bearer ${key}` }),
      'content-type': 'application/json',
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

/** The same request handed straight to the handler, so the rate limit can be set small in this process. */
async function direct(key: string, body: unknown) {
  const event = restRouteEvent('POST /api/findings/v1/retests', '/api/findings/v1/retests', {
    headers: { authorization: `Bearer ${key}` },
    body: JSON.stringify(body),
  });
  return (await handler(event)) as { statusCode: number; headers: Record<string, string>; body: string };
}

let findingIds: string[];
let hiddenId: string;
let otherFindingId: string;

beforeAll(async () => {
  for (const company of [slug, otherSlug]) {
    // DAST triggering stays off: a retest key does not need it.
    await createCompanyAs(editor, { slug: company, companyName: `Retest ${run}`, flags: { enableDast: true } });
  }
  findingIds = await seedFindings({ slug, service: 'dast', count: 4, published: true, host: 'retest.example' });
  hiddenId = (await seedFindings({ slug, service: 'dast', count: 1, host: 'retest.example' }))[0]!;
  otherFindingId = (await seedFindings({ slug: otherSlug, service: 'dast', count: 1, published: true }))[0]!;
});

describe('POST /api/findings/v1/retests', () => {
  it("files a retest request as the company's customer would", async () => {
    const { key, keyId } = await newKey(slug);
    const answer = await retest(key, { findingId: findingIds[0], note: 'Fixed in PROJ-123, deployed.' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(202);
    expect(answer.body).toMatchObject({ findingId: findingIds[0], service: 'dast', status: 'retestRequested' });
    const stored = await getFindingItem(slug, 'dast', findingIds[0]!, true);
    expect(stored!.review).toMatchObject({ kind: 'retest', note: 'Fixed in PROJ-123, deployed.' });
    expect(JSON.stringify(stored!.review)).toContain(keyId);

    const twice = await retest(key, { findingId: findingIds[0], note: 'Again' });
    expect(twice.status).toBe(409);
  });

  it('refuses every key that may not, and bad bodies naming the field', async () => {
    const { key } = await newKey(slug);
    expect((await retest(undefined, { findingId: findingIds[1], note: 'x' })).status).toBe(401);
    expect((await retest('spdk_nonsense', { findingId: findingIds[1], note: 'x' })).status).toBe(401);

    const unscoped = await newKey(slug, ['dast:status:read']);
    const noScope = await retest(unscoped.key, { findingId: findingIds[1], note: 'x' });
    expect(noScope.status).toBe(403);
    expect(noScope.body.error.message).toContain('findings:retest');

    const revoked = await newKey(slug);
    await revokeDastKeyAs(admin, slug, revoked.keyId);
    expect((await retest(revoked.key, { findingId: findingIds[1], note: 'x' })).status).toBe(401);

    // Another company's finding and an unpublished one are not found for this key.
    expect((await retest(key, { findingId: otherFindingId, note: 'x' })).status).toBe(404);
    expect((await retest(key, { findingId: hiddenId, note: 'x' })).status).toBe(404);
    const otherKey = await newKey(otherSlug);
    expect((await retest(otherKey.key, { findingId: findingIds[1], note: 'x' })).status).toBe(404);

    for (const [body, field] of [
      [{ findingId: findingIds[1] }, /^note: /],
      [{ findingId: findingIds[1], note: '   ' }, /^note: /],
      [{ findingId: '../x', note: 'x' }, /^findingId: /],
      [{ findingId: findingIds[1], note: 'x', extra: true }, /body|extra/],
      ['not json', /JSON/],
    ] as const) {
      const answer = await retest(key, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error.message).toMatch(field);
    }
    expect((await getFindingItem(slug, 'dast', findingIds[1]!, true))!.review).toBeUndefined();
  });

  it('limits requests per key: 429 with Retry-After', async () => {
    process.env.DAST_KEY_RATE_LIMIT = '1';
    process.env.DAST_KEY_RATE_WINDOW_SECONDS = '3600';
    resetConfigCache();
    try {
      const { key } = await newKey(slug);
      expect((await direct(key, { findingId: findingIds[2], note: 'Fixed' })).statusCode).toBe(202);
      const limited = await direct(key, { findingId: findingIds[3], note: 'Fixed' });
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await getFindingItem(slug, 'dast', findingIds[3]!, true))!.review).toBeUndefined();
    } finally {
      delete process.env.DAST_KEY_RATE_LIMIT;
      delete process.env.DAST_KEY_RATE_WINDOW_SECONDS;
      resetConfigCache();
    }
  });
});
