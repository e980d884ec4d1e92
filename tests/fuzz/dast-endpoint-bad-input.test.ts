// Bad bodies and headers for the public DAST endpoint (a REST route, not a registry call, so not covered by
// bad-input.ts): raw bodies that are no JSON, JSON that is no object, a missing or non-string target, a target
// that is no http(s) URL or carries credentials, a bad or unknown locationId, huge and unicode strings, __proto__
// keys, base64-encoded bodies, and generated junk. Each goes to the API handler with a valid key. Whatever the input:
// never a 5xx; a refused body is 400 INVALID_ARGUMENT naming the field (or the body) and queues no scan. DELETE of
// a scan gets junk scan ids and bodies: never a 5xx, an unknown id is 404 and no place is freed. The allowed-target
// match is checked on its own too.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoAnalystCaller } from '../../infra/local/demo-caller.js';
import { handler } from '../../lambdas/api/handler.js';
import { createCompanyAs } from '../../lambdas/kernel/companies/company-admin.js';
import { resetConfigCache } from '../../lambdas/kernel/config.js';
import { countActiveJobs } from '../../lambdas/kernel/data/entities/scan-jobs.js';
import { createDastKeyAs, targetAllowed } from '../../lambdas/kernel/dast-keys/dast-keys.js';
import { parseResult, restRouteEvent } from '../support/call-event.js';
import { seedQueuedJob } from '../support/agent-fixtures.js';
import { seedLocation } from '../support/location-fixtures.js';

// Plenty of requests for one key in this file.
process.env.DAST_KEY_RATE_LIMIT = '100000';
resetConfigCache();

let slug: string;
let key: string;

beforeAll(async () => {
  slug = `dfuzz-${randomUUID().slice(0, 8)}`;
  await createCompanyAs(
    { uid: 'tests', email: 'tests@example.com' },
    { slug, companyName: 'DAST Fuzz Co', flags: { enableDast: true, enableDastTriggering: true } },
  );
  await seedLocation(slug, { domains: ['app.acme.example'], isDefault: true });
  const admin = demoAnalystCaller({ uid: 'dast-fuzz', email: 'dast-fuzz@test.example' }, 9);
  ({ key } = await createDastKeyAs(admin, slug, { name: 'Fuzz', allowedTargets: ['https://app.acme.example/'] }));
});

async function post(body: string | undefined, isBase64Encoded = false) {
  return send('POST /api/dast/v1/scans', '/api/dast/v1/scans', body, isBase64Encoded);
}

/** DELETE of a scan, the id as API Gateway hands it over (one decoded path segment). */
function cancel(scanId: string, body?: string) {
  return send('DELETE /api/dast/v1/scans/{scanId}', `/api/dast/v1/scans/${encodeURIComponent(scanId)}`, body, false, {
    scanId,
  });
}

async function send(
  routeKey: string,
  path: string,
  body: string | undefined,
  isBase64Encoded: boolean,
  pathParameters?: Record<string, string>,
) {
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  return parseResult(await handler(restRouteEvent(routeKey, path, { headers, body, isBase64Encoded, pathParameters })));
}

const cases: Array<[string, string | undefined, RegExp]> = [
  ['no body', undefined, /^Request body is not valid JSON/],
  ['empty body', '', /^Request body is not valid JSON/],
  ['not JSON', 'target=https://app.acme.example/', /^Request body is not valid JSON/],
  ['truncated JSON', '{"target": "https://app.acme.example/"', /^Request body is not valid JSON/],
  ['null', 'null', /^Request body must be a JSON object/],
  ['an array', '["https://app.acme.example/"]', /^Request body must be a JSON object/],
  ['a string', '"https://app.acme.example/"', /^Request body must be a JSON object/],
  ['no target', '{}', /^target: required/],
  ['the call protocol shape', '{"data": {"target": "https://app.acme.example/"}}', /^target: required/],
  ['empty target', '{"target": ""}', /^target: required/],
  ['numeric target', '{"target": 42}', /^target: must be a string/],
  ['object target', '{"target": {"url": "https://app.acme.example/"}}', /^target: must be a string/],
  ['relative target', '{"target": "/login"}', /^target: .* is not a URL/],
  ['host only', '{"target": "app.acme.example"}', /^target: .* is not a URL/],
  ['ftp target', '{"target": "ftp://app.acme.example/"}', /^target: must be an http or https URL/],
  ['javascript target', '{"target": "javascript:alert(1)"}', /^target: must be an http or https URL/],
  ['credentials', '{"target": "https://u:p@app.acme.example/"}', /^target: must not carry credentials/],
  [
    'huge target',
    JSON.stringify({ target: `https://app.acme.example/${'a'.repeat(5000)}` }),
    /^target: must be at most/,
  ],
  ['numeric locationId', '{"target": "https://app.acme.example/", "locationId": 7}', /^locationId: /],
  ['bad locationId', '{"target": "https://app.acme.example/", "locationId": "../x"}', /^locationId: /],
  ['unknown locationId', '{"target": "https://app.acme.example/", "locationId": "unknown"}', /^locationId: /],
  ['__proto__', '{"__proto__": {"target": "https://app.acme.example/"}}', /^target: required/],
  ['oversized body', JSON.stringify({ target: 'https://app.acme.example/', pad: 'x'.repeat(20_000) }), /larger than/],
];

describe('DAST endpoint: bad bodies', () => {
  it('answers each with 400 INVALID_ARGUMENT naming the field or the body, and queues nothing', async () => {
    const before = await countActiveJobs(slug, 'dast');
    for (const [name, body, message] of cases) {
      const answer = await post(body);
      expect(answer.statusCode, name).toBe(400);
      expect(answer.body.error.status, name).toBe('INVALID_ARGUMENT');
      expect(answer.body.error.message, name).toMatch(message);
    }
    const encoded = await post(Buffer.from('{"target": 1}').toString('base64'), true);
    expect(encoded.body.error.message).toMatch(/^target: must be a string/);
    expect(await countActiveJobs(slug, 'dast')).toBe(before);
  });

  it('never answers 5xx to generated bodies; every 4xx has a message', async () => {
    const body = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 300 }),
      fc.json({ maxDepth: 3 }),
      fc
        .record(
          { target: fc.oneof(fc.webUrl(), fc.string({ unit: 'binary' }), fc.anything()), locationId: fc.anything() },
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

describe('DAST endpoint: cancel with bad scan ids', () => {
  it('answers junk ids and bodies with 404 NOT_FOUND (never 5xx) and frees no place', async () => {
    // Seeded beside the limit: the generated triggers above may have filled the company's five places.
    const queued = { body: { scanId: (await seedQueuedJob(slug)).jobId } };
    const before = await countActiveJobs(slug, 'dast');
    const ids = ['', ' ', '..', '../..', 'a'.repeat(65), 'ABC', `${queued.body.scanId}/x`, '__proto__', '\u0000', '💥'];
    for (const scanId of ids) {
      const answer = await cancel(scanId, '{"status": "cancelled"}');
      expect(answer.statusCode, scanId).toBe(404);
      expect(answer.body.error.status, scanId).toBe('NOT_FOUND');
    }
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 120 }), fc.option(fc.string()), async (scanId, body) => {
        const answer = await cancel(scanId, body ?? undefined);
        expect(answer.statusCode).toBeLessThan(500);
        expect(answer.body.error.message).toEqual(expect.any(String));
      }),
      { numRuns: 60 },
    );
    expect(await countActiveJobs(slug, 'dast')).toBe(before);
    // A body is ignored: the real id still cancels.
    const cancelled = await cancel(queued.body.scanId, 'not json');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
  });
});

describe('targetAllowed', () => {
  const allows = (target: string, allowed: string[]) => targetAllowed(new URL(target), allowed);

  it('covers a URL entry’s origin and the paths under its path', () => {
    expect(allows('https://app.acme.example/', ['https://app.acme.example/'])).toBe(true);
    expect(allows('https://app.acme.example/login?x=1', ['https://app.acme.example/'])).toBe(true);
    expect(allows('https://app.acme.example/api/v1', ['https://app.acme.example/api'])).toBe(true);
    expect(allows('https://app.acme.example/api', ['https://app.acme.example/api'])).toBe(true);
    expect(allows('https://app.acme.example/apix', ['https://app.acme.example/api'])).toBe(false);
    expect(allows('http://app.acme.example/', ['https://app.acme.example/'])).toBe(false);
    expect(allows('https://app.acme.example:8443/', ['https://app.acme.example/'])).toBe(false);
    expect(allows('https://app.acme.example.evil.example/', ['https://app.acme.example/'])).toBe(false);
  });

  it('covers a host on any scheme and port, a wildcard its subdomains, host:port that port, an address itself', () => {
    expect(allows('http://scan.acme.example:8080/x', ['scan.acme.example'])).toBe(true);
    expect(allows('https://a.b.acme.example/', ['*.acme.example'])).toBe(true);
    expect(allows('https://acme.example/', ['*.acme.example'])).toBe(false);
    expect(allows('https://evilacme.example/', ['*.acme.example'])).toBe(false);
    expect(allows('https://scan.acme.example:8443/', ['scan.acme.example:8443'])).toBe(true);
    expect(allows('https://scan.acme.example/', ['scan.acme.example:8443'])).toBe(false);
    expect(allows('http://203.0.113.7/', ['203.0.113.7'])).toBe(true);
    expect(allows('http://[2001:db8::1]/', ['2001:db8:0::1'])).toBe(true);
    expect(allows('http://203.0.113.8/', ['203.0.113.7'])).toBe(false);
  });
});
