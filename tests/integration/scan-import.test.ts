// The import pipeline through its calls, against the local stack (DynamoDB Local, the S3 stand-in, the
// queue stand-in and the import function they start): upload with the presigned POST, start, follow the
// progress to the counts; then what the findings, scans and assets calls answer. The rules:
// new / unchanged / changed / fixed / reopened across scans, re-import idempotent, identity stable under a
// re-scored or renamed rule, the analyst's fields kept, bad files failed with a message and nothing
// written, a crash half way then a retry ending as one clean run, password data never stored.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { BatchWriteCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createCompanyAs } from '../../lambdas/kernel/companies/company-admin.js';
import { readConfig } from '../../lambdas/kernel/config.js';
import { documentClient } from '../../lambdas/kernel/data/client.js';
import { findingsPartition, findingSortKey } from '../../lambdas/kernel/data/entities/findings.js';
import { getScanImport, putNewScanImport } from '../../lambdas/kernel/data/entities/scan-imports.js';
import { runScanImport } from '../../lambdas/kernel/findings/import-run.js';
import { copyImportFiles, importFileKey } from '../../lambdas/kernel/findings/scan-imports.js';
import { captureDynamoDbRequests } from '../support/dynamodb-capture.js';
import { allFindings } from '../support/finding-lists.js';
import { signedInCaller } from '../support/signed-in-call.js';
import { createTestUser } from '../support/users.js';

const { appUrl } = inject('localStack');
const fixtures = 'tests/fixtures/scanners';
const run = randomUUID().slice(0, 8);
type Caller = ReturnType<typeof signedInCaller>;
let analyst: Caller;

interface ImportFile {
  name: string;
  body: Buffer | string;
}

async function newCompany(name: string): Promise<string> {
  const slug = `scan-${name}-${run}`;
  await createCompanyAs({ uid: 'test', email: 'test' }, { slug, companyName: `Scan ${name}`, flags: {} });
  return slug;
}

/** createScanImport and the presigned POST of each file: the import's id, not started. */
async function uploadImport(
  as: Caller,
  scope: { slug: string; service: string; tool?: string },
  files: ImportFile[],
): Promise<string> {
  const bodies = files.map((file) => (typeof file.body === 'string' ? Buffer.from(file.body) : file.body));
  const created = await as('createScanImport', {
    ...scope,
    files: files.map((file, index) => ({ name: file.name, contentLength: bodies[index]!.length })),
  });
  expect(created.statusCode, JSON.stringify(created.body)).toBe(200);
  const { importId, uploads } = created.body.result as {
    importId: string;
    uploads: Array<{ url: string; fields: Record<string, string> }>;
  };
  for (const [index, upload] of uploads.entries()) await postFile(upload, bodies[index]!, files[index]!.name);
  return importId;
}

/** Sends one file with its presigned POST form, as the browser does. */
async function postFile(upload: { url: string; fields: Record<string, string> }, body: Buffer, name: string) {
  const form = new FormData();
  for (const [field, value] of Object.entries(upload.fields)) form.append(field, value);
  form.append('file', new Blob([new Uint8Array(body)]), name);
  const answer = await fetch(new URL(upload.url, appUrl), { method: 'POST', body: form });
  expect(answer.status, await answer.clone().text()).toBeLessThan(300);
}

/** createScanImport, the presigned POST of each file, startScanImport: the import's id. */
async function startImport(
  as: Caller,
  scope: { slug: string; service: string; tool?: string },
  files: ImportFile[],
): Promise<string> {
  const importId = await uploadImport(as, scope, files);
  const started = await as('startScanImport', { importId });
  expect(started.statusCode, JSON.stringify(started.body)).toBe(200);
  // Answered as the import stands: the import function may have ended it already.
  expect(['queued', 'running', 'done', 'failed']).toContain(started.body.result.status);
  return importId;
}

/** getScanImport until the import ends. */
async function finished(as: Caller, importId: string): Promise<any> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const answer = await as('getScanImport', { importId });
    expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
    if (answer.body.result.status === 'done' || answer.body.result.status === 'failed') return answer.body.result;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`import ${importId} did not end`);
}

async function importScan(as: Caller, scope: { slug: string; service: string; tool?: string }, files: ImportFile[]) {
  return finished(as, await startImport(as, scope, files));
}

const zapJson = readFileSync(`${fixtures}/dast/owasp_zap.json`, 'utf8');
/** The ZAP JSON fixture with its alerts changed by `edit`. */
function zapVariant(edit: (alerts: any[]) => any[]): string {
  const report = JSON.parse(zapJson);
  report.site[0].alerts = edit(report.site[0].alerts);
  return JSON.stringify(report);
}

beforeAll(async () => {
  const { uid, email } = await createTestUser({ userType: 'analyst', accessLevel: 7 });
  analyst = signedInCaller({ uid, email });
});

describe('an import end to end', () => {
  let slug: string;
  let first: any;

  beforeAll(async () => {
    slug = await newCompany('e2e');
    first = await importScan(analyst, { slug, service: 'dast' }, [{ name: 'owasp_zap.json', body: zapJson }]);
  });

  it('ends done with the counts of the file: ZAP JSON, 4 alerts on one site (1 medium, 3 informational)', () => {
    expect(first.status).toBe('done');
    expect(first.format).toBe('zap-json');
    expect(first.counts).toMatchObject({ new: 4, unchanged: 0, fixed: 0, reopened: 0, changed: 0, total: 4 });
    expect(first.counts.bySeverity).toEqual({ critical: 0, high: 0, medium: 1, low: 0, info: 3 });
    expect(first.progress).toMatchObject({ bytesRead: Buffer.byteLength(zapJson), findingsWritten: 4 });
  });

  it('lists the findings by severity, medium first, with their asset', async () => {
    const rows = await allFindings(analyst, slug, 'dast');
    expect(rows).toHaveLength(4);
    expect(rows.map((row) => row.severity)).toEqual(['medium', 'info', 'info', 'info']);
    expect(rows.every((row) => row.status === 'open' && row.published === false)).toBe(true);
    expect(rows.every((row) => row.firstImportId === first.importId)).toBe(true);
    const reversed = await analyst('listFindings', { slug, service: 'dast', descending: false, limit: 10 });
    expect(reversed.body.result.findings.map((row: any) => row.severity)).toEqual(['info', 'info', 'info', 'medium']);
  });

  it('gives every field of a finding, its instances and its history', async () => {
    const [medium] = await allFindings(analyst, slug, 'dast', { severity: ['medium'] });
    const detail = await analyst('getFinding', { slug, service: 'dast', findingId: medium.id });
    expect(detail.statusCode).toBe(200);
    const finding = detail.body.result;
    expect(finding.description.length).toBeGreaterThan(20);
    // The seeded library covers every ZAP alert of the fixtures: the import suggests the template of its rule.
    expect(finding.suggestedTemplate).toEqual({
      templateId: `rule-${finding.tool}-${finding.ruleId}`,
      title: expect.any(String),
    });
    expect(finding.remediation.length).toBeGreaterThan(10);
    expect(finding.instances.length).toBeGreaterThan(0);
    expect(finding.identity).toHaveProperty('pluginid');
    expect(finding.history).toEqual([
      expect.objectContaining({ importId: first.importId, change: 'new', severity: 'medium' }),
    ]);
    expect(finding.lastSeenAt).toBeGreaterThanOrEqual(finding.firstSeenAt);
  });

  it('lists the scan with who imported it, and the assets it saw', async () => {
    const scans = await analyst('listScans', { slug, service: 'dast' });
    expect(scans.body.result.scans[0]).toMatchObject({
      importId: first.importId,
      status: 'done',
      files: [{ name: 'owasp_zap.json', contentLength: Buffer.byteLength(zapJson) }],
    });
    const assets = await analyst('listAssets', { slug, service: 'dast' });
    expect(assets.body.result.assets.length).toBeGreaterThan(0);
    expect(assets.body.result.assets[0].lastImportId).toBe(first.importId);
  });

  it('narrows by text, asset and "new in this import", each on the server', async () => {
    const all = await allFindings(analyst, slug, 'dast');
    const one = all[1];
    expect(
      (await allFindings(analyst, slug, 'dast', { text: one.title.slice(2, 12).toUpperCase() })).map((row) => row.id),
    ).toContain(one.id);
    expect(await allFindings(analyst, slug, 'dast', { assetKey: one.asset.key })).toHaveLength(
      all.filter((row) => row.asset.key === one.asset.key).length,
    );
    expect(await allFindings(analyst, slug, 'dast', { newInImport: first.importId })).toHaveLength(4);
    expect(await allFindings(analyst, slug, 'dast', { status: ['fixed'] })).toHaveLength(0);
  });

  it('a second import of the same file changes no finding and no count', async () => {
    const before = await allFindings(analyst, slug, 'dast');
    const again = await importScan(analyst, { slug, service: 'dast' }, [{ name: 'owasp_zap.json', body: zapJson }]);
    expect(again.counts).toMatchObject({ new: 0, unchanged: 4, fixed: 0, reopened: 0, changed: 0, total: 4 });
    expect(again.progress.findingsWritten).toBe(0);
    expect(await allFindings(analyst, slug, 'dast')).toEqual(before);
  });
});

describe('across scans', () => {
  it('classes findings new, fixed and reopened, and keeps the analyst fields through every import', async () => {
    const slug = await newCompany('history');
    const scope = { slug, service: 'dast' };
    await importScan(analyst, scope, [{ name: 'a.json', body: zapJson }]);
    const rows = await allFindings(analyst, slug, 'dast');
    const kept = rows[0];
    // An analyst's changes (curation writes them through calls; here straight to the item).
    await documentClient.send(
      new UpdateCommand({
        TableName: readConfig().TABLE_NAME,
        Key: { pk: findingsPartition(slug, 'dast'), sk: findingSortKey(kept.id) },
        UpdateExpression: 'SET analystSeverity = :critical, notes = :notes, published = :yes',
        ExpressionAttributeValues: { ':critical': 'critical', ':notes': 'Checked by hand', ':yes': true },
      }),
    );

    // Two alerts gone from the same site (the medium one the analyst changed among them): fixed.
    const second = await importScan(analyst, scope, [
      { name: 'b.json', body: zapVariant((alerts) => alerts.slice(2)) },
    ]);
    expect(second.counts).toMatchObject({ new: 0, unchanged: 2, fixed: 2, reopened: 0, total: 2 });
    const fixed = await allFindings(analyst, slug, 'dast', { status: ['fixed'] });
    expect(fixed.map((row) => row.id)).toContain(kept.id);
    expect(fixed).toHaveLength(2);

    // Back again: reopened.
    const third = await importScan(analyst, scope, [{ name: 'c.json', body: zapJson }]);
    expect(third.counts).toMatchObject({ new: 0, unchanged: 2, fixed: 0, reopened: 2, total: 4 });
    expect(await allFindings(analyst, slug, 'dast', { status: ['open'] })).toHaveLength(4);
    const reopened = fixed.find((row) => row.id !== kept.id);
    const detail = (await analyst('getFinding', { slug, service: 'dast', findingId: reopened.id })).body.result;
    expect(detail.history.map((entry: any) => entry.change)).toEqual(['new', 'fixed', 'reopened']);

    const analystFinding = (await analyst('getFinding', { slug, service: 'dast', findingId: kept.id })).body.result;
    expect(analystFinding).toMatchObject({ severity: 'critical', analystSeverity: 'critical', published: true });
    // The list's severity order follows the analyst's severity.
    expect((await allFindings(analyst, slug, 'dast', { severity: ['critical'] })).map((row) => row.id)).toEqual([
      kept.id,
    ]);
  });

  it('partial fix across two imports: the instances no longer seen are fixed, the finding stays open', async () => {
    const slug = await newCompany('partial');
    const scope = { slug, service: 'dast' };
    await importScan(analyst, scope, [{ name: 'a.json', body: zapJson }]);
    const [cors] = await allFindings(analyst, slug, 'dast', { text: 'Cross-Domain' });
    expect(cors).toMatchObject({ status: 'open', instanceCount: 5, fixedInstanceCount: 0 });

    // The next scan sees two of the five URLs of the CORS alert: three are fixed, the finding stays open.
    const fewer = zapVariant((alerts) =>
      alerts.map((alert) =>
        alert.pluginid === '10098' ? { ...alert, instances: alert.instances.slice(0, 2), count: '2' } : alert,
      ),
    );
    const second = await importScan(analyst, scope, [{ name: 'b.json', body: fewer }]);
    expect(second.counts).toMatchObject({ new: 0, changed: 1, fixed: 0, reopened: 0 });
    const [row] = await allFindings(analyst, slug, 'dast', { text: 'Cross-Domain' });
    expect(row).toMatchObject({ id: cors.id, status: 'open', instanceCount: 5, fixedInstanceCount: 3 });
    const detail = (await analyst('getFinding', { slug, service: 'dast', findingId: cors.id })).body.result;
    const states = detail.instances.map((instance: any) => [instance.uri.replace(/^.*\/admin\//, ''), instance.state]);
    expect(states).toEqual([
      ['css/base.css', 'open'],
      ['css/login.css', 'open'],
      ...detail.instances.slice(2).map((instance: any) => [instance.uri.replace(/^.*\/admin\//, ''), 'fixed']),
    ]);
    const fixedAt = detail.instances[2].fixedAt;
    expect(fixedAt).toBeGreaterThan(detail.firstSeenAt);
    expect(new Set(detail.instances.map((instance: any) => instance.id)).size).toBe(5);

    // The same scan again is no change: nothing is written, the fixed instances keep their date.
    const third = await importScan(analyst, scope, [{ name: 'c.json', body: fewer }]);
    expect(third.counts).toMatchObject({ changed: 0, unchanged: 4 });
    expect(third.progress.findingsWritten).toBe(0);
    // A URL seen again reopens (with its id of before); the others stay fixed since the second scan.
    const oneBack = zapVariant((alerts) =>
      alerts.map((alert) =>
        alert.pluginid === '10098' ? { ...alert, instances: alert.instances.slice(0, 3), count: '3' } : alert,
      ),
    );
    await importScan(analyst, scope, [{ name: 'd.json', body: oneBack }]);
    const after = (await analyst('getFinding', { slug, service: 'dast', findingId: cors.id })).body.result;
    expect(after).toMatchObject({ status: 'open', instanceCount: 5, fixedInstanceCount: 2 });
    expect(after.instances.map((instance: any) => instance.id).sort()).toEqual(
      detail.instances.map((instance: any) => instance.id).sort(),
    );
    expect(
      after.instances.filter((instance: any) => instance.state === 'fixed').map((instance: any) => instance.fixedAt),
    ).toEqual([fixedAt, fixedAt]);

    // Gone from the scan: the finding is fixed, and with it every instance.
    await importScan(analyst, scope, [
      { name: 'e.json', body: zapVariant((alerts) => alerts.filter((alert) => alert.pluginid !== '10098')) },
    ]);
    const gone = (await analyst('getFinding', { slug, service: 'dast', findingId: cors.id })).body.result;
    expect(gone).toMatchObject({ status: 'fixed', instanceCount: 5, fixedInstanceCount: 5 });
    expect(gone.instances.every((instance: any) => instance.state === 'fixed' && instance.fixedAt)).toBe(true);
  });

  it('keeps one finding when a rule is re-scored and renamed (identity without title or severity)', async () => {
    const slug = await newCompany('identity');
    const scope = { slug, service: 'dast' };
    await importScan(analyst, scope, [{ name: 'a.json', body: zapJson }]);
    const before = await allFindings(analyst, slug, 'dast');
    const target = JSON.parse(zapJson).site[0].alerts[0];
    const renamed = await importScan(analyst, scope, [
      {
        name: 'b.json',
        body: zapVariant((alerts) =>
          alerts.map((alert) =>
            alert.pluginid === target.pluginid
              ? {
                  ...alert,
                  name: 'A new name for the rule',
                  alert: 'A new name for the rule',
                  riskcode: '3',
                  riskdesc: 'High (Medium)',
                }
              : alert,
          ),
        ),
      },
    ]);
    expect(renamed.counts).toMatchObject({ new: 0, changed: 1, unchanged: 3, fixed: 0, total: 4 });
    const after = await allFindings(analyst, slug, 'dast');
    expect(after.map((row) => row.id).sort()).toEqual(before.map((row) => row.id).sort());
    const changed = after.find((row) => row.title === 'A new name for the rule');
    expect(changed).toMatchObject({ severity: 'high', firstImportId: before[0].firstImportId });
  });
});

describe('bad files', () => {
  // The threat feeds' signals come by the enrichment the good import queues, whenever it runs: not the import's.
  const withoutExploitSignals = (rows: any[]) =>
    rows.map(({ epssScore: _score, exploitSignals: _signals, knownExploited: _known, ...row }) => row);
  let slug: string;
  let before: any[];
  const scope = () => ({ slug, service: 'network' });

  beforeAll(async () => {
    slug = await newCompany('bad');
    const good = await importScan(analyst, scope(), [
      { name: 'many_vuln.xml', body: readFileSync(`${fixtures}/network/many_vuln.xml`) },
    ]);
    expect(good.status).toBe('done');
    before = await allFindings(analyst, slug, 'network');
    expect(before.length).toBeGreaterThan(10);
  });

  const nmap = readFileSync(`${fixtures}/network/many_vuln.xml`, 'utf8');
  const cases: Array<[string, string, RegExp]> = [
    ['truncated XML', nmap.slice(0, Math.floor(nmap.length * 0.6)), /end|truncat|unclosed|incomplete/i],
    [
      'XML with an external entity (XXE)',
      `<?xml version="1.0"?><!DOCTYPE nmaprun [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><nmaprun scanner="nmap">&xxe;</nmaprun>`,
      /DOCTYPE|entit/i,
    ],
    [
      'a billion laughs',
      `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]><nmaprun>&lol2;</nmaprun>`,
      /DOCTYPE|entit/i,
    ],
    ['a file of another format', zapJson, /ZAP JSON.*network service does not import/],
    ['text that is no scan', 'hello, this is not a scan\n', /not|recogni|format/i],
  ];
  for (const [label, body, message] of cases) {
    it(`${label}: the import fails with a message and no finding changes`, async () => {
      const result = await importScan(analyst, scope(), [{ name: 'scan.xml', body }]);
      expect(result.status).toBe('failed');
      expect(result.error.message).toMatch(message);
      expect(result.counts).toBeUndefined();
      expect(withoutExploitSignals(await allFindings(analyst, slug, 'network'))).toEqual(withoutExploitSignals(before));
    });
  }

  it('a JSONL line that is not JSON names its line', async () => {
    const mariana = await newCompany('jsonl');
    const lines = readFileSync(`${fixtures}/projectmariana/many_findings_new.json`, 'utf8').trim().split('\n');
    const result = await importScan(analyst, { slug: mariana, service: 'projectmariana' }, [
      { name: 'nuclei.jsonl', body: [...lines, '{"template-id": broken', ''].join('\n') },
    ]);
    expect(result.status).toBe('failed');
    expect(result.error.line).toBe(lines.length + 1);
    expect(await allFindings(analyst, mariana, 'projectmariana')).toEqual([]);
  });

  it('refuses an empty file and one over 200 MB before anything is uploaded', async () => {
    for (const contentLength of [0, 200 * 1024 * 1024 + 1]) {
      const answer = await analyst('createScanImport', { ...scope(), files: [{ name: 'scan.xml', contentLength }] });
      expect(answer.statusCode).toBe(400);
      expect(answer.body.error.status).toBe('INVALID_ARGUMENT');
      expect(answer.body.error.message).toMatch(/contentLength/);
    }
  });

  it('a potfile without its NTDS file fails, naming what is missing', async () => {
    const audit = await newCompany('potfile');
    const potfile = readFileSync(`${fixtures}/password_cracking/hashcat.potfile`);
    const result = await importScan(analyst, { slug: audit, service: 'password_cracking' }, [
      { name: 'a.potfile', body: potfile },
      { name: 'b.potfile', body: potfile },
    ]);
    expect(result.status).toBe('failed');
    expect(result.error.message).toMatch(/NTDS/);
  });
});

describe('a password audit', () => {
  it('stores neither a password nor a hash', async () => {
    const slug = await newCompany('audit');
    const ntds = readFileSync(`${fixtures}/password_cracking/customer.ntds`, 'utf8');
    const potfile = readFileSync(`${fixtures}/password_cracking/hashcat.potfile`, 'utf8');
    const result = await importScan(analyst, { slug, service: 'password_cracking' }, [
      { name: 'customer.ntds', body: ntds },
      { name: 'hashcat.potfile', body: potfile },
    ]);
    expect(result.status).toBe('done');
    expect(result.counts.total).toBeGreaterThan(0);
    expect(result.metrics).toMatchObject({ kind: 'password-audit' });
    const stored: string[] = [];
    for (const partition of [findingsPartition(slug, 'password_cracking'), `ASSETS#${slug}#password_cracking`]) {
      const { Items = [] } = await documentClient.send(
        new QueryCommand({
          TableName: readConfig().TABLE_NAME,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': partition },
        }),
      );
      stored.push(...Items.map((item) => JSON.stringify(item)));
    }
    stored.push(JSON.stringify(result));
    const everything = stored.join('\n').toLowerCase();
    const hashes = ntds.match(/[0-9a-f]{32}/gi) ?? [];
    const plains = potfile
      .split('\n')
      .map((line) => line.slice(line.indexOf(':') + 1))
      .filter((plain) => plain.length >= 6);
    expect(hashes.length).toBeGreaterThan(5);
    expect(plains.length).toBeGreaterThan(2);
    for (const hash of hashes) expect(everything).not.toContain(hash.toLowerCase());
    for (const plain of plains) expect(everything).not.toContain(plain.toLowerCase());
  });
});

describe('a crash half way', () => {
  /** A nuclei JSONL of `count` findings, `variant` changing which ones and their names. */
  function nucleiFile(ids: number[], renamed: Set<number> = new Set()): string {
    return ids
      .map((id) =>
        JSON.stringify({
          'template-id': `check-${id % 40}`,
          info: {
            name: renamed.has(id) ? `Renamed ${id}` : `Check ${id % 40}`,
            severity: ['low', 'medium', 'high'][id % 3],
          },
          'matcher-name': `m${id}`,
          host: `host-${id % 25}.example.com`,
          'matched-at': `https://host-${id % 25}.example.com/p${id}`,
          type: 'http',
          timestamp: '2026-11-01T00:00:00Z',
        }),
      )
      .join('\n');
  }
  const range = (from: number, to: number) => Array.from({ length: to - from }, (_, index) => from + index);

  async function importDirect(slug: string, body: string, crashAfterWrites?: number): Promise<string> {
    const importId = `crash${Date.now().toString(36)}${randomUUID().slice(0, 8)}`;
    const objectKey = `uploads/${slug}/projectmariana/${importId}/0`;
    const s3 = new S3Client({ forcePathStyle: readConfig().S3_FORCE_PATH_STYLE });
    // Where a started import's file is: the copy startScanImport makes, which the import function reads.
    await s3.send(
      new PutObjectCommand({ Bucket: readConfig().UPLOADS_BUCKET, Key: importFileKey(objectKey), Body: body }),
    );
    await putNewScanImport({
      importId,
      slug,
      service: 'projectmariana',
      status: 'queued',
      files: [{ name: 'nuclei.jsonl', contentLength: Buffer.byteLength(body), objectKey }],
      createdAt: Date.now(),
      createdByUid: 'test',
      createdByEmail: 'test@test.example',
      progress: { bytesRead: 0, bytesTotal: Buffer.byteLength(body), findingsWritten: 0 },
      version: 1,
    });
    if (crashAfterWrites === undefined) {
      await runScanImport(importId);
      return importId;
    }
    // The process dies after some writes landed: every later write fails, as after a SIGKILL nothing more lands.
    const send = documentClient.send.bind(documentClient);
    let writes = 0;
    documentClient.send = ((command: unknown, ...rest: unknown[]) => {
      if (command instanceof BatchWriteCommand || command instanceof UpdateCommand) {
        writes += 1;
        if (writes > crashAfterWrites) return Promise.reject(new Error('the import function crashed'));
      }
      return (send as (...args: unknown[]) => Promise<unknown>)(command, ...rest);
    }) as typeof documentClient.send;
    try {
      await expect(runScanImport(importId)).rejects.toThrow('crashed');
    } finally {
      documentClient.send = send;
    }
    expect((await getScanImport(importId, true))?.status).toBe('running');
    await runScanImport(importId); // the queue delivers it again
    return importId;
  }

  async function stateOf(slug: string) {
    const rows = await allFindings(analyst, slug, 'projectmariana');
    return rows.map((row) => [row.id, row.status, row.title, row.severity].join('|')).sort();
  }

  // About 2,000 writes, on a DynamoDB Local that writes some 550 items a second for every file running beside it.
  it('ends as one clean run would: the same findings and the same counts', { timeout: 120_000 }, async () => {
    const first = nucleiFile(range(0, 300));
    // The second scan: 60 gone (fixed), 150 new, 30 renamed, the rest unchanged.
    const second = nucleiFile([...range(60, 300), ...range(1000, 1150)], new Set(range(100, 130)));
    const [clean, crashed] = [await newCompany('clean'), await newCompany('crashed')];
    await importDirect(clean, first);
    await importDirect(crashed, first);
    const cleanImport = await importDirect(clean, second);
    const crashedImport = await importDirect(crashed, second, 4);

    const [cleanScan, crashedScan] = [await getScanImport(cleanImport, true), await getScanImport(crashedImport, true)];
    expect(cleanScan?.counts).toMatchObject({ new: 150, fixed: 60, changed: 30, unchanged: 210, total: 390 });
    expect(crashedScan?.status).toBe('done');
    expect(crashedScan?.counts).toEqual(cleanScan?.counts);
    expect(await stateOf(crashed)).toEqual(await stateOf(clean));
  });
});

describe('the import digest', () => {
  /** A nuclei JSONL: one finding per id, on 10 hosts. */
  const nuclei = (ids: number[]) =>
    ids
      .map((id) =>
        JSON.stringify({
          'template-id': `digest-check-${id}`,
          info: { name: `Digest check ${id}`, severity: 'medium' },
          host: `digest-${id % 10}.example.com`,
          'matched-at': `https://digest-${id % 10}.example.com/p${id}`,
          type: 'http',
          timestamp: '2026-11-01T00:00:00Z',
        }),
      )
      .join('\n');
  const ids = Array.from({ length: 40 }, (_, index) => index);
  /** The partition keys a request read or wrote (Query's key value, a write's items' keys). */
  const partitionsOf = (input: Record<string, unknown>): string[] =>
    JSON.stringify(input).match(/"(?:FINDINGS|ASSETS|IMPORT_DIGEST|FINDING_STATUS_LOG)#[^"]*"/g) ?? [];

  it('a re-import of the same file reads the digest, not the stored findings or assets, and writes none', async () => {
    const slug = await newCompany('digest');
    const scope = { slug, service: 'projectmariana' };
    const first = await importScan(analyst, scope, [{ name: 'a.jsonl', body: nuclei(ids) }]);
    expect(first.counts).toMatchObject({ new: 40, total: 40 });
    // Run here, as the import function runs it, so that its requests can be watched.
    const importId = await uploadImport(analyst, scope, [{ name: 'a.jsonl', body: nuclei(ids) }]);
    await copyImportFiles((await getScanImport(importId, true))!); // what startScanImport does before it queues
    const { requests } = await captureDynamoDbRequests(() => runScanImport(importId));
    const again = await finished(analyst, importId);

    expect(again.counts).toMatchObject({ new: 0, unchanged: 40, fixed: 0, reopened: 0, changed: 0, total: 40 });
    const touched = requests.flatMap((request) =>
      partitionsOf(request.input).map((key) => `${request.command} ${key}`),
    );
    expect(touched.filter((entry) => /(FINDINGS|ASSETS)#/.test(entry))).toEqual([]);
    expect(touched.filter((entry) => entry.includes('IMPORT_DIGEST#')).length).toBeGreaterThan(0);
    const writes = requests.filter((request) => /^(BatchWrite|Put|Update|Delete|TransactWrite)/.test(request.command));
    expect(writes.flatMap((request) => partitionsOf(request.input))).toEqual([]);
  });

  it("carries an analyst's status change to the next import: marked fixed and seen again is reopened, a false positive gone is not fixed", async () => {
    const slug = await newCompany('digest-status');
    const scope = { slug, service: 'projectmariana' };
    await importScan(analyst, scope, [{ name: 'a.jsonl', body: nuclei(ids) }]);
    const rows = await allFindings(analyst, slug, 'projectmariana');
    const byTitle = (title: string) => rows.find((row) => row.title === title);
    const markedFixed = byTitle('Digest check 1');
    const falsePositive = byTitle('Digest check 2');
    for (const [row, status] of [
      [markedFixed, 'fixed'],
      [falsePositive, 'false_positive'],
    ] as const) {
      const edited = await analyst('updateFinding', {
        ...scope,
        findingId: row.id,
        field: 'status',
        value: { status },
        expectedVersion: 0,
      });
      expect(edited.statusCode, JSON.stringify(edited.body)).toBe(200);
    }

    // The next scan still finds check 1, no longer check 2 (its host was scanned).
    const next = await importScan(analyst, scope, [{ name: 'b.jsonl', body: nuclei(ids.filter((id) => id !== 2)) }]);
    expect(next.counts).toMatchObject({ new: 0, reopened: 1, fixed: 0, unchanged: 38, total: 39 });
    const after = async (id: string) =>
      (await analyst('getFinding', { ...scope, findingId: id })).body.result as { status: string };
    expect((await after(markedFixed.id)).status).toBe('open');
    expect((await after(falsePositive.id)).status).toBe('false_positive');

    // Absorbed: the import after that sees the same, from the digest alone.
    const third = await importScan(analyst, scope, [{ name: 'b.jsonl', body: nuclei(ids.filter((id) => id !== 2)) }]);
    expect(third.counts).toMatchObject({ new: 0, reopened: 0, fixed: 0, unchanged: 39, total: 39 });
    const { Items = [] } = await documentClient.send(
      new QueryCommand({
        TableName: readConfig().TABLE_NAME,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `FINDING_STATUS_LOG#${slug}#projectmariana` },
      }),
    );
    expect(Items).toEqual([]);
  });
});

describe('a file posted again after the import started', () => {
  /** A nuclei JSONL whose findings are named `<label> <id>`; labels of one length make files of one length. */
  const nuclei = (label: string, ids: number[]) =>
    ids
      .map((id) =>
        JSON.stringify({
          'template-id': `${label.toLowerCase()}-${id}`,
          info: { name: `${label} ${id}`, severity: 'low' },
          host: `repost-${id % 5}.example.com`,
          'matched-at': `https://repost-${id % 5}.example.com/p${id}`,
          type: 'http',
          timestamp: '2026-11-01T00:00:00Z',
        }),
      )
      .join('\n');
  const range = (from: number, to: number) => Array.from({ length: to - from }, (_, index) => from + index);

  it('imports the file that was there when it started, not one posted to the same form afterwards', async () => {
    const slug = await newCompany('repost');
    const scope = { slug, service: 'projectmariana' };
    // An import ahead in the service's queue group (one finding seen 20,000 times: seconds of reading, one write),
    // so the import under test runs only after the second POST.
    const ahead = await startImport(analyst, scope, [
      { name: 'ahead.jsonl', body: Array.from({ length: 20_000 }, () => nuclei('Ahead', [0])).join('\n') },
    ]);
    const original = Buffer.from(nuclei('Alpha', range(1000, 1010)));
    const swapped = Buffer.from(nuclei('Bravo', range(1000, 1010)));
    expect(swapped.length).toBe(original.length); // the form's policy fixes the size, not the content
    const created = await analyst('createScanImport', {
      ...scope,
      files: [{ name: 'scan.jsonl', contentLength: original.length }],
    });
    expect(created.statusCode, JSON.stringify(created.body)).toBe(200);
    const { importId, uploads } = created.body.result;
    await postFile(uploads[0], original, 'scan.jsonl');

    const started = await analyst('startScanImport', { importId });
    await postFile(uploads[0], swapped, 'scan.jsonl');

    expect(started.statusCode, JSON.stringify(started.body)).toBe(200);
    expect(started.body.result.status).toBe('queued');
    expect((await finished(analyst, ahead)).status).toBe('done');
    const result = await finished(analyst, importId);
    expect(result.status, JSON.stringify(result.error)).toBe('done');
    expect(result.counts).toMatchObject({ new: 10, total: 10 });
    const titles = (await allFindings(analyst, slug, 'projectmariana'))
      .map((row) => row.title as string)
      .filter((title) => !title.startsWith('Ahead'))
      .sort();
    expect(titles).toEqual(range(1000, 1010).map((id) => `Alpha ${id}`));
  }, 240_000);
});

describe('another company', () => {
  it('refuses an import id or a cursor of another company: PERMISSION_DENIED, nothing revealed', async () => {
    const [mine, theirs] = [await newCompany('mine'), await newCompany('theirs')];
    const { uid, email } = await createTestUser({
      accessLevel: 3,
      companies: [mine],
      servicesManaged: ['password_cracking'],
    });
    const manager = signedInCaller({ uid, email });
    const ntds = readFileSync(`${fixtures}/password_cracking/customer.ntds`);
    const potfile = readFileSync(`${fixtures}/password_cracking/hashcat.potfile`);
    const files = [
      { name: 'customer.ntds', body: ntds },
      { name: 'hashcat.potfile', body: potfile },
    ];
    // The grant lets this manager import their own company's audit.
    expect((await importScan(manager, { slug: mine, service: 'password_cracking' }, files)).status).toBe('done');
    const theirImport = await importScan(analyst, { slug: theirs, service: 'password_cracking' }, files);
    await importScan(analyst, { slug: theirs, service: 'password_cracking' }, files);

    for (const call of ['getScanImport', 'startScanImport']) {
      const answer = await manager(call, { importId: theirImport.importId });
      expect(answer.statusCode).toBe(403);
      expect(answer.body.error.message).not.toContain(theirs);
    }
    const theirPage = await analyst('listScans', { slug: theirs, service: 'password_cracking', limit: 1 });
    const theirCursor = theirPage.body.result.nextCursor;
    expect(theirCursor).toBeDefined();
    const reused = await manager('listScans', { slug: mine, service: 'password_cracking', cursor: theirCursor });
    expect(reused.statusCode).toBe(403);
    expect((await manager('listScans', { slug: theirs, service: 'password_cracking' })).statusCode).toBe(403);
    // The grant covers password cracking only.
    expect((await manager('listFindings', { slug: mine, service: 'dast' })).statusCode).toBe(403);
  });
});
