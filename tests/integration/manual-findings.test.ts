// A finding an analyst writes by hand (createFinding): listed, curated, published and read by customers like an
// imported one, with an identity of its own: an import of the same site never matches it nor marks it fixed.
// Bad input is INVALID_ARGUMENT naming the field, and nothing is stored.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCompanyAs } from '../../lambdas/kernel/companies/company-admin.js';
import { createTemplateAs } from '../../lambdas/kernel/templates/templates.js';
import { dynamoDbRequestsOf } from '../support/dynamodb-requests.js';
import { importScanAs } from '../support/scan-import.js';
import { signedInCaller } from '../support/signed-in-call.js';
import { createTestUser } from '../support/users.js';

type Caller = ReturnType<typeof signedInCaller>;
const stamp = randomUUID().slice(0, 8);
const slug = `manual-${stamp}`;
const site = `https://shop-${stamp}.example`;
const as: Record<string, Caller> = {};
let templateId: string;

/** A ZAP report of the site with these alerts (plugin id and name). */
function zapReport(alerts: Array<{ pluginid: string; name: string }>): string {
  return JSON.stringify({
    '@programName': 'OWASP ZAP',
    '@version': '2.14.0',
    site: [
      {
        '@name': site,
        '@host': `shop-${stamp}.example`,
        '@port': '443',
        '@ssl': 'true',
        alerts: alerts.map(({ pluginid, name }) => ({
          pluginid,
          alertRef: pluginid,
          name,
          riskcode: '2',
          confidence: '2',
          riskdesc: 'Medium (Medium)',
          desc: 'A scanner finding.',
          instances: [{ uri: `${site}/`, method: 'GET' }],
          solution: 'Fix it.',
          cweid: '16',
        })),
      },
    ],
  });
}

const validInput = () => ({
  slug,
  service: 'dast',
  title: 'Order total can be changed in the basket',
  severity: 'high',
  asset: `url:${site}`,
  description: 'The basket trusts the price the browser sends.',
  remediation: 'Compute the total on the server.',
  instances: [
    { uri: `${site}/basket`, method: 'POST', param: 'price', attack: 'price=0.01' },
    { uri: `${site}/checkout`, method: 'POST', param: 'total' },
  ],
});

async function findingIds(caller: Caller, service = 'dast'): Promise<string[]> {
  const answer = await caller('listFindings', { slug, service, limit: 100 });
  expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
  return (answer.body.result.findings as Array<{ id: string }>).map((row) => row.id);
}

beforeAll(async () => {
  await createCompanyAs(
    { uid: 'test', email: 'test' },
    {
      slug,
      companyName: `Manual ${stamp}`,
      flags: { enableDast: true, enableViewResultsNetwork: true },
    },
  );
  as.analyst = signedInCaller(await createTestUser({ userType: 'analyst', accessLevel: 7 }));
  as.manager = signedInCaller(await createTestUser({ userType: 'customer', accessLevel: 3, companies: [slug] }));
  as.junior = signedInCaller(await createTestUser({ userType: 'analyst', accessLevel: 5 }));
  const template = await createTemplateAs(
    { uid: 'test', email: 'test@example.com' },
    { title: `Price tampering ${stamp}`, severity: 'high', description: 'Template text.', remediation: 'Server side.' },
  );
  templateId = template.templateId;
});

describe('createFinding', () => {
  it('stores a finding listed, published and read by customers like an imported one, in at most 3 requests', async () => {
    const { result: answer, requests } = await dynamoDbRequestsOf(() => as.analyst!('createFinding', validInput()));
    expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
    expect(requests.length).toBeLessThanOrEqual(3);
    const { findingId } = answer.body.result;
    expect(findingId).toMatch(/^[0-9a-f]{32}$/);

    const list = await as.analyst!('listFindings', { slug, service: 'dast', filter: { assetKey: `url:${site}` } });
    const row = list.body.result.findings.find((item: { id: string }) => item.id === findingId);
    expect(row).toMatchObject({
      title: 'Order total can be changed in the basket',
      severity: 'high',
      status: 'open',
      published: false,
      asset: { key: `url:${site}`, kind: 'url', name: site },
      instanceCount: 2,
      tool: 'manual',
    });

    // Unpublished: the customer does not see it.
    expect((await as.manager!('getFinding', { slug, service: 'dast', findingId })).statusCode).toBe(404);

    const detail = (await as.analyst!('getFinding', { slug, service: 'dast', findingId })).body.result;
    const published = await as.analyst!('updateFinding', {
      slug,
      service: 'dast',
      findingId,
      field: 'published',
      value: true,
      expectedVersion: detail.fieldVersions.published,
    });
    expect(published.statusCode, JSON.stringify(published.body)).toBe(200);

    const customer = await as.manager!('getFinding', { slug, service: 'dast', findingId });
    expect(customer.statusCode).toBe(200);
    expect(customer.body.result).toMatchObject({
      view: 'customer',
      title: 'Order total can be changed in the basket',
      description: 'The basket trusts the price the browser sends.',
      remediation: 'Compute the total on the server.',
      asset: { key: `url:${site}`, name: site },
      instances: [
        { uri: `${site}/basket`, method: 'POST', param: 'price', attack: 'price=0.01' },
        { uri: `${site}/checkout`, method: 'POST', param: 'total' },
      ],
    });
    // The SLA clock started on publication, as for an imported finding.
    expect(customer.body.result.dueAt).toBeGreaterThan(Date.now());
    const customerList = await as.manager!('listFindings', { slug, service: 'dast', limit: 100 });
    expect(customerList.body.result.findings.map((item: { id: string }) => item.id)).toContain(findingId);
  });

  it('keeps the lineage of the template it was written from', async () => {
    const answer = await as.analyst!('createFinding', {
      ...validInput(),
      title: `Price tampering ${stamp}`,
      templateId,
    });
    expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
    const detail = await as.analyst!('getFinding', { slug, service: 'dast', findingId: answer.body.result.findingId });
    expect(detail.body.result.template).toMatchObject({ templateId, title: `Price tampering ${stamp}` });
    const using = await as.analyst!('listTemplateFindings', { templateId });
    expect(
      using.body.result.findings.map((item: { findingId?: string; id?: string }) => item.findingId ?? item.id),
    ).toContain(answer.body.result.findingId);
  });

  it('is never matched nor marked fixed by an import of the same site', async () => {
    const created = await as.analyst!('createFinding', { ...validInput(), title: 'Manual, on the scanned site' });
    const { findingId } = created.body.result;
    // The first import reads the findings themselves (no digest yet), the second its digest: neither fixes it.
    const first = await importScanAs(as.analyst!, {
      slug,
      service: 'dast',
      name: 'zap-1.json',
      body: zapReport([
        { pluginid: '10020', name: 'Missing Anti-clickjacking Header' },
        { pluginid: '10021', name: 'X-Content-Type-Options Header Missing' },
      ]),
    });
    expect(first.counts.new).toBe(2);
    const second = await importScanAs(as.analyst!, {
      slug,
      service: 'dast',
      name: 'zap-2.json',
      body: zapReport([{ pluginid: '10020', name: 'Missing Anti-clickjacking Header' }]),
    });
    // The scanner's own finding the second scan no longer saw is fixed; the manual one is not.
    expect(second.counts.fixed).toBe(1);
    const manual = await as.analyst!('getFinding', { slug, service: 'dast', findingId });
    expect(manual.body.result).toMatchObject({ status: 'open', title: 'Manual, on the scanned site' });
    expect(manual.body.result.history).toHaveLength(1);
  });

  it('refuses bad input with INVALID_ARGUMENT naming the field, and stores nothing', async () => {
    const before = await findingIds(as.analyst!);
    const beforeNetwork = await findingIds(as.analyst!, 'network');
    const { title: _title, ...withoutTitle } = validInput();
    const { asset: _asset, ...withoutAsset } = validInput();
    const cases: Array<[unknown, string]> = [
      [withoutTitle, 'title'],
      [{ ...validInput(), title: '   ' }, 'title'],
      [withoutAsset, 'asset'],
      [{ ...validInput(), asset: 'cloud-resource:aws/1/eu-west-1/bucket' }, 'asset'],
      [{ ...validInput(), asset: 'url:ftp://shop.example' }, 'asset'],
      [{ ...validInput(), instances: [{ uri: 'not a url' }] }, 'instances'],
      [{ ...validInput(), instances: [{ uri: `${site}/x`, port: 22 }] }, 'instances'],
      [{ ...validInput(), instances: [{ uri: `${site}/x`, method: 'get' }] }, 'instances'],
      [{ ...validInput(), service: 'network', asset: 'port:10.0.0.5:22/tcp' }, 'instances'],
      [{ ...validInput(), service: 'network', asset: 'port:10.0.0.5:99999/tcp', instances: undefined }, 'asset'],
    ];
    for (const [input, field] of cases) {
      const answer = await as.analyst!('createFinding', input);
      expect(answer.statusCode, `${field}: ${JSON.stringify(answer.body)}`).toBe(400);
      expect(answer.body.error.status).toBe('INVALID_ARGUMENT');
      expect(answer.body.error.message).toContain(field);
    }
    expect(await findingIds(as.analyst!)).toEqual(before);
    expect(await findingIds(as.analyst!, 'network')).toEqual(beforeNetwork);
  });

  it('takes a network finding on a port, with the asset as its place', async () => {
    const answer = await as.analyst!('createFinding', {
      slug,
      service: 'network',
      title: 'Default credentials on the SSH service',
      severity: 'critical',
      asset: 'port:10.0.0.5:22/TCP',
    });
    expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
    const detail = await as.analyst!('getFinding', {
      slug,
      service: 'network',
      findingId: answer.body.result.findingId,
    });
    expect(detail.body.result).toMatchObject({
      asset: { key: 'port:10.0.0.5:22/tcp', kind: 'port', name: '10.0.0.5:22/tcp' },
      instanceCount: 1,
      instances: [],
    });
  });

  it('reads an asset typed without its kind as meant: a web address is a site, a bare name or address a host', async () => {
    for (const [service, typed, key] of [
      ['dast', 'HTTPS://Typed.Example/login?x=1', 'url:https://typed.example'],
      ['network', '10.0.0.9', 'host:10.0.0.9'],
      ['dast', 'intranet.typed.example', 'host:intranet.typed.example'],
    ] as const) {
      const answer = await as.analyst!('createFinding', {
        slug,
        service,
        title: `Typed asset ${typed}`,
        severity: 'low',
        asset: typed,
      });
      expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
      const detail = await as.analyst!('getFinding', { slug, service, findingId: answer.body.result.findingId });
      expect(detail.body.result.asset.key).toBe(key);
    }
    // A web address where the service has no sites is still refused, naming the asset.
    const refused = await as.analyst!('createFinding', {
      ...validInput(),
      service: 'cloud',
      asset: 'https://x.example',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body.error.message).toMatch(/^asset: /);
  });

  it('is refused to customers and to analysts below level 7', async () => {
    for (const caller of [as.manager!, as.junior!]) {
      const answer = await caller('createFinding', validInput());
      expect(answer.statusCode).toBe(403);
    }
  });
});
