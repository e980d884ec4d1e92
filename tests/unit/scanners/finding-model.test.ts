// The model's pure parts: identities, host names, severity mapping per tool, text caps and merging.
import { describe, expect, it } from 'vitest';
import { capText, limits, mergeFindings, type Finding } from '../../../lambdas/kernel/scanners/finding-model.js';
import { findingIdentity, hostOf } from '../../../lambdas/kernel/scanners/identity.js';
import { fixture, importScan } from './scan-import.js';
import {
  cvssSeverity,
  nucleiSeverity,
  openvasSeverity,
  prowlerSeverity,
  qodConfidence,
  zapConfidence,
  zapSeverity,
} from '../../../lambdas/kernel/scanners/severity.js';

describe('finding identity', () => {
  it('is 32 hex characters of the tool and its ordered parts, which it keeps readable', () => {
    const identity = findingIdentity('nmap', [
      ['host', '10.0.0.1'],
      ['port', '22/tcp'],
    ]);
    expect(identity.key).toMatch(/^[0-9a-f]{32}$/);
    expect(identity.parts).toEqual({ host: '10.0.0.1', port: '22/tcp' });
    expect(
      findingIdentity('nmap', [
        ['host', '10.0.0.1'],
        ['port', '22/tcp'],
      ]).key,
    ).toBe(identity.key);
    expect(
      findingIdentity('openvas', [
        ['host', '10.0.0.1'],
        ['port', '22/tcp'],
      ]).key,
    ).not.toBe(identity.key);
    expect(
      findingIdentity('nmap', [
        ['host', '10.0.0.2'],
        ['port', '22/tcp'],
      ]).key,
    ).not.toBe(identity.key);
    // Values cannot run into each other: ("a|b", "c") is not ("a", "b|c").
    expect(
      findingIdentity('zap', [
        ['site', 'a|b'],
        ['pluginid', 'c'],
      ]).key,
    ).not.toBe(
      findingIdentity('zap', [
        ['site', 'a'],
        ['pluginid', 'b|c'],
      ]).key,
    );
  });

  it('reads the host of a URL, host:port, a bare host and IPv6', () => {
    expect(hostOf('https://Shop.Example.com:8443/admin?x=1')).toBe('shop.example.com');
    expect(hostOf('shop.example.com:22')).toBe('shop.example.com');
    expect(hostOf('shop.example.com.')).toBe('shop.example.com');
    expect(hostOf('192.0.2.1')).toBe('192.0.2.1');
    expect(hostOf('[2001:db8::1]:443')).toBe('2001:db8::1');
    expect(hostOf('http://[2001:db8::1]:8080/')).toBe('2001:db8::1');
    expect(hostOf('2001:db8::1')).toBe('2001:db8::1');
  });
});

describe('severity mapping (research file section 2)', () => {
  it('nuclei: its scale, unknown as info', () => {
    expect(['critical', 'HIGH', 'medium', 'low', 'info', 'unknown', undefined].map(nucleiSeverity)).toEqual([
      'critical',
      'high',
      'medium',
      'low',
      'info',
      'info',
      'info',
    ]);
  });

  it('ZAP: riskcode 3/2/1/0 and confidence 0–4', () => {
    expect(['3', '2', '1', '0', undefined].map(zapSeverity)).toEqual(['high', 'medium', 'low', 'info', 'info']);
    expect(['0', '1', '2', '3', '4', 'x'].map(zapConfidence)).toEqual([
      'tentative',
      'tentative',
      'firm',
      'certain',
      'certain',
      undefined,
    ]);
  });

  it('CVSS bands at their edges (Nmap vulners, OpenVAS)', () => {
    expect([0, 0.1, 3.9, 4, 6.9, 7, 8.9, 9, 10, undefined].map(cvssSeverity)).toEqual([
      'info',
      'low',
      'low',
      'medium',
      'medium',
      'high',
      'high',
      'critical',
      'critical',
      'info',
    ]);
  });

  it('OpenVAS: the score when there is one (9.8 is critical, -1 false positive is info), else threat', () => {
    expect(openvasSeverity(9.8, 'High')).toBe('critical');
    expect(openvasSeverity(4, '')).toBe('medium');
    expect(openvasSeverity(0, 'Log')).toBe('info');
    expect(openvasSeverity(-1, 'False Positive')).toBe('info');
    expect(openvasSeverity(undefined, 'Medium')).toBe('medium');
    expect(openvasSeverity(undefined, 'Log')).toBe('info');
    expect([100, 95, 80, 70, 30, undefined].map(qodConfidence)).toEqual([
      'certain',
      'certain',
      'firm',
      'firm',
      'tentative',
      undefined,
    ]);
  });

  it('Prowler: lower or capitalised, informational as info', () => {
    expect(['Critical', 'high', 'Medium', 'low', 'informational'].map(prowlerSeverity)).toEqual([
      'critical',
      'high',
      'medium',
      'low',
      'info',
    ]);
  });
});

describe('text caps and merging', () => {
  it('cuts long text and says so; empty text is no text', () => {
    const long = 'a'.repeat(limits.text + 10);
    expect(capText(long)).toMatch(
      new RegExp(`^a{${limits.text}}… \\[cut at ${limits.text} of ${limits.text + 10} characters by the import\\]$`),
    );
    expect(capText('  kept  ')).toBe('kept');
    expect(capText('   ')).toBeUndefined();
  });

  const finding = (overrides: Partial<Finding>): Finding => ({
    identity: findingIdentity('nuclei', [['template-id', 't']]),
    tool: { name: 'nuclei' },
    ruleId: 't',
    title: 'T',
    severity: 'low',
    severityRaw: 'low',
    references: [],
    cwe: [],
    cve: [],
    instances: [],
    instanceCount: 0,
    asset: { kind: 'host', key: 'host:a', name: 'a' },
    extra: {},
    ...overrides,
  });

  it('merges instances without repeats and keeps the higher severity; refuses other identities', () => {
    const first = finding({ instances: [{ uri: 'https://a/1' }], instanceCount: 1 });
    const later = finding({
      severity: 'high',
      severityRaw: 'high',
      title: 'T renamed',
      instances: [{ uri: 'https://a/1' }, { uri: 'https://a/2' }],
      instanceCount: 2,
      cve: ['CVE-2024-0001'],
    });
    const merged = mergeFindings(first, later);
    expect(merged.instances).toEqual([{ uri: 'https://a/1' }, { uri: 'https://a/2' }]);
    expect(merged.instanceCount).toBe(3);
    expect(merged).toMatchObject({
      severity: 'high',
      title: 'T',
      cve: ['CVE-2024-0001'],
      extra: { otherTitles: ['T renamed'] },
    });
    const other = finding({ identity: findingIdentity('nuclei', [['template-id', 'u']]) });
    expect(() => mergeFindings(first, other)).toThrow(/different identities/);
  });
});

describe('instances of findings that lie on their asset', () => {
  it('counts one instance for each Nmap, OpenVAS, Prowler and password finding, never 0', async () => {
    const imports = await Promise.all([
      importScan('network', [fixture('network/issue4406.xml')]),
      importScan('network', [fixture('network/many_vuln.xml')]),
      importScan('cloud', [fixture('cloud/example_output_aws.ocsf.json')]),
      importScan('password_cracking', [
        fixture('password_cracking/customer.ntds'),
        fixture('password_cracking/hashcat.potfile'),
      ]),
    ]);
    for (const { findings, summary } of imports) {
      expect(findings.length, summary.format).toBeGreaterThan(0);
      expect(new Set(findings.map((finding) => finding.instanceCount)), summary.format).toEqual(new Set([1]));
    }
  });
});
