// `npm run backfill:reports` on ZAP findings imported before ZAP's HTML was read at import: their description and
// remediation become Markdown, their other info (the evidence's and each instance's) plain text, what the tool
// matched stays as the page sent it, and a second run has nothing left to do.
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCompanyAs } from '../../lambdas/kernel/companies/company-admin.js';
import { readConfig } from '../../lambdas/kernel/config.js';
import { documentClient } from '../../lambdas/kernel/data/client.js';
import { findingKey } from '../../lambdas/kernel/data/entities/findings.js';
import { backfillScannerProse } from '../../lambdas/kernel/findings/backfill-scanner-prose.js';
import { seedFindings } from '../support/seed-findings.js';

const slug = `prose-${randomUUID().slice(0, 8)}`;
const service = 'dast';
let ids: string[];

const stored = async (id: string) =>
  (
    await documentClient.send(
      new GetCommand({ TableName: readConfig().TABLE_NAME, Key: findingKey(slug, service, id) }),
    )
  ).Item!;

beforeAll(async () => {
  await createCompanyAs({ uid: 'test', email: 'test' }, { slug, companyName: `Prose ${slug}`, flags: {} });
  ids = await seedFindings({ slug, service, count: 2 });
  // As an import before this change stored ZAP's alert.
  await documentClient.send(
    new UpdateCommand({
      TableName: readConfig().TABLE_NAME,
      Key: findingKey(slug, service, ids[0]!),
      UpdateExpression: 'SET description = :d, remediation = :r, evidence = :e, instances = :i',
      ExpressionAttributeValues: {
        ':d': '<p>Cookies &amp; headers:</p><ul><li>one</li><li>two</li></ul>',
        ':r': '<p></p>',
        ':e': { otherInfo: '<p>Seen in "<script src="/a.js"></script>".</p>' },
        ':i': [{ uri: 'https://findings.example/0', evidence: '<p>the page</p>', otherInfo: '<p>Here.</p>' }],
      },
    }),
  );
});

describe('backfill of ZAP findings’ HTML prose', () => {
  it('rewrites the HTML as an import writes it now, and has nothing left to do the second time', async () => {
    expect(await backfillScannerProse([slug])).toBe(1);
    const finding = await stored(ids[0]!);
    expect(finding.description).toBe('Cookies & headers:\n\n- one\n- two');
    expect(finding).not.toHaveProperty('remediation');
    expect(finding.evidence).toEqual({ otherInfo: 'Seen in "<script src="/a.js"></script>".' });
    expect(finding.instances).toEqual([
      { uri: 'https://findings.example/0', evidence: '<p>the page</p>', otherInfo: 'Here.' },
    ]);
    // Plain text is no HTML prose: untouched.
    expect((await stored(ids[1]!)).description).toBe('The tool says so.');
    expect(await backfillScannerProse([slug])).toBe(0);
  });
});
