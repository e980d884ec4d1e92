// Each service's own filters of a findings list (research file section 5), on the server through listFindings:
// network by subnet (any prefix length), "has a CVE" and "fix available"; cloud by compliance framework and
// category; DAST by site. Each is checked against the findings themselves (their detail), from real scanner
// files; and a bad value is INVALID_ARGUMENT naming it, from listFindings and from an export, writing nothing.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCompanyAs } from '../../lambdas/kernel/companies/company-admin.js';
import type { ServiceName } from '../../lambdas/kernel/access/rules.js';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../../lambdas/kernel/data/client.js';
import { findingKey } from '../../lambdas/kernel/data/entities/findings.js';
import { backfillFindingAddresses } from '../../lambdas/kernel/findings/backfill-addresses.js';
import { allFindings } from '../support/finding-lists.js';
import { importScanAs } from '../support/scan-import.js';
import { seedFindings } from '../support/seed-findings.js';
import { signedInCaller } from '../support/signed-in-call.js';
import { scanTable } from '../support/table-scan.js';
import { createTestUser } from '../support/users.js';

type Caller = ReturnType<typeof signedInCaller>;
const stamp = randomUUID().slice(0, 8);
const slug = `filters-${stamp}`;
let analyst: Caller;
let analystUid: string;
const fixture = (path: string) => readFileSync(`tests/fixtures/scanners/${path}`, 'utf8');

const listed = (service: ServiceName, filter?: object) => allFindings(analyst, slug, service, filter);
const idsOf = (rows: { id: string }[]) => rows.map((row) => row.id).sort();

/** Every finding of the service, as its detail tells it. */
async function details(service: ServiceName): Promise<any[]> {
  return Promise.all(
    (await listed(service)).map(async (row) => {
      const answer = await analyst('getFinding', { slug, service, findingId: row.id });
      expect(answer.statusCode).toBe(200);
      return answer.body.result.finding ?? answer.body.result;
    }),
  );
}

beforeAll(async () => {
  await createCompanyAs(
    { uid: 'test', email: 'test' },
    {
      slug,
      companyName: `Filters ${stamp}`,
      flags: { enableDast: true, enableViewResultsNetwork: true, enableViewCloudScanResults: true },
    },
  );
  const user = await createTestUser({ userType: 'analyst', accessLevel: 7 });
  analystUid = user.uid;
  analyst = signedInCaller(user);
  const imports: Array<[ServiceName, string, string]> = [
    ['network', 'openvas.xml', fixture('network/many_vuln.xml')],
    ['network', 'nmap.xml', fixture('network/issue4406.xml')],
    ['cloud', 'prowler.ocsf.json', fixture('cloud/example_output_gcp.ocsf.json')],
    ['dast', 'zap.xml', fixture('dast/zap-results-first-scan.xml')],
  ];
  for (const [service, name, body] of imports) await importScanAs(analyst, { slug, service, name, body });
}, 120_000);

describe('network filters', () => {
  it('narrows by subnet at any prefix length, and finds nothing outside it', async () => {
    const all = await details('network');
    // Nmap's host is 10.250.195.71; OpenVAS's fixture names 192.168.1.1001, which is no address.
    const onNmapHost = all.filter((finding) => finding.asset.key.includes('10.250.195.71'));
    expect(onNmapHost.length).toBeGreaterThan(1);
    expect(idsOf(await listed('network', { subnet: '10.250.192.0/20' }))).toEqual(idsOf(onNmapHost));
    expect(idsOf(await listed('network', { subnet: '10.250.195.71/32' }))).toEqual(idsOf(onNmapHost));
    expect(await listed('network', { subnet: '10.250.196.0/22' })).toEqual([]);
    expect(await listed('network', { subnet: '2001:db8::/32' })).toEqual([]);
  });

  it('narrows to findings with a CVE, or without one', async () => {
    const all = await details('network');
    const withCve = all.filter((finding) => finding.cve.length > 0);
    expect(withCve.length).toBeGreaterThan(0);
    expect(withCve.length).toBeLessThan(all.length);
    expect(idsOf(await listed('network', { hasCve: true }))).toEqual(idsOf(withCve));
    expect(idsOf(await listed('network', { hasCve: false }))).toEqual(
      idsOf(all.filter((finding) => finding.cve.length === 0)),
    );
  });

  it('narrows to findings the vendor has a fix for (OpenVAS’s VendorFix), with the other filters', async () => {
    const all = await details('network');
    const fixable = all.filter((finding) => finding.extra?.solutionType === 'VendorFix');
    expect(fixable.length).toBeGreaterThan(0);
    expect(idsOf(await listed('network', { fixAvailable: true }))).toEqual(idsOf(fixable));
    const fixableHigh = fixable.filter((finding) => finding.severity === 'high' && finding.cve.length > 0);
    expect(idsOf(await listed('network', { fixAvailable: true, hasCve: true, severity: ['high'] }))).toEqual(
      idsOf(fixableHigh),
    );
  });
});

describe('findings imported before the subnet filter', () => {
  it('are given their address by the backfill, once, and then match the subnet', async () => {
    const older = `${slug}-older`;
    await createCompanyAs(
      { uid: 'test', email: 'test' },
      { slug: older, companyName: `Older ${stamp}`, flags: { enableViewResultsNetwork: true } },
    );
    // Written as an import wrote them before: no assetAddress.
    const ids = await seedFindings({ slug: older, service: 'network', count: 3, severity: 'high' });
    await Promise.all(
      ids.map((id, index) =>
        documentClient.send(
          new UpdateCommand({
            TableName: process.env.TABLE_NAME,
            Key: findingKey(older, 'network', id),
            UpdateExpression: 'SET assetKey = :key',
            ExpressionAttributeValues: { ':key': index < 2 ? `port:10.9.8.${index + 7}:22/tcp` : 'host:db.example' },
          }),
        ),
      ),
    );
    const inSubnet = (as: string) =>
      analyst('listFindings', { slug: as, service: 'network', filter: { subnet: '10.9.8.0/24' } });
    expect((await inSubnet(older)).body.result.findings).toEqual([]);
    expect(await backfillFindingAddresses([older])).toBe(2);
    expect(await backfillFindingAddresses([older])).toBe(0);
    expect(idsOf((await inSubnet(older)).body.result.findings)).toEqual(ids.slice(0, 2).sort());
  });
});

describe('cloud filters', () => {
  it('narrows by compliance framework and by category', async () => {
    const all = await details('cloud');
    const frameworks = [...new Set(all.flatMap((finding) => Object.keys(finding.compliance ?? {})))];
    expect(frameworks.length).toBeGreaterThan(0);
    for (const framework of frameworks.slice(0, 3)) {
      const expected = all.filter((finding) => finding.compliance?.[framework] !== undefined);
      expect(idsOf(await listed('cloud', { framework: [framework] }))).toEqual(idsOf(expected));
    }
    const exposed = all.filter((finding) => finding.toolTags.includes('internet-exposed'));
    expect(exposed.length).toBeGreaterThan(0);
    expect(exposed.length).toBeLessThan(all.length);
    expect(idsOf(await listed('cloud', { category: ['internet-exposed'] }))).toEqual(idsOf(exposed));
    expect(await listed('cloud', { category: ['no-such-category'] })).toEqual([]);
    expect(await listed('cloud', { framework: ['NO-SUCH-FRAMEWORK'] })).toEqual([]);
  });

  it('offers the last scan’s frameworks and categories in the report’s figures', async () => {
    const report = await analyst('getServiceReport', { slug, service: 'cloud' });
    expect(report.body.result.figures.prowler.categories).toEqual(['internet-exposed']);
    expect(Object.keys(report.body.result.figures.prowler.byFramework).length).toBeGreaterThan(0);
  });
});

describe('DAST filters', () => {
  it('narrows by site, and offers the last scan’s sites', async () => {
    const report = await analyst('getServiceReport', { slug, service: 'dast' });
    const sites: string[] = report.body.result.figures.zap.siteNames;
    expect(sites).toHaveLength(1);
    const all = await listed('dast');
    expect(idsOf(await listed('dast', { site: sites }))).toEqual(idsOf(all));
    expect(await listed('dast', { site: ['https://elsewhere.example'] })).toEqual([]);
  });
});

describe('bad filter values', () => {
  it('are INVALID_ARGUMENT naming the filter, from the list and from an export, and no export is stored', async () => {
    const cases: Array<[object, RegExp]> = [
      [{ subnet: 'banana' }, /filter\.subnet: "banana" is not a CIDR block/],
      [{ subnet: '10.250.195.71/24' }, /did you mean 10\.250\.195\.0\/24/],
      [{ hasCve: 'yes' }, /hasCve/],
      [{ framework: Array.from({ length: 21 }, (_, index) => `F${index}`) }, /framework.*at most 20/],
      [{ category: [''] }, /category.*must not be empty/],
    ];
    for (const [filter, message] of cases) {
      const listing = await analyst('listFindings', { slug, service: 'network', filter });
      expect(listing.statusCode, JSON.stringify(filter)).toBe(400);
      expect(listing.body.error.status).toBe('INVALID_ARGUMENT');
      expect(listing.body.error.message).toMatch(message);
      const exporting = await analyst('startFindingExport', { slug, service: 'network', format: 'csv', filter });
      expect(exporting.statusCode, JSON.stringify(filter)).toBe(400);
      expect(exporting.body.error.message).toMatch(message);
    }
    const exports = await scanTable({
      FilterExpression: 'begins_with(pk, :export) AND createdByUid = :uid',
      ExpressionAttributeValues: { ':export': 'EXPORT#', ':uid': analystUid },
    });
    expect(exports).toEqual([]);
  });
});
