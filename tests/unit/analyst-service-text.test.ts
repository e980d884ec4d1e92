// The pure parts of the analyst service pages (web/src/pages/analyst/services): how scanner text is shown
// (links only for http and https, ZAP's paragraphs, any value's shape), the words for severities,
// statuses and sizes, the filter sent to listFindings, what the import panel says at each moment, the
// import remembered in the browser, the upload's body, and the copies kept equal to the server's.
import { describe, expect, it } from 'vitest';
import {
  findingStatuses as serverStatuses,
  maxImportFileBytes as serverMaxBytes,
} from '../../lambdas/contracts/findings.js';
import { formatsOf } from '../../lambdas/kernel/scanners/formats.js';
import {
  findingFilterInput,
  findingFiltersActive,
  noFindingFilters,
} from '../../web/src/pages/analyst/services/findings/finding-filter.js';
import {
  findingStatuses,
  formatListText,
  importFormatsOf,
  maxImportFileBytes,
  scanStatusText,
  severities,
  severityRank,
} from '../../web/src/pages/analyst/services/finding-values/finding-labels.js';
import {
  bytesText,
  fieldLabel,
  instanceColumns,
  linkHref,
  shownValue,
  summaryLine,
} from '../../web/src/pages/analyst/services/finding-values/finding-text.js';
import { fileParts, fileProblem } from '../../web/src/pages/analyst/services/imports/import-files.js';
import type { LocalImport, ScanImportRecord } from '../../web/src/pages/analyst/services/imports/import-runner.js';
import { importView, laterReading } from '../../web/src/pages/analyst/services/imports/import-view.js';
import { tabOf, withFinding, withTab } from '../../web/src/pages/analyst/services/page-address.js';
import {
  forgetImport,
  readRememberedImport,
  rememberImport,
  rememberedImportKey,
} from '../../web/src/pages/analyst/services/imports/running-imports.js';
import { storageErrorMessage, uploadFormData } from '../../web/src/components/uploads/upload-file.js';

describe('scanner text', () => {
  it('links only http and https addresses; anything else is text', () => {
    expect(linkHref('https://owasp.org/Top10/')).toBe('https://owasp.org/Top10/');
    expect(linkHref('  http://example.com/a?b=c  ')).toBe('http://example.com/a?b=c');
    for (const text of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example/x',
      'see https://example.com for more',
      'CVE-2021-44228',
      'https://',
    ]) {
      expect(linkHref(text), text).toBeUndefined();
    }
  });

  it('names fields in words', () => {
    expect(fieldLabel('otherInfo')).toBe('Other info');
    expect(fieldLabel('status_code')).toBe('Status code');
    expect(fieldLabel('uri')).toBe('URI');
    expect(fieldLabel('resourceUid')).toBe('Resource UID');
    expect(fieldLabel('wascid')).toBe('WASC ID');
    expect(fieldLabel('lmHashStored')).toBe('LM hash stored');
  });

  it('shows each shape of value: nothing, text, a code box, a list, fields', () => {
    expect(shownValue(undefined)).toEqual({ kind: 'none' });
    expect(shownValue('  ')).toEqual({ kind: 'none' });
    expect(shownValue('GET')).toEqual({ kind: 'text', text: 'GET' });
    expect(shownValue('GET', { code: true })).toEqual({ kind: 'block', text: 'GET' });
    expect(shownValue('HTTP/1.1 200 OK\nServer: x')).toEqual({ kind: 'block', text: 'HTTP/1.1 200 OK\nServer: x' });
    expect(shownValue('x'.repeat(200)).kind).toBe('block');
    expect(shownValue(443)).toEqual({ kind: 'text', text: '443' });
    expect(shownValue(false)).toEqual({ kind: 'text', text: 'No' });
    expect(shownValue(['a', 'b'])).toEqual({ kind: 'list', items: ['a', 'b'] });
    expect(shownValue([{ id: 1 }])).toEqual({ kind: 'block', text: '[\n  {\n    "id": 1\n  }\n]' });
    expect(shownValue({ a: 1, b: '' })).toEqual({ kind: 'fields', fields: [['a', 1]] });
    expect(shownValue({ b: null })).toEqual({ kind: 'none' });
    expect(shownValue({ lower: true, upper: false, digit: true })).toEqual({ kind: 'text', text: 'Lower, Digit' });
    expect(shownValue({ lower: false })).toEqual({ kind: 'text', text: 'None' });
  });

  it('sums a record up on one line, nested fields included', () => {
    expect(summaryLine({ ip: '10.0.0.1', port: 22, service: { name: 'ssh', product: 'OpenSSH' } })).toBe(
      'IP 10.0.0.1 · Port 22 · Name ssh · Product OpenSSH',
    );
    expect(summaryLine({})).toBe('');
  });

  it('orders instance columns as a reader wants them, the tool’s other fields after', () => {
    expect(
      instanceColumns([
        { evidence: 'x', uri: 'u' },
        { zeta: 1, method: 'GET', alpha: 2 },
      ]),
    ).toEqual(['uri', 'method', 'evidence', 'alpha', 'zeta']);
  });

  it('tells sizes in binary units, as the 200 MB limit is counted', () => {
    expect(bytesText(0)).toBe('0 B');
    expect(bytesText(512)).toBe('512 B');
    expect(bytesText(1536)).toBe('1.5 KB');
    expect(bytesText(21343)).toBe('20.8 KB');
    expect(bytesText(200 * 1024 * 1024)).toBe('200 MB');
  });
});

describe('labels and the copies of server values', () => {
  it('keeps the finding statuses and the file limit equal to the server’s', () => {
    expect(findingStatuses).toEqual(serverStatuses);
    expect(maxImportFileBytes).toBe(serverMaxBytes);
  });

  it('ranks severities critical first, as listFindings pages them', () => {
    expect([...severities].sort((a, b) => severityRank(b) - severityRank(a))).toEqual([
      'critical',
      'high',
      'medium',
      'low',
      'info',
    ]);
  });

  it('lists the formats a service imports, from the catalogue parse-scan uses', () => {
    expect(importFormatsOf('dast')).toEqual(formatsOf('dast'));
    expect(formatListText('dast')).toBe('nuclei JSONL, ZAP JSON or ZAP XML');
    expect(formatListText('network')).toBe('Nmap XML or Greenbone/OpenVAS XML');
    expect(importFormatsOf('password_cracking')).toEqual([]);
  });

  it('says how far a running scan is', () => {
    expect(scanStatusText({ status: 'running', progress: { bytesRead: 50, bytesTotal: 200 } })).toBe('Importing 25%');
    expect(scanStatusText({ status: 'queued', progress: { bytesRead: 0, bytesTotal: 200 } })).toBe('Waiting to start');
    expect(scanStatusText({ status: 'done', progress: { bytesRead: 200, bytesTotal: 200 } })).toBe('Done');
  });
});

describe('the filter sent to listFindings', () => {
  it('sends nothing when nothing narrows the list', () => {
    expect(findingFilterInput(noFindingFilters, undefined, 'lastscan1')).toBeUndefined();
    expect(findingFiltersActive(noFindingFilters, 'lastscan1')).toBe(false);
  });

  it('sends each filter chosen, with the text and the last scan for "new in the last scan"', () => {
    const filters = {
      severity: ['high', 'critical', 'high'] as const,
      status: ['open'] as const,
      assetKey: '  host:10.0.0.1 ',
      newInLastScan: true,
      sla: 'overdue' as const,
      exploit: '' as const,
    };
    expect(findingFilterInput(filters, 'xss', 'lastscan1')).toEqual({
      severity: ['high', 'critical'],
      status: ['open'],
      assetKey: 'host:10.0.0.1',
      sla: 'overdue',
      text: 'xss',
      newInImport: 'lastscan1',
    });
  });

  it('the SLA filter alone narrows the list: overdue, or due within 7 days', () => {
    expect(findingFilterInput({ ...noFindingFilters, sla: 'dueSoon' }, undefined, undefined)).toEqual({
      sla: 'dueSoon',
    });
    expect(findingFiltersActive({ ...noFindingFilters, sla: 'overdue' }, undefined)).toBe(true);
  });

  it('the exploit filter sends known exploited, or the EPSS score it names as a fraction', () => {
    expect(findingFilterInput({ ...noFindingFilters, exploit: 'kev' }, undefined, undefined)).toEqual({
      knownExploited: true,
    });
    expect(findingFilterInput({ ...noFindingFilters, exploit: 'epss50' }, undefined, undefined)).toEqual({
      epssAtLeast: 0.5,
    });
    expect(findingFiltersActive({ ...noFindingFilters, exploit: 'epss90' }, undefined)).toBe(true);
  });

  it('"new in the last scan" narrows nothing before a scan has finished', () => {
    const filters = { ...noFindingFilters, newInLastScan: true };
    expect(findingFilterInput(filters, undefined, undefined)).toBeUndefined();
    expect(findingFiltersActive(filters, undefined)).toBe(false);
    expect(findingFiltersActive(filters, 'lastscan1')).toBe(true);
  });
});

describe('the page address', () => {
  it('keeps the tab and the finding shown, the other parameters too', () => {
    expect(withFinding('?tab=scans', 'f'.repeat(32))).toBe(`?tab=scans&finding=${'f'.repeat(32)}`);
    expect(withFinding(`?finding=${'f'.repeat(32)}`, undefined)).toBe('');
    expect(tabOf(new URLSearchParams('tab=assets'))).toBe('assets');
    expect(tabOf(new URLSearchParams('tab=<script>'))).toBe('findings');
    expect(withTab(new URLSearchParams('tab=scans&finding=x'), 'findings').toString()).toBe('finding=x');
  });
});

describe('the files of an import', () => {
  it('asks for one scan file, or the NTDS file and the potfile for password cracking', () => {
    expect(fileParts('dast').map((part) => part.label)).toEqual(['Scan file']);
    expect(fileParts('password_cracking').map((part) => [part.field, part.label])).toEqual([
      ['files.0', 'NTDS file'],
      ['files.1', 'Potfile'],
    ]);
  });

  it('refuses a missing, empty or too large file before sending anything', () => {
    expect(fileProblem(undefined)).toBe('Choose the file to import.');
    expect(fileProblem({ size: 0 })).toBe('The file is empty.');
    expect(fileProblem({ size: maxImportFileBytes + 1 })).toBe('The file is larger than the 200 MB an import takes.');
    expect(fileProblem({ size: maxImportFileBytes })).toBeUndefined();
  });
});

describe('the upload', () => {
  it("sends the policy's fields first, in their order, and the file last", async () => {
    const form = uploadFormData(
      { key: 'uploads/acme/dast/x/0', Policy: 'p', 'X-Amz-Signature': 's' },
      new Blob(['{}']),
      'owasp_zap.json',
    );
    expect([...form.keys()]).toEqual(['key', 'Policy', 'X-Amz-Signature', 'file']);
    const file = form.get('file') as File;
    expect(file.name).toBe('owasp_zap.json');
    expect(await file.text()).toBe('{}');
  });

  it("reads the storage's refusal as text", () => {
    expect(
      storageErrorMessage(
        '<?xml version="1.0"?><Error><Code>EntityTooLarge</Code><Message>Your proposed upload exceeds the maximum allowed size &amp; more</Message></Error>',
      ),
    ).toBe('Your proposed upload exceeds the maximum allowed size & more');
    expect(storageErrorMessage('not xml')).toBeUndefined();
  });
});

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

describe('the import remembered in the browser', () => {
  it('is kept per company and service, and forgotten only for its own id', () => {
    const storage = memoryStorage();
    const remembered = { importId: 'mimport0001abcdef', fileNames: ['owasp_zap.json'] };
    rememberImport('acme', 'dast', remembered, storage);

    expect(readRememberedImport('acme', 'dast', storage)).toEqual(remembered);
    expect(readRememberedImport('acme', 'network', storage)).toBeUndefined();
    expect(readRememberedImport('globex', 'dast', storage)).toBeUndefined();
    forgetImport('acme', 'dast', 'anotherimport01', storage);
    expect(readRememberedImport('acme', 'dast', storage)).toEqual(remembered);
    forgetImport('acme', 'dast', remembered.importId, storage);
    expect(readRememberedImport('acme', 'dast', storage)).toBeUndefined();
  });

  it('ignores what no longer reads as an import', () => {
    const storage = memoryStorage();
    for (const stored of ['not json', '{"importId":"../../x"}', '{"fileNames":[]}', '42']) {
      storage.setItem(rememberedImportKey('acme', 'dast'), stored);
      expect(readRememberedImport('acme', 'dast', storage), stored).toBeUndefined();
    }
  });
});

const scanOf = (status: ScanImportRecord['status'], progress: Partial<ScanImportRecord['progress']> = {}, more = {}) =>
  ({
    importId: 'mimport0001abcdef',
    slug: 'acme',
    service: 'dast',
    status,
    files: [{ name: 'owasp_zap.json', contentLength: 2048 }],
    createdAt: 1,
    createdByEmail: 'ana@example.com',
    progress: { bytesRead: 0, bytesTotal: 2048, findingsWritten: 0, ...progress },
    ...more,
  }) as ScanImportRecord;

const localOf = (step: LocalImport['step'], more: Partial<LocalImport> = {}): LocalImport => ({
  importId: 'mimport0001abcdef',
  fileNames: ['owasp_zap.json'],
  step,
  bytesSent: 512,
  bytesTotal: 2048,
  ...more,
});

describe('what the import panel says', () => {
  it('during the upload: the bytes sent, and to keep the page open', () => {
    const view = importView(['owasp_zap.json'], localOf('uploading'), undefined);
    expect(view).toMatchObject({ status: 'in-progress', percent: 25, label: 'Uploading owasp_zap.json', ended: false });
    expect(view.info).toBe('512 B of 2 KB sent');
    expect(view.description).toMatch(/Keep this page open/);
  });

  it('while it runs: the phase, the bytes read, the findings written, and that it goes on without the browser', () => {
    const view = importView(
      [],
      undefined,
      scanOf('running', { phase: 'writing', bytesRead: 2048, findingsWritten: 12 }),
    );
    expect(view).toMatchObject({ status: 'in-progress', percent: 100, label: 'Importing owasp_zap.json' });
    expect(view.description).toMatch(/^Writing the findings\. The import runs on the server/);
    expect(view.info).toBe('2 KB of 2 KB read · 12 findings written');
    expect(importView([], undefined, scanOf('queued')).description).toMatch(/^Waiting for the import to start/);
    expect(importView([], undefined, scanOf('running', { phase: 'reading', bytesRead: 1024 })).percent).toBe(50);
  });

  it('once done: the counts', () => {
    const counts = { new: 3, changed: 1, unchanged: 0, fixed: 2, reopened: 0, total: 4 };
    const view = importView([], localOf('started'), scanOf('done', { bytesRead: 2048 }, { counts }));
    expect(view).toMatchObject({ status: 'success', ended: true, label: 'Imported owasp_zap.json' });
    expect(view.description).toBe('4 findings in the file: 3 new, 1 changed, 0 unchanged, 2 fixed, 0 reopened.');
  });

  it('on failure: the message and the line', () => {
    const view = importView([], undefined, scanOf('failed', {}, { error: { message: 'Not a ZAP report', line: 3 } }));
    expect(view).toMatchObject({ status: 'error', ended: true, description: 'Not a ZAP report (line 3)' });
    const notStarted = importView(
      ['a.json'],
      localOf('failed', { error: 'The file storage refused a.json (HTTP 403).' }),
      undefined,
    );
    expect(notStarted).toMatchObject({ status: 'error', label: 'The import of a.json did not start', ended: true });
  });

  it('an upload left unfinished (the page was closed during it) says to import again', () => {
    const view = importView([], undefined, scanOf('uploading'));
    expect(view).toMatchObject({ status: 'error', ended: true });
    expect(view.description).toMatch(/import the file again/);
  });

  it('never steps back when a read answers from before the last one', () => {
    const running = scanOf('running', { bytesRead: 1024 });
    expect(laterReading(running, scanOf('queued'))).toBe(running);
    expect(laterReading(running, scanOf('running', { bytesRead: 512 }))).toBe(running);
    const further = scanOf('running', { bytesRead: 2048 });
    expect(laterReading(running, further)).toBe(further);
    const done = scanOf('done');
    expect(laterReading(running, done)).toBe(done);
    expect(laterReading(undefined, running)).toBe(running);
  });
});
