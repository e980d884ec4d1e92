// Exports of findings through the calls, against the local stack (DynamoDB Local, the report queue stand-in
// running the report worker, s3rver): each file read back as its reader would (CSV and XLSX parsed, the PDF
// rendered with pdftoppm and its text read with pdftotext), a customer's export holding only published findings
// and none of the analysts' fields, 10,000 findings, and bad input refused with nothing written.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { parse } from 'csv-parse/sync';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createCompanyAs } from '../../lambdas/kernel/companies/company-admin.js';
import { documentClient } from '../../lambdas/kernel/data/client.js';
import { findingIndexKey, findingKey } from '../../lambdas/kernel/data/entities/findings.js';
import { readConfig } from '../../lambdas/kernel/config.js';
import { seedFindings } from '../support/seed-findings.js';
import { scanTable } from '../support/table-scan.js';
import { signedInCaller } from '../support/signed-in-call.js';
import { createTestUser } from '../support/users.js';

const run = promisify(execFile);
const { appUrl } = inject('localStack');
/** The download link as the browser follows it (locally a path on the app's origin). */
const download = (url: string) => fetch(new URL(url, appUrl));
type Caller = ReturnType<typeof signedInCaller>;
const stamp = randomUUID().slice(0, 8);
const slug = `exports-${stamp}`;
const companyName = `Exports ${stamp} GmbH`;
const service = 'dast';
let analyst: Caller;
let customer: Caller;
let customerUid: string;
let outsider: Caller;
let noFlagCustomer: Caller;
let workDir: string;
let ids: string[];

async function setFields(id: string, fields: Record<string, unknown>) {
  const names = Object.fromEntries(Object.keys(fields).map((name, index) => [`#f${index}`, name]));
  const values = Object.fromEntries(Object.values(fields).map((value, index) => [`:v${index}`, value]));
  await documentClient.send(
    new UpdateCommand({
      TableName: readConfig().TABLE_NAME,
      Key: findingKey(slug, service, id),
      UpdateExpression: `SET ${Object.keys(fields)
        .map((_, index) => `#f${index} = :v${index}`)
        .join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );
}

async function exportDone(as: Caller, exportId: string) {
  for (let waited = 0; waited < 180_000; waited += 250) {
    const answer = await as('getFindingExport', { exportId });
    expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
    const result = answer.body.result;
    if (result.status === 'done' || result.status === 'failed') return result;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`export ${exportId} did not finish`);
}

async function exportFile(as: Caller, input: Record<string, unknown>) {
  const started = await as('startFindingExport', { slug, service, ...input });
  expect(started.statusCode, JSON.stringify(started.body)).toBe(200);
  const done = await exportDone(as, started.body.result.exportId);
  expect(done.status, done.error).toBe('done');
  const answer = await download(done.downloadUrl);
  expect(answer.status).toBe(200);
  return { done, answer, bytes: Buffer.from(await answer.arrayBuffer()) };
}

const csvRows = (bytes: Buffer): string[][] => parse(bytes.toString('utf8'), { bom: true });

async function pdfText(bytes: Buffer, name: string): Promise<{ text: string; pages: number }> {
  const file = path.join(workDir, `${name}.pdf`);
  await writeFile(file, bytes);
  const { stdout } = await run('pdftotext', ['-layout', file, '-']);
  const pngPrefix = path.join(workDir, name);
  await run('pdftoppm', ['-png', '-r', '30', file, pngPrefix]);
  const pages = (await readdir(workDir)).filter((entry) => entry.startsWith(`${name}-`) && entry.endsWith('.png'));
  return { text: stdout, pages: pages.length };
}

async function exportItemsBy(uid: string) {
  return scanTable({
    FilterExpression: 'begins_with(pk, :export) AND createdByUid = :uid',
    ExpressionAttributeValues: { ':export': 'EXPORT#', ':uid': uid },
  });
}

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'exports-test-'));
  await createCompanyAs({ uid: 'test', email: 'test' }, { slug, companyName, flags: { enableDast: true } });
  await createCompanyAs(
    { uid: 'test', email: 'test' },
    { slug: `${slug}-off`, companyName: `Off ${stamp}`, flags: { enableDast: false } },
  );
  analyst = signedInCaller(await createTestUser({ userType: 'analyst', accessLevel: 7 }));
  const customerUser = await createTestUser({ userType: 'customer', accessLevel: 3, companies: [slug] });
  customerUid = customerUser.uid;
  customer = signedInCaller(customerUser);
  outsider = signedInCaller(await createTestUser({ userType: 'customer', accessLevel: 3, companies: [`${slug}-off`] }));
  noFlagCustomer = outsider;
  ids = await seedFindings({ slug, service, count: 6, severity: 'high', host: 'exports.example' });
  await setFields(ids[0]!, {
    published: true,
    analystTitle: '=HYPERLINK("http://evil.example","click")',
    analystDescription: 'Formula-looking text stays text. <b>not bold</b>',
    notes: 'ANALYST-NOTE-SECRET',
    tags: ['internal-tag'],
  });
  await setFields(ids[1]!, {
    published: true,
    notes: 'ANALYST-NOTE-TWO',
    analystRemediation: 'Set the header.',
    // One URL still seen, one a later scan no longer saw.
    instances: [
      { uri: 'https://exports.example/a', method: 'GET', scanNote: 'INSTANCE-SECRET' },
      { uri: 'https://exports.example/b', method: 'GET', fixedAt: Date.UTC(2026, 0, 2) },
    ],
    instanceCount: 1,
  });
  await setFields(ids[2]!, { published: false, analystTitle: 'Unpublished finding', notes: 'HIDDEN-NOTE' });
  // The analyst's severity moves the finding in the list's order (its index key), as updateFinding does.
  await setFields(ids[3]!, {
    published: true,
    analystSeverity: 'critical',
    severity: 'critical',
    gsi1sk: findingIndexKey('critical', Date.now(), ids[3]!),
    title: 'Café – naïve → 日本 title',
  });
  // An analyst's Markdown, and ZAP's HTML prose as imports stored it before they read it as Markdown.
  await setFields(ids[4]!, {
    analystDescription:
      'Cookies are sent **without** the flag:\n\n- first cookie\n- second cookie\n\nSee [the guide](https://guide.example/cookies).',
    remediation: '<p>Set the <b>Secure</b> flag &amp; the HttpOnly flag.</p><p></p>',
  });
  await setFields(ids[5]!, { remediation: '<p></p>' });
}, 120_000);

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

describe('exports of the analyst service page', () => {
  it('writes a CSV of every finding with the analysts’ fields, formula-safe and RFC 4180', async () => {
    const { done, answer, bytes } = await exportFile(analyst, { format: 'csv' });
    // A file to save, never a page of the portal's origin.
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="[\w.-]+\.csv"$/);
    expect(answer.headers.get('content-type')).toBe('application/octet-stream');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    const rows = csvRows(bytes);
    expect(rows[0]).toEqual(expect.arrayContaining(['Severity', 'Title', 'Description', 'Remediation', 'Notes']));
    expect(rows).toHaveLength(7);
    expect(done).toMatchObject({ written: 6, truncated: false });
    const title = rows[0]!.indexOf('Title');
    const notes = rows[0]!.indexOf('Notes');
    const hyperlink = rows.find((row) => row[notes] === 'ANALYST-NOTE-SECRET')!;
    expect(hyperlink[title]).toBe('\'=HYPERLINK("http://evil.example","click")');
    expect(bytes.toString('utf8')).toContain('\r\n');
    // Critical first: the list's order.
    expect(rows[1]![0]).toBe('critical');
    // Markdown as written; a tool's HTML paragraphs as their text, never a tag.
    const description = rows[0]!.indexOf('Description');
    const remediation = rows[0]!.indexOf('Remediation');
    expect(rows.map((row) => row[description])).toContain(
      'Cookies are sent **without** the flag:\n\n- first cookie\n- second cookie\n\nSee [the guide](https://guide.example/cookies).',
    );
    expect(rows.map((row) => row[remediation])).toContain('Set the **Secure** flag & the HttpOnly flag.');
    expect(bytes.toString('utf8')).not.toMatch(/<\/?p>/);
  });

  it('writes an XLSX that a spreadsheet reads back, with typed cells', async () => {
    const { bytes } = await exportFile(analyst, { format: 'xlsx', filter: { severity: ['high'] } });
    const [sheet] = await readXlsxFile(bytes);
    const rows = sheet!.data;
    expect(rows[0]).toEqual(expect.arrayContaining(['Severity', 'Title', 'First seen', 'Notes']));
    expect(rows).toHaveLength(6); // the filter: five high findings, the critical one left out
    const firstSeen = rows[0]!.indexOf('First seen');
    expect(rows[1]![firstSeen]).toBeInstanceOf(Date);
    expect(rows.slice(1).every((row) => row[0] === 'high')).toBe(true);
  });

  it('writes a PDF report: cover, executive summary with figures, findings by severity with texts and assets', async () => {
    const { bytes } = await exportFile(analyst, { format: 'pdf' });
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { text, pages } = await pdfText(bytes, 'analyst');
    expect(pages).toBeGreaterThanOrEqual(4);
    expect(text).toContain('Security assessment report');
    expect(text).toContain(companyName);
    expect(text).toContain('DAST');
    expect(text).toMatch(/Period: \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}/);
    expect(text).toContain('Executive summary');
    expect(text).toContain('Findings by severity');
    expect(text).toMatch(/Critical findings \(1\)/);
    expect(text).toMatch(/High findings \(5\)/);
    expect(text).toContain('Formula-looking text stays text. <b>not bold</b>');
    expect(text).toContain('Set the header.');
    expect(text).toContain('https://exports.example/1');
    // Markdown laid out: no markers, the list's items as bullets, the link's address beside its words; a tool's
    // HTML paragraphs as their text, '<p></p>' as no remediation at all.
    expect(text).toContain('Cookies are sent without the flag:');
    expect(text).toMatch(/- +first cookie\s+- +second cookie/);
    expect(text).toContain('See the guide (https://guide.example/cookies).');
    expect(text).toContain('Set the Secure flag & the HttpOnly flag.');
    expect(text).not.toMatch(/<\/?p>|\*\*/);
    // Characters outside the standard fonts are drawn as '?', never dropped silently or crashing.
    expect(text).toContain('Café – naïve ? ?? title');
  });
});

describe('a customer’s export', () => {
  it('holds only published findings and none of the analysts’ fields, in every format', async () => {
    const { bytes } = await exportFile(customer, { format: 'csv' });
    const rows = csvRows(bytes);
    const all = bytes.toString('utf8');
    expect(rows).toHaveLength(4);
    expect(rows[0]).not.toContain('Notes');
    expect(rows[0]).not.toContain('Tags');
    expect(rows[0]).not.toContain('Published');
    for (const secret of ['ANALYST-NOTE', 'HIDDEN-NOTE', 'Unpublished finding', 'internal-tag', 'Tool title 0']) {
      expect(all).not.toContain(secret);
    }
    expect(all).not.toContain('INSTANCE-SECRET');
    // Each instance's state where the export lists them, and how many are fixed.
    const header = rows[0]!;
    const partly = rows.find((row) => row[header.indexOf('Affected assets')]!.includes('exports.example/b'))!;
    expect(partly[header.indexOf('Affected assets')]!.split('\n')).toEqual([
      'https://exports.example/1',
      'GET https://exports.example/a',
      'GET https://exports.example/b (fixed 2026-01-02)',
    ]);
    expect(partly[header.indexOf('Instances')]).toBe('2');
    expect(partly[header.indexOf('Fixed instances')]).toBe('1');
    const xlsx = await exportFile(customer, { format: 'xlsx' });
    const [sheet] = await readXlsxFile(xlsx.bytes);
    expect(sheet!.data).toHaveLength(4);
    expect(JSON.stringify(sheet!.data)).not.toMatch(/ANALYST-NOTE|Unpublished finding|internal-tag/);
    const pdf = await exportFile(customer, { format: 'pdf' });
    const { text } = await pdfText(pdf.bytes, 'customer');
    expect(text).toContain('published to you');
    expect(text).not.toMatch(/ANALYST-NOTE|HIDDEN-NOTE|Unpublished finding|internal-tag/);
  });

  it('is refused for a service the company does not have, and for another company; nothing is written', async () => {
    const off = await noFlagCustomer('startFindingExport', { slug: `${slug}-off`, service, format: 'csv' });
    expect(off.statusCode).toBe(403);
    const other = await outsider('startFindingExport', { slug, service, format: 'csv' });
    expect(other.statusCode).toBe(403);
    expect(other.body.error.message).toBe(off.body.error.message);
  });

  it('is readable by its creator only', async () => {
    const started = await customer('startFindingExport', { slug, service, format: 'csv' });
    const exportId = started.body.result.exportId;
    const byAnalyst = await analyst('getFindingExport', { exportId });
    expect(byAnalyst.statusCode).toBe(403);
    const unknown = await customer('getFindingExport', { exportId: '0'.repeat(32) });
    expect(unknown.statusCode).toBe(403);
    expect(unknown.body.error.message).toBe(byAnalyst.body.error.message);
    await exportDone(customer, exportId);
  });
});

describe('bad input', () => {
  it('refuses an export over the limit, a filter of the wrong type and a service outside the five, writing nothing', async () => {
    const user = await createTestUser({ userType: 'customer', accessLevel: 3, companies: [slug] });
    const as = signedInCaller(user);
    const over = await as('startFindingExport', { slug, service, format: 'csv', limit: 10_001 });
    expect(over.statusCode).toBe(400);
    expect(over.body.error).toMatchObject({ status: 'INVALID_ARGUMENT' });
    expect(over.body.error.message).toMatch(/10,000/);
    const wrongType = await as('startFindingExport', { slug, service, format: 'csv', filter: { severity: 'high' } });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.body.error.message).toMatch(/severity/);
    const badService = await as('startFindingExport', { slug, service: 'web', format: 'csv' });
    expect(badService.statusCode).toBe(400);
    expect(badService.body.error.message).toMatch(/service/);
    const badFormat = await as('startFindingExport', { slug, service, format: 'docx' });
    expect(badFormat.statusCode).toBe(400);
    expect(await exportItemsBy(user.uid)).toEqual([]);
    expect(await exportItemsBy(customerUid)).not.toEqual([]);
  });

  it('holds the first findings of the view and says so when the limit is reached', async () => {
    const { done, bytes } = await exportFile(analyst, { format: 'csv', limit: 2 });
    expect(done).toMatchObject({ written: 2, truncated: true });
    expect(csvRows(bytes)).toHaveLength(3);
  });
});

describe('10,000 findings', () => {
  it('exports all of them as CSV and XLSX', async () => {
    const bigSlug = `${slug}-big`;
    await createCompanyAs({ uid: 'test', email: 'test' }, { slug: bigSlug, companyName: `Big ${stamp}`, flags: {} });
    await seedFindings({ slug: bigSlug, service: 'network', count: 10_000, severity: 'medium', host: 'big.example' });
    const started = await analyst('startFindingExport', { slug: bigSlug, service: 'network', format: 'csv' });
    expect(started.statusCode).toBe(200);
    const done = await exportDone(analyst, started.body.result.exportId);
    expect(done).toMatchObject({ status: 'done', written: 10_000, scanned: 10_000, truncated: false });
    const rows = csvRows(Buffer.from(await (await download(done.downloadUrl)).arrayBuffer()));
    expect(rows).toHaveLength(10_001);
    expect(new Set(rows.slice(1).map((row) => row[rows[0]!.indexOf('Finding id')])).size).toBe(10_000);
    const xlsxStarted = await analyst('startFindingExport', { slug: bigSlug, service: 'network', format: 'xlsx' });
    const xlsxDone = await exportDone(analyst, xlsxStarted.body.result.exportId);
    const [sheet] = await readXlsxFile(Buffer.from(await (await download(xlsxDone.downloadUrl)).arrayBuffer()));
    expect(sheet!.data).toHaveLength(10_001);
  }, 300_000);
});
