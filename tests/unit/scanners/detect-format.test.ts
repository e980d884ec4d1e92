// Format detection from content alone, the explicit choice that overrides it, and the clear refusals
// of what is not a scan the service imports.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { detectFormat } from '../../../lambdas/kernel/scanners/detect-format.js';
import { ImportFormatError } from '../../../lambdas/kernel/scanners/import-format-error.js';
import { chunked, expectImportError, fixture, fixtures, importScan } from './scan-import.js';

const head = (relative: string) => readFileSync(path.join(fixtures, relative)).subarray(0, 64 * 1024);

describe('detectFormat', () => {
  it('tells every fixture apart by its content', () => {
    expect(detectFormat(head('projectmariana/passive_scan_without_ip_example.com.jsonl'))).toBe('subfinder-jsonl');
    expect(detectFormat(head('projectmariana/many_findings_new.json'))).toBe('nuclei-jsonl');
    expect(detectFormat(head('dast/owasp_zap.json'))).toBe('zap-json');
    expect(detectFormat(head('dast/zap-results-first-scan.xml'))).toBe('zap-xml');
    expect(detectFormat(head('network/issue4406.xml'))).toBe('nmap-xml');
    expect(detectFormat(head('network/many_vuln.xml'))).toBe('openvas-xml');
    expect(detectFormat(head('cloud/example_output_aws.ocsf.json'))).toBe('prowler-ocsf-json');
    expect(detectFormat(head('cloud/example_output_gcp.ocsf.json'))).toBe('prowler-ocsf-json');
    expect(detectFormat(head('password_cracking/customer.ntds'))).toBe('secretsdump-ntds');
    expect(detectFormat(head('password_cracking/hashcat.potfile'))).toBe('potfile');
  });

  it('reads httpx lines, a byte-order mark, a first line longer than the bytes looked at, and Prowler CSV', () => {
    const httpx =
      '{"timestamp":"2026-07-31T19:38:54Z","port":"80","url":"http://192.0.2.1/","input":"192.0.2.1","status_code":200,"failed":false}\n';
    expect(detectFormat(Buffer.from(httpx))).toBe('httpx-jsonl');
    expect(detectFormat(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), head('network/issue4406.xml')]))).toBe(
      'nmap-xml',
    );
    const longNucleiLine = `{"template-id":"x","info":{"name":"x","severity":"info"},"response":"${'a'.repeat(70_000)}"}`;
    expect(detectFormat(Buffer.from(longNucleiLine).subarray(0, 64 * 1024))).toBe('nuclei-jsonl');
    expect(detectFormat(Buffer.from('FINDING_UID;PROVIDER;CHECK_ID;STATUS;SEVERITY\nx;aws;c;FAIL;low\n'))).toBe(
      'prowler-csv',
    );
    expect(detectFormat(Buffer.from('$NT$a8bfc015bdbf6d0cf77396692ca5fc11:x\n'))).toBe('potfile');
  });

  it('names what it refuses: empty, compressed, binary, Prowler ASFF, unknown JSON, XML or text', () => {
    const refuse = (bytes: Buffer, message: RegExp) => {
      let caught: unknown;
      try {
        detectFormat(bytes);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(ImportFormatError);
      expect((caught as Error).message).toMatch(message);
    };
    refuse(Buffer.from(''), /empty/);
    refuse(Buffer.from(' \n\t\n'), /empty/);
    refuse(gzipSync('<nmaprun/>'), /gzip/);
    refuse(Buffer.from('PK\x03\x04zipdata', 'latin1'), /zip/);
    refuse(Buffer.from([0x00, 0x01, 0x02, 0x41]), /binary/);
    refuse(Buffer.from('[{"SchemaVersion":"2018-10-08","ProductArn":"arn:aws:securityhub:x"}]'), /JSON-ASFF/);
    refuse(
      Buffer.from('{"name": "package", "version": "1.0.0"}'),
      /not a scanner output the portal knows.*Prowler OCSF JSON/,
    );
    refuse(Buffer.from('<?xml version="1.0"?><html><body/></html>'), /root element <html>/);
    refuse(
      Buffer.from('Starting Nmap 7.94 ( https://nmap.org )\nNmap scan report for 192.0.2.1\n'),
      /not in a format the portal knows/,
    );
  });
});

describe('parseScan: detection, the explicit choice and the service', () => {
  it('the explicit format overrides detection', async () => {
    // Only "host": detection cannot tell this from other JSON lines, the named format reads it.
    const bare = '{"host":"a.example.com"}\n{"host":"b.example.com"}\n';
    await expectImportError(importScan('projectmariana', [chunked(bare)]), /not a scanner output the portal knows/);
    const { assets, summary } = await importScan('projectmariana', [chunked(bare)], { format: 'subfinder-jsonl' });
    expect(summary.format).toBe('subfinder-jsonl');
    expect(assets.map((asset) => asset.key)).toEqual(['subdomain:a.example.com', 'subdomain:b.example.com']);
    // A wrong explicit choice fails in that format's own words, at the line.
    await expectImportError(
      importScan('dast', [chunked(readFileSync(path.join(fixtures, 'dast/zap-results-first-scan.xml')))], {
        format: 'nuclei-jsonl',
      }),
      /not JSON/,
      {
        line: 1,
      },
    );
  });

  it('a file of a format the service does not import is refused by name, listing what it imports', async () => {
    const nmap = readFileSync(path.join(fixtures, 'network/issue4406.xml'));
    await expectImportError(
      importScan('dast', [chunked(nmap, 4096)]),
      /^This file is Nmap XML, which the dast service does not import; it imports nuclei JSONL, ZAP JSON, ZAP XML$/,
    );
    await expectImportError(
      importScan('cloud', [chunked(nmap, 4096)], { format: 'nmap-xml' }),
      /Nmap XML, which the cloud service does not import/,
    );
    // Refused before reading: the files' streams are closed all the same.
    const files = [fixture('network/issue4406.xml'), fixture('network/many_vuln.xml')];
    await expectImportError(importScan('network', files), /imports one file at a time; 2 were given/);
    expect(files.map((file) => file.destroyed)).toEqual([true, true]);
    await expectImportError(
      importScan('dast', [chunked(nmap)], { format: 'password-audit' }),
      /password audit \(NTDS file and potfile\), which the dast service does not import/,
    );
  });
});
