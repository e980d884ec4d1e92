// The parsers stream: a generated 50 MB file is read in small chunks with the live heap staying small,
// and every format yields its first finding long before its input ends.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { readLines } from '../../../lambdas/kernel/scanners/byte-source.js';
import type { FormatId, ServiceName } from '../../../lambdas/kernel/scanners/finding-model.js';
import { parseScan } from '../../../lambdas/kernel/scanners/parse-scan.js';
import { readXml, type XmlElement } from '../../../lambdas/kernel/scanners/xml-records.js';

// A full collection before each heap reading makes the reading the live heap, not garbage not yet collected.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/**
 * A file made on the fly from a head, records and a tail, in `chunkSize` chunks, until `totalBytes` or
 * `records` records; counts what it handed out.
 */
function generatedFile(parts: {
  head?: string;
  record: (index: number) => string;
  tail?: string;
  totalBytes?: number;
  records?: number;
  chunkSize?: number;
}) {
  const state = { handedOut: 0, records: 0 };
  async function* chunks(): AsyncGenerator<Buffer> {
    const chunkSize = parts.chunkSize ?? 16 * 1024;
    let pending = Buffer.from(parts.head ?? '');
    const emit = function* (final: boolean) {
      while (pending.length >= chunkSize || (final && pending.length > 0)) {
        const chunk = pending.subarray(0, chunkSize);
        pending = pending.subarray(chunk.length);
        state.handedOut += chunk.length;
        yield chunk;
      }
    };
    const more = () =>
      parts.records !== undefined
        ? state.records < parts.records
        : state.handedOut + pending.length < (parts.totalBytes ?? 0);
    while (more()) {
      pending = Buffer.concat([pending, Buffer.from(parts.record(state.records))]);
      state.records += 1;
      yield* emit(false);
      await Promise.resolve();
    }
    pending = Buffer.concat([pending, Buffer.from(parts.tail ?? '')]);
    yield* emit(true);
  }
  return { chunks: chunks(), state };
}

const nucleiLine = (index: number) =>
  `${JSON.stringify({
    'template-id': `template-${index % 500}`,
    info: {
      name: `Template ${index % 500}`,
      severity: ['critical', 'high', 'medium', 'low', 'info'][index % 5],
      description: 'x'.repeat(300),
    },
    type: 'http',
    host: `https://host-${index % 1000}.example.com`,
    'matched-at': `https://host-${index % 1000}.example.com/path/${index}`,
    'extracted-results': [`value-${index}`],
    response: 'HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n'.padEnd(1200, '.'),
    timestamp: '2024-05-02T10:00:00Z',
  })}\n`;

describe('streaming', () => {
  it('splits lines in the bytes: CRLF, a byte-order mark, characters and lines cut across chunks, no final newline', async () => {
    const text = '\uFEFFfirst line\r\n\nzwei – drei ✓ 😀\nlast without newline';
    const bytes = Buffer.from(text, 'utf8');
    for (const size of [1, 2, 3, 5, 7, bytes.length]) {
      async function* chunks(): AsyncGenerator<Buffer> {
        for (let start = 0; start < bytes.length; start += size) yield bytes.subarray(start, start + size);
      }
      const lines: Array<[number, string]> = [];
      for await (const { number, text: line } of readLines(chunks())) lines.push([number, line]);
      expect(lines, `chunks of ${size} bytes`).toEqual([
        [1, 'first line'],
        [2, ''],
        [3, 'zwei – drei ✓ 😀'],
        [4, 'last without newline'],
      ]);
    }
  });

  it('reads a 50 MB nuclei JSONL in 16 KB chunks with the live heap growing by less than 24 MB', async () => {
    const totalBytes = 50 * 1024 * 1024;
    const file = generatedFile({ record: nucleiLine, totalBytes });
    collectGarbage();
    const baseline = process.memoryUsage().heapUsed;
    let peak = 0;
    let findings = 0;
    let progress = 0;
    let nextReading = 0;
    for await (const record of parseScan({
      service: 'projectmariana',
      inputs: [file.chunks],
      onProgress: (bytes) => (progress = bytes),
    })) {
      if (record.kind === 'finding') findings += 1;
      if (file.state.handedOut >= nextReading) {
        nextReading += 5 * 1024 * 1024;
        collectGarbage();
        peak = Math.max(peak, process.memoryUsage().heapUsed - baseline);
      }
      if (record.kind === 'summary') {
        expect(record.summary.findings).toBe(file.state.records);
        expect(record.summary.bytesRead).toBe(file.state.handedOut);
      }
    }
    expect(file.state.handedOut).toBeGreaterThanOrEqual(totalBytes);
    expect(findings).toBe(file.state.records);
    expect(progress).toBe(file.state.handedOut);
    // Holding the file would take more than its 50 MB (as UTF-16 strings and objects, several times that).
    expect(peak).toBeLessThan(24 * 1024 * 1024);
  }, 120_000);

  const formats: Array<{
    name: string;
    service: ServiceName;
    format: FormatId;
    head?: string;
    record: (index: number) => string;
    tail?: string;
  }> = [
    { name: 'nuclei JSONL', service: 'dast', format: 'nuclei-jsonl', record: nucleiLine },
    {
      name: 'ZAP JSON',
      service: 'dast',
      format: 'zap-json',
      head: '{"@version":"2.14.0","site":[{"@name":"https://a.example","@host":"a.example","@port":"443","alerts":[',
      record: (index) =>
        `${index ? ',' : ''}{"pluginid":"${index}","alert":"Alert ${index}","riskcode":"1","confidence":"2","desc":"${'d'.repeat(500)}","instances":[{"uri":"https://a.example/${index}","method":"GET"}],"count":"1"}`,
      tail: ']}]}',
    },
    {
      name: 'ZAP XML',
      service: 'dast',
      format: 'zap-xml',
      head: '<?xml version="1.0"?><OWASPZAPReport version="2.10.0"><site name="http://a.example" host="a.example" port="80" ssl="false"><alerts>',
      record: (index) =>
        `<alertitem><pluginid>${index}</pluginid><alert>Alert ${index}</alert><riskcode>2</riskcode><desc>${'d'.repeat(500)}</desc><instances><instance><uri>http://a.example/${index}</uri></instance></instances></alertitem>\n`,
      tail: '</alerts></site></OWASPZAPReport>',
    },
    {
      name: 'Nmap XML',
      service: 'network',
      format: 'nmap-xml',
      head: '<?xml version="1.0"?>\n<!DOCTYPE nmaprun>\n<nmaprun version="7.94" start="1700000000">',
      record: (index) =>
        `<host><status state="up"/><address addr="10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}" addrtype="ipv4"/><ports><port protocol="tcp" portid="22"><state state="open"/><service name="ssh" product="OpenSSH" version="8.9"/></port></ports></host>\n`,
      tail: '</nmaprun>',
    },
    {
      name: 'OpenVAS XML',
      service: 'network',
      format: 'openvas-xml',
      head: '<report id="r"><report id="r2"><gmp><version>22.4</version></gmp><results>',
      record: (index) =>
        `<result id="${index}"><host>10.0.${(index >> 8) & 255}.${index & 255}</host><port>443/tcp</port><nvt oid="1.3.6.1.4.1.25623.1.0.${index % 900}"><name>NVT ${index % 900}</name><tags>summary=${'s'.repeat(400)}|solution_type=VendorFix</tags></nvt><threat>Medium</threat><severity>5.0</severity><qod><value>80</value></qod><description>detected</description></result>\n`,
      tail: '</results></report></report>',
    },
    {
      name: 'Prowler OCSF JSON',
      service: 'cloud',
      format: 'prowler-ocsf-json',
      head: '[',
      record: (index) =>
        `${index ? ',' : ''}${JSON.stringify({
          metadata: { event_code: `check_${index % 300}` },
          status_code: index % 3 === 0 ? 'PASS' : 'FAIL',
          severity: 'High',
          finding_info: {
            uid: `prowler-aws-check_${index % 300}-123456789012-eu-west-1-res${index}`,
            title: 'A check',
            desc: 'd'.repeat(400),
          },
          cloud: { provider: 'aws', account: { uid: '123456789012' }, region: 'eu-west-1' },
          resources: [
            { uid: `arn:aws:s3:::res${index}`, name: `res${index}`, region: 'eu-west-1', group: { name: 's3' } },
          ],
        })}\n`,
      tail: ']',
    },
    {
      name: 'Prowler CSV',
      service: 'cloud',
      format: 'prowler-csv',
      head: 'FINDING_UID;PROVIDER;ACCOUNT_UID;REGION;CHECK_ID;CHECK_TITLE;STATUS;SEVERITY;RESOURCE_UID;RESOURCE_NAME;DESCRIPTION\n',
      record: (index) =>
        `prowler-aws-c${index % 300}-1-eu-west-1-r${index};aws;1;eu-west-1;c${index % 300};"A; check";FAIL;medium;arn:r${index};r${index};${'d'.repeat(400)}\n`,
    },
  ];

  for (const { name, service, format, head, record, tail } of formats) {
    it(`${name}: the first finding comes long before the end of a 4 MB file`, async () => {
      const file = generatedFile({ head, record, tail, totalBytes: 4 * 1024 * 1024, chunkSize: 8 * 1024 });
      let handedOutAtFirstFinding: number | undefined;
      let findings = 0;
      for await (const scanRecord of parseScan({ service, inputs: [file.chunks], format })) {
        if (scanRecord.kind !== 'finding') continue;
        findings += 1;
        handedOutAtFirstFinding ??= file.state.handedOut;
      }
      expect(findings).toBeGreaterThan(1000);
      // The first record is in the first 64 KB (detection reads that much before parsing starts).
      expect(handedOutAtFirstFinding).toBeLessThan(128 * 1024);
    }, 120_000);
  }

  it('an XML record nested 50,000 deep or holding 300,000 elements is cut to 32 levels and 100,000 elements', async () => {
    const deep = generatedFile({
      head: '<OWASPZAPReport version="2.10.0"><site name="http://a.example"><alerts><alertitem><pluginid>1</pluginid><riskcode>1</riskcode><extra>',
      record: (index) => (index < 50_000 ? '<x>' : '</x>'),
      tail: '</extra></alertitem></alerts></site></OWASPZAPReport>',
      records: 100_000,
    });
    const wide = generatedFile({
      head: '<OWASPZAPReport version="2.10.0"><site name="http://a.example"><alerts><alertitem><pluginid>2</pluginid>',
      record: () => '<a><b/><c/></a>',
      tail: '</alertitem></alerts></site></OWASPZAPReport>',
      records: 100_000,
    });
    const kept = async (file: typeof deep) => {
      const records: XmlElement[] = [];
      for await (const event of readXml(file.chunks, { isRecord: (path) => path.at(-1) === 'alertitem' })) {
        if (event.type === 'record') records.push(event.element);
      }
      expect(records).toHaveLength(1);
      const measure = (element: XmlElement, depth: number): { depth: number; elements: number } =>
        element.children.reduce(
          (total, child) => {
            const inner = measure(child, depth + 1);
            return { depth: Math.max(total.depth, inner.depth), elements: total.elements + inner.elements };
          },
          { depth, elements: 1 },
        );
      return measure(records[0] as XmlElement, 1);
    };
    expect((await kept(deep)).depth).toBeLessThanOrEqual(32);
    expect((await kept(wide)).elements).toBeLessThanOrEqual(100_000);
  }, 120_000);

  it('an alert with 100,000 instances keeps 500 and counts them all (ZAP JSON and XML)', async () => {
    const instances = 100_000;
    const json = generatedFile({
      head: '{"@version":"2.14.0","site":[{"@name":"https://a.example","alerts":[{"pluginid":"10020","alert":"Missing header","riskcode":"2","instances":[',
      record: (index) => `${index ? ',' : ''}{"uri":"https://a.example/page/${index}","method":"GET"}`,
      tail: '],"count":"100000"}]}]}',
      records: instances,
    });
    const xml = generatedFile({
      head: '<OWASPZAPReport version="2.10.0"><site name="http://a.example" host="a.example" port="80"><alerts><alertitem><pluginid>10020</pluginid><riskcode>2</riskcode><instances>',
      record: (index) => `<instance><uri>http://a.example/page/${index}</uri></instance>`,
      tail: '</instances><count>100000</count></alertitem></alerts></site></OWASPZAPReport>',
      records: instances,
    });
    for (const file of [json, xml]) {
      const found = [];
      for await (const scanRecord of parseScan({ service: 'dast', inputs: [file.chunks] })) {
        if (scanRecord.kind === 'finding') found.push(scanRecord.finding);
      }
      expect(file.state.records).toBe(instances);
      expect(found).toHaveLength(1);
      expect(found[0]?.instances).toHaveLength(500);
      expect(found[0]?.instanceCount).toBe(instances);
    }
  }, 120_000);
});
