// Bad bodies for the inbound retest route, `POST /api/findings/v1/retests` (a REST route, not a registry call, so not
// covered by bad-input.ts), each sent to the API handler with a valid `findings:retest` key: never a 5xx; a refused
// body is 400 INVALID_ARGUMENT naming the field (or the body), and no finding gets a request.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoAnalystCaller } from '../../infra/local/demo-caller.js';
import { handler } from '../../lambdas/api/handler.js';
import { createCompanyAs } from '../../lambdas/kernel/companies/company-admin.js';
import { resetConfigCache } from '../../lambdas/kernel/config.js';
import { getFindingItem } from '../../lambdas/kernel/data/entities/findings.js';
import { createDastKeyAs } from '../../lambdas/kernel/dast-keys/dast-keys.js';
import { parseResult, restRouteEvent } from '../support/call-event.js';
import { seedFindings } from '../support/seed-findings.js';

// Plenty of requests for one key in this file.
process.env.DAST_KEY_RATE_LIMIT = '100000';
resetConfigCache();

let slug: string;
let key: string;
let findingId: string;

beforeAll(async () => {
  slug = `rfuzz-${randomUUID().slice(0, 8)}`;
  await createCompanyAs(
    { uid: 'tests', email: 'tests@example.com' },
    { slug, companyName: 'Retest Fuzz Co', flags: { enableDast: true } },
  );
  findingId = (await seedFindings({ slug, service: 'dast', count: 1, published: true }))[0]!;
  const admin = demoAnalystCaller({ uid: 'retest-fuzz', email: 'retest-fuzz@test.example' }, 9);
  ({ key } = await createDastKeyAs(admin, slug, {
    name: 'Fuzz',
    allowedTargets: ['https://app.acme.example/'],
    scopes: ['findings:retest'],
  }));
});

async function post(body: string | undefined) {
  const event = restRouteEvent('POST /api/findings/v1/retests', '/api/findings/v1/retests', {
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body,
  });
  return parseResult(await handler(event));
}

describe('retest route: bad bodies', () => {
  it('answers each with 400 INVALID_ARGUMENT naming the field or the body', async () => {
    const cases: Array<[string | undefined, RegExp]> = [
      [undefined, /JSON/],
      ['', /JSON/],
      ['{"findingId": "x"', /JSON/],
      ['null', /^body: /],
      ['[]', /^body: /],
      ['{}', /^findingId: /],
      [JSON.stringify({ findingId: 42, note: 'x' }), /^findingId: /],
      [JSON.stringify({ findingId: 'a/b', note: 'x' }), /^findingId: /],
      [JSON.stringify({ findingId, note: 7 }), /^note: /],
      [JSON.stringify({ findingId, note: 'x'.repeat(2001) }), /^note: /],
      [JSON.stringify({ findingId, note: 'x', data: {} }), /data|body/],
      ['{"__proto__": {"findingId": "x"}}', /^findingId: |^body: /],
    ];
    for (const [body, message] of cases) {
      const answer = await post(body);
      expect(answer.statusCode, String(body)).toBe(400);
      expect(answer.body.error.status, String(body)).toBe('INVALID_ARGUMENT');
      expect(answer.body.error.message, String(body)).toMatch(message);
    }
    expect((await getFindingItem(slug, 'dast', findingId, true))!.review).toBeUndefined();
  });

  it('never answers 5xx to generated bodies; every 4xx has a message', async () => {
    const body = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 300 }),
      fc.json({ maxDepth: 3 }),
      fc
        .record(
          { findingId: fc.oneof(fc.string(), fc.anything()), note: fc.oneof(fc.string(), fc.anything()) },
          { requiredKeys: [] },
        )
        .map((value) => JSON.stringify(value) ?? ''),
    );
    await fc.assert(
      fc.asyncProperty(body, async (text) => {
        const answer = await post(text);
        expect(answer.statusCode).toBeLessThan(500);
        if (answer.statusCode >= 400) expect(answer.body.error.message).toEqual(expect.any(String));
        else expect(answer.statusCode).toBe(202);
      }),
      { numRuns: 60 },
    );
  });
});
