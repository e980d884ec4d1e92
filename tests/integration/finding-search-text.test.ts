// A customer's text search of a report's findings (listFindings' filter.text) matches the title they are shown:
// after an analyst renames a published finding (an edit, a template applied to it, a bulk template), the new title
// finds it and the tool's title, which customers never see, no longer does; an import that updates the finding
// keeps it so; and the backfill rebuilds the search text of findings renamed before.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCompanyAs } from '../../lambdas/kernel/companies/company-admin.js';
import { readConfig } from '../../lambdas/kernel/config.js';
import { documentClient } from '../../lambdas/kernel/data/client.js';
import { findingKey } from '../../lambdas/kernel/data/entities/findings.js';
import { backfillFindingSearchText } from '../../lambdas/kernel/findings/backfill-search-text.js';
import { searchText } from '../../lambdas/kernel/search/search-text.js';
import { allFindings } from '../support/finding-lists.js';
import { importScanAs } from '../support/scan-import.js';
import { signedInCaller } from '../support/signed-in-call.js';
import { createTestUser } from '../support/users.js';

type Caller = ReturnType<typeof signedInCaller>;
const stamp = randomUUID().slice(0, 8);
const slug = `search-${stamp}`;
const service = 'dast';
let analyst: Caller;
let viewer: Caller;
/** Published findings, each with a tool title no other finding's title holds. */
let picked: Array<{ id: string; title: string; ruleId: string }>;

const zapXml = readFileSync('tests/fixtures/scanners/dast/zap-results-first-scan.xml', 'utf8');

/** The ids of the customer's findings whose search matches `text`. */
const customerFinds = async (text: string) =>
  (await allFindings(viewer, slug, service, { text })).map((row: { id: string }) => row.id);

async function edit(findingId: string, field: string, value: unknown) {
  const detail = await analyst('getFinding', { slug, service, findingId });
  const answer = await analyst('updateFinding', {
    slug,
    service,
    findingId,
    field,
    value,
    expectedVersion: detail.body.result.fieldVersions[field],
  });
  expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
}

async function newTemplate(title: string): Promise<string> {
  const answer = await analyst('createTemplate', {
    title,
    severity: 'medium',
    description: 'Said by the assessment team.',
    remediation: 'Done as the team says.',
    services: ['dast'],
  });
  expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result.templateId;
}

beforeAll(async () => {
  await createCompanyAs(
    { uid: 'test', email: 'test' },
    { slug, companyName: `Search ${stamp}`, flags: { enableDast: true } },
  );
  analyst = signedInCaller(await createTestUser({ userType: 'analyst', accessLevel: 9 }));
  viewer = signedInCaller(
    await createTestUser({ userType: 'customer', accessLevel: 1, companies: [slug], servicesEnabled: ['dast'] }),
  );
  await importScanAs(analyst, { slug, service, name: 'zap.xml', body: zapXml });
  const rows = await allFindings(analyst, slug, service);
  const titles = rows.map((row) => row.title.toLowerCase());
  const ruleIds = rows.map((row) => row.ruleId);
  // Unique titles (a search for one finds it alone) and rules (a rescan changes the one picked).
  const alone = rows.filter(
    (row) =>
      titles.filter((title) => title.includes(row.title.toLowerCase())).length === 1 &&
      ruleIds.filter((ruleId) => ruleId === row.ruleId).length === 1,
  );
  expect(alone.length).toBeGreaterThanOrEqual(4);
  picked = alone.slice(0, 4);
  for (const row of picked) await edit(row.id, 'published', true);
  for (const row of picked) expect(await customerFinds(row.title)).toEqual([row.id]);
}, 120_000);

describe("a customer's text search after a finding is renamed", () => {
  it('matches the new title of an edit, not the hidden tool title', async () => {
    const [renamed] = picked;
    const title = `Renamed by hand ${stamp}`;
    await edit(renamed!.id, 'title', title);
    expect(await customerFinds(title)).toEqual([renamed!.id]);
    expect(await customerFinds(renamed!.title)).not.toContain(renamed!.id);
    // Back to the tool's title: found by it again, and no longer by the analyst's.
    await edit(renamed!.id, 'title', '');
    expect(await customerFinds(renamed!.title)).toEqual([renamed!.id]);
    expect(await customerFinds(title)).toEqual([]);
    await edit(renamed!.id, 'title', title);
  });

  it('matches the title of a template applied to it, one finding or in bulk', async () => {
    const [, one, inBulk] = picked;
    const title = `Templated one ${stamp}`;
    const applied = await analyst('applyTemplate', {
      slug,
      service,
      findingId: one!.id,
      templateId: await newTemplate(title),
    });
    expect(applied.statusCode, JSON.stringify(applied.body)).toBe(200);
    expect(await customerFinds(title)).toEqual([one!.id]);
    expect(await customerFinds(one!.title)).not.toContain(one!.id);

    const bulkTitle = `Templated in bulk ${stamp}`;
    const started = await analyst('bulkUpdateFindings', {
      slug,
      service,
      findingIds: [inBulk!.id],
      action: { kind: 'applyTemplate', templateId: await newTemplate(bulkTitle) },
    });
    expect(started.statusCode, JSON.stringify(started.body)).toBe(200);
    let bulk: any;
    for (let attempt = 0; attempt < 600 && bulk?.status !== 'done'; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      bulk = (await analyst('getBulkUpdate', { bulkId: started.body.result.bulkId })).body.result;
    }
    expect(bulk).toMatchObject({ status: 'done', changed: 1 });
    expect(await customerFinds(bulkTitle)).toEqual([inBulk!.id]);
    expect(await customerFinds(inBulk!.title)).not.toContain(inBulk!.id);
  });

  it('keeps matching the new title after an import updates the finding', async () => {
    const [, , , changed] = picked;
    const title = `Renamed before a rescan ${stamp}`;
    await edit(changed!.id, 'title', title);
    // The same scan with the finding's alert described otherwise: the import rewrites its tool fields.
    const rescan = zapXml.replace(
      new RegExp(`(<pluginid>${changed!.ruleId}</pluginid>[\\s\\S]*?<desc>)`),
      '$1The tool describes it anew. ',
    );
    expect(rescan).not.toBe(zapXml);
    const second = await importScanAs(analyst, { slug, service, name: 'zap.xml', body: rescan });
    expect(second.counts.changed).toBeGreaterThanOrEqual(1);
    const detail = (await analyst('getFinding', { slug, service, findingId: changed!.id })).body.result;
    expect(detail.description).toContain('The tool describes it anew.');
    expect(await customerFinds(title)).toEqual([changed!.id]);
    expect(await customerFinds(changed!.title)).not.toContain(changed!.id);
  });

  it('is rebuilt by the backfill for a finding renamed before the search followed the title shown', async () => {
    const [renamed] = picked;
    const title = `Renamed by hand ${stamp}`;
    // As such a finding was left: the tool's title in its search text.
    const detail = (await analyst('getFinding', { slug, service, findingId: renamed!.id })).body.result;
    await documentClient.send(
      new UpdateCommand({
        TableName: readConfig().TABLE_NAME,
        Key: findingKey(slug, service, renamed!.id),
        UpdateExpression: 'SET searchText = :stale',
        ExpressionAttributeValues: {
          ':stale': searchText([
            renamed!.title,
            detail.ruleId,
            detail.asset.name,
            detail.asset.key,
            detail.tool,
            ...detail.cve,
          ]),
        },
      }),
    );
    expect(await customerFinds(title)).toEqual([]);
    expect(await backfillFindingSearchText([slug])).toBe(1);
    expect(await backfillFindingSearchText([slug])).toBe(0);
    expect(await customerFinds(title)).toEqual([renamed!.id]);
    expect(await customerFinds(renamed!.title)).not.toContain(renamed!.id);
  });
});
