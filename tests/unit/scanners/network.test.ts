// Nmap XML (with and without vulners) and Greenbone/OpenVAS GMP XML against the fixtures, counted by hand.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chunked, countBy, expectImportError, fixture, fixtures, importScan } from './scan-import.js';

describe('Nmap XML with --script vulners (issue4406.xml)', () => {
  it('one host up, 25 open ports, 24 vulners findings from 42 entries', async () => {
    const { assets, findings, summary } = await importScan('network', [fixture('network/issue4406.xml')]);
    // Counted in the file: one <host> with <status state="up">, 25 <port> elements all <state state="open">,
    // one <script id="vulners"> (port 22) with 42 entry tables: 8 of type cve, 20 metasploit, 4 exploitpack,
    // 4 exploitdb, 3 zdt, 2 packetstorm, 1 canvas.
    expect(summary.format).toBe('nmap-xml');
    expect(summary.tool).toEqual({ name: 'nmap', version: '7.91' });
    expect(summary.metrics).toMatchObject({
      kind: 'nmap',
      hostsUp: 1,
      hostsDown: 0,
      openPorts: 25,
      vulnersEntries: 42,
    });
    expect(summary.byAssetKind).toEqual({ host: 1, port: 25 });
    expect(assets[0]).toEqual({
      kind: 'host',
      key: 'host:10.250.195.71',
      name: '10.250.195.71',
      host: '10.250.195.71',
      ip: '10.250.195.71',
      hostnames: ['ip-10-250-195-71.eu-west-1.compute.internal'],
    });
    const openPorts = findings.filter((finding) => finding.ruleId === 'nmap:open-port');
    expect(openPorts).toHaveLength(25);
    expect(openPorts.every((finding) => finding.severity === 'info')).toBe(true);
    // The 42 entries become one finding per CVE (its exploits joined to it) and one per id naming no CVE:
    // CVEs 2019-6111 (its own entry + 18 MSF:ILITIES/*-CVE-2019-6111/ modules), 2018-15919, 2018-15473,
    // 2017-15906, 2020-14145, 2019-6110, 2019-6109, 2018-20685, and 2019-25017 (named only by
    // MSF:ILITIES/SUSE-CVE-2019-25017/): 9; ids without a CVE (4 EXPLOITPACK, 4 EDB-ID, 3 1337DAY,
    // 2 PACKETSTORM, SSH_ENUM, MSF:AUXILIARY/SCANNER/SSH/SSH_ENUMUSERS): 15.
    const vulners = findings.filter((finding) => finding.extra.source === 'vulners');
    expect(vulners).toHaveLength(24);
    expect(
      vulners
        .filter((finding) => finding.cve.length > 0)
        .map((finding) => finding.ruleId)
        .sort(),
    ).toEqual([
      'CVE-2017-15906',
      'CVE-2018-15473',
      'CVE-2018-15919',
      'CVE-2018-20685',
      'CVE-2019-25017',
      'CVE-2019-6109',
      'CVE-2019-6110',
      'CVE-2019-6111',
      'CVE-2020-14145',
    ]);
    // CVSS bands: every entry is 4.0–5.8 (medium) except CVE-2018-20685 at 2.6 (low) and four at 0.0 (info).
    expect(countBy(vulners, (finding) => finding.severity)).toEqual({ medium: 19, low: 1, info: 4 });
    expect(summary.bySeverity).toEqual({ critical: 0, high: 0, medium: 19, low: 1, info: 29 });
    expect(findings).toHaveLength(49);
  });

  it('maps an open port and a CVE with its exploits', async () => {
    const { findings } = await importScan('network', [fixture('network/issue4406.xml')]);
    const ssh = findings.find(
      (finding) => finding.identity.parts.port === '22/tcp' && finding.ruleId === 'nmap:open-port',
    );
    expect(ssh).toMatchObject({
      title: 'Open port 22/tcp: ssh (OpenSSH 7.4)',
      severityRaw: 'open',
      identity: { parts: { host: '10.250.195.71', port: '22/tcp' } },
      asset: {
        kind: 'port',
        key: 'port:10.250.195.71:22/tcp',
        parentKey: 'host:10.250.195.71',
        port: 22,
        protocol: 'tcp',
        service: {
          name: 'ssh',
          product: 'OpenSSH',
          version: '7.4',
          extraInfo: 'protocol 2.0',
          cpe: ['cpe:/a:openbsd:openssh:7.4'],
        },
      },
      foundAt: '2021-04-29T09:26:36.000Z',
    });
    const cve = findings.find((finding) => finding.ruleId === 'CVE-2019-6111');
    expect(cve).toMatchObject({
      title: 'CVE-2019-6111 in OpenSSH 7.4',
      severity: 'medium',
      severityRaw: 'CVSS 5.8',
      cvss: { score: 5.8 },
      cve: ['CVE-2019-6111'],
      identity: { parts: { host: '10.250.195.71', port: '22/tcp', vulnerability: 'CVE-2019-6111' } },
      extra: expect.objectContaining({ exploitAvailable: true, cpe: 'cpe:/a:openbsd:openssh:7.4' }),
    });
    expect(cve?.extra.exploits).toHaveLength(18);
    expect(cve?.references).toContain('https://vulners.com/cve/CVE-2019-6111');
    // Script output of other scripts is evidence of the open port (port 111: rpcinfo).
    const rpc = findings.find(
      (finding) => finding.identity.parts.port === '111/tcp' && finding.ruleId === 'nmap:open-port',
    );
    expect(rpc?.evidence?.output).toMatch(/^rpcinfo:\n/);
  });

  it('re-scored vulners entries keep their identity; the same CVE on another port or host is another finding', async () => {
    const xml = readFileSync(path.join(fixtures, 'network/issue4406.xml'), 'utf8');
    const rescored = xml.replaceAll('<elem key="cvss">5.8</elem>', '<elem key="cvss">9.8</elem>');
    const before = await importScan('network', [chunked(xml, 2048)]);
    const after = await importScan('network', [chunked(rescored, 2048)]);
    const cveBefore = before.findings.find((finding) => finding.ruleId === 'CVE-2019-6111');
    const cveAfter = after.findings.find((finding) => finding.ruleId === 'CVE-2019-6111');
    expect(cveAfter?.severity).toBe('critical');
    expect(cveAfter?.identity).toEqual(cveBefore?.identity);
    const moved = await importScan('network', [
      chunked(xml.replace('portid="22"', 'portid="2222"').replace('addr="10.250.195.71"', 'addr="10.0.0.9"'), 2048),
    ]);
    const cveMoved = moved.findings.find((finding) => finding.ruleId === 'CVE-2019-6111');
    expect(cveMoved?.identity.parts).toEqual({ host: '10.0.0.9', port: '2222/tcp', vulnerability: 'CVE-2019-6111' });
    expect(cveMoved?.identity.key).not.toBe(cveBefore?.identity.key);
  });
});

describe('Nmap XML without vulners', () => {
  const scan = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE nmaprun>
<nmaprun scanner="nmap" args="nmap -sV -oX - 192.0.2.0/30" start="1700000000" version="7.94" xmloutputversion="1.05">
<host><status state="up" reason="echo-reply"/><address addr="192.0.2.1" addrtype="ipv4"/><address addr="00:11:22:33:44:55" addrtype="mac"/>
<hostnames><hostname name="Gateway.Example.com" type="PTR"/></hostnames>
<ports><port protocol="tcp" portid="443"><state state="open" reason="syn-ack"/><service name="http" product="nginx" tunnel="ssl"><cpe>cpe:/a:igor_sysoev:nginx</cpe></service></port>
<port protocol="udp" portid="161"><state state="open|filtered" reason="no-response"/><service name="snmp"/></port>
<port protocol="tcp" portid="25"><state state="closed" reason="reset"/></port></ports></host>
<host><status state="down" reason="no-response"/><address addr="192.0.2.2" addrtype="ipv4"/></host>
<host><status state="up"/><address addr="2001:db8::5" addrtype="ipv6"/><ports><extraports state="filtered" count="1000"/></ports></host>
<host><status state="up"/><address addr="192.0.2.3" addrtype="ipv4"/><ports><port protocol="tcp" portid="22"><state state="open"/><script id="vulners" output="&#xa;  cpe:/a:openbsd:openssh:8.2p1: &#xa;    &#x9;CVE-2023-38408&#x9;9.8&#x9;https://vulners.com/cve/CVE-2023-38408&#xa;    &#x9;PACKETSTORM:173661&#x9;9.8&#x9;https://vulners.com/packetstorm/PACKETSTORM:173661&#x9;*EXPLOIT*"/></port></ports></host>
<runstats><finished time="1700000100"/><hosts up="3" down="1" total="4"/></runstats>
</nmaprun>`;

  it('counts hosts up and down; only open ports are assets and findings; the bare DOCTYPE is allowed', async () => {
    const { assets, findings, summary } = await importScan('network', [chunked(scan, 50)]);
    // Hosts 192.0.2.1 (up, 1 open port: 161/udp is open|filtered, 25 closed), 192.0.2.2 (down),
    // 2001:db8::5 (up, no open port), 192.0.2.3 (up, 22/tcp with a vulners text output).
    expect(summary.metrics).toMatchObject({ hostsUp: 3, hostsDown: 1, openPorts: 2, services: { http: 1 } });
    expect(assets.map((asset) => asset.key)).toEqual([
      'host:192.0.2.1',
      'port:192.0.2.1:443/tcp',
      'host:2001:db8::5',
      'host:192.0.2.3',
      'port:192.0.2.3:22/tcp',
    ]);
    expect(assets[0]?.hostnames).toEqual(['gateway.example.com']);
    expect(findings.map((finding) => [finding.ruleId, finding.severity])).toEqual([
      ['nmap:open-port', 'info'],
      ['nmap:open-port', 'info'],
      // Read from the script's text output when it has no tables: the exploit names the same score but no CVE.
      ['CVE-2023-38408', 'critical'],
      ['PACKETSTORM:173661', 'critical'],
    ]);
    expect(findings[0]?.title).toBe('Open port 443/tcp: http (nginx)');
  });
});

describe('Greenbone/OpenVAS GMP XML (many_vuln.xml)', () => {
  it('reads 44 results on one host: 8 critical, 11 high, 25 medium by the severity score', async () => {
    const { assets, findings, summary } = await importScan('network', [fixture('network/many_vuln.xml')]);
    // Counted in the file: 44 <result> under <results>, all on host 192.168.1.1001, 44 distinct OID + port
    // pairs (40 NVTs). <severity> values: 10.0 ×5, 9.3, 9.0 ×2 (critical, 8); 8.1 ×2, 7.5 ×8, 7.4 (high, 11);
    // 6.8 down to 4.0 (medium, 25). <threat> says High 19, Medium 23 and is empty twice.
    expect(summary.format).toBe('openvas-xml');
    expect(summary.tool).toEqual({ name: 'openvas', version: '9.0' });
    expect(findings).toHaveLength(44);
    expect(summary.distinctFindings).toBe(44);
    expect(new Set(findings.map((finding) => finding.ruleId)).size).toBe(40);
    expect(summary.bySeverity).toEqual({ critical: 8, high: 11, medium: 25, low: 0, info: 0 });
    expect(countBy(findings, (finding) => String(finding.extra.threat))).toEqual({
      High: 19,
      Medium: 23,
      undefined: 2,
    });
    expect(summary.metrics).toEqual({ kind: 'openvas', results: 44, hosts: 1, belowQod70: 0 });
    // One host and its 14 distinct numbered ports (general/tcp is no port).
    expect(summary.byAssetKind).toEqual({ host: 1, port: 14 });
    expect(assets[0]).toMatchObject({ kind: 'host', key: 'host:192.168.1.1001', hostnames: ['b6b9f466d63'] });
  });

  it('maps NVT, tags, refs, QoD and an empty threat', async () => {
    const { findings } = await importScan('network', [fixture('network/many_vuln.xml')]);
    const rexec = findings[0];
    expect(rexec).toMatchObject({
      ruleId: '1.3.6.1.4.1.25623.1.0.100111',
      title: 'The rexec service is running',
      severity: 'critical',
      severityRaw: 'High (10.0)',
      confidence: 'firm',
      description: 'This remote host is running a rexec service.',
      cve: ['CVE-1999-0618'],
      cvss: { score: 10 },
      evidence: { output: 'The rexec service was detected on the target system.' },
      identity: { parts: { oid: '1.3.6.1.4.1.25623.1.0.100111', host: '192.168.1.1001', port: '512/tcp' } },
      asset: { kind: 'port', key: 'port:192.168.1.1001:512/tcp', port: 512, protocol: 'tcp' },
      extra: expect.objectContaining({
        family: 'Useless services',
        qod: 80,
        qodType: 'remote_banner',
        solutionType: 'Mitigation',
      }),
      foundAt: '2023-09-29T11:36:37.717Z',
    });
    expect(rexec?.remediation).toMatch(/^Disable the rexec service\s+and use alternatives like SSH\s+instead\.$/);
    expect(rexec?.extra.insight).toMatch(/from the socket\.$/);
    // The two results with an empty <threat> are banded from their 4.0 score.
    const noThreat = findings.filter((finding) => finding.extra.threat === undefined);
    expect(noThreat.map((finding) => [finding.severity, finding.severityRaw, finding.asset.key])).toEqual([
      ['medium', '4.0', 'port:192.168.1.1001:5432/tcp'],
      ['medium', '4.0', 'port:192.168.1.1001:5432/tcp'],
    ]);
    expect(noThreat[0]?.title).toBe(
      'SSL/TLS: Diffie-Hellman Key Exchange Insufficient DH Group Strength Vulnerability',
    );
    expect(noThreat[0]?.references).toEqual(['https://weakdh.org/', 'https://weakdh.org/sysadmin.html']);
    const general = findings.find((finding) => finding.identity.parts.port === 'general/tcp');
    expect(general?.asset.key).toBe('host:192.168.1.1001');
  });
});

describe('Greenbone/OpenVAS: the hosts a report lists', () => {
  it('a host the scan covered without results is still an asset', async () => {
    const gmp = `<get_reports_response status="200"><report id="a" format_id="b"><report id="a">
<gmp><version>22.4</version></gmp>
<results start="1" max="-1">
<result id="r1"><host>192.0.2.7<asset asset_id="x"/><hostname>web.example.com</hostname></host><port>443/tcp</port>
<nvt oid="1.3.6.1.4.1.25623.1.0.108440"><name>SSL/TLS: Report Vulnerable Cipher Suites for HTTPS</name><cvss_base>7.5</cvss_base>
<severities score="7.5"><severity type="cvss_base_v3"><value>CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N</value></severity></severities>
<tags>summary=Weak ciphers|solution_type=Mitigation</tags><solution type="Mitigation">Disable them.</solution>
<refs><ref type="cve" id="CVE-2016-2183"/><ref type="cert-bund" id="CB-K17/1750"/></refs></nvt>
<threat>High</threat><severity>7.5</severity><qod><value>98</value><type>remote_app</type></qod><description>TLSv1.2: 3DES</description></result>
</results>
<host><ip>192.0.2.7</ip></host>
<host><ip>192.0.2.8</ip><detail><name>hostname</name><value>Mail.Example.com</value></detail></host>
</report></report></get_reports_response>`;
    const { assets, findings, summary } = await importScan('network', [chunked(gmp, 64)]);
    expect(summary.tool).toEqual({ name: 'openvas', version: '22.4' });
    expect(assets.map((asset) => asset.key)).toEqual(['host:192.0.2.7', 'port:192.0.2.7:443/tcp', 'host:192.0.2.8']);
    expect(assets[2]?.hostnames).toEqual(['mail.example.com']);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({
      severity: 'high',
      confidence: 'certain',
      remediation: 'Disable them.',
      cve: ['CVE-2016-2183'],
      cvss: { score: 7.5, vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N', version: '3.1' },
      extra: expect.objectContaining({ otherReferences: ['cert-bund:CB-K17/1750'], hostname: 'web.example.com' }),
    });
  });
});

describe('XML bad input', () => {
  it('refuses a DOCTYPE with entities (XXE, billion laughs) before reading any element', async () => {
    const xxe =
      '<?xml version="1.0"?>\n<!DOCTYPE nmaprun [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<nmaprun><host>&xxe;</host></nmaprun>';
    await expectImportError(importScan('network', [chunked(xxe)]), /XXE/, { element: 'DOCTYPE' });
    // Named explicitly, detection is skipped: the XML reader refuses it itself, at the line of the DOCTYPE.
    await expectImportError(importScan('network', [chunked(xxe)], { format: 'nmap-xml' }), /XXE/, { line: 2 });
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;">' +
      '<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;">]><report><results><result>&lol3;</result></results></report>';
    await expectImportError(importScan('network', [chunked(laughs)]), /billion laughs/);
    await expectImportError(importScan('network', [chunked(laughs)], { format: 'openvas-xml' }), /billion laughs/);
    const external = '<!DOCTYPE OWASPZAPReport SYSTEM "http://attacker.example/x.dtd"><OWASPZAPReport/>';
    await expectImportError(importScan('dast', [chunked(external)], { format: 'zap-xml' }), /XXE/);
  });

  it('refuses an entity it does not know, and truncated XML, with the line', async () => {
    const undefinedEntity = '<nmaprun version="7.94">\n<host>\n<status state="up"/>&nbsp;</host></nmaprun>';
    await expectImportError(importScan('network', [chunked(undefinedEntity)]), /entity it does not define/, {
      line: 3,
    });
    const gmp = readFileSync(path.join(fixtures, 'network/many_vuln.xml'), 'utf8');
    const cut = gmp.slice(0, 60_000);
    await expectImportError(importScan('network', [chunked(cut, 4096)]), /cut short/, { line: cut.split('\n').length });
  });

  it('refuses XML of another tool named explicitly, and an XML report no one imports', async () => {
    await expectImportError(
      importScan('network', [fixture('network/issue4406.xml')], { format: 'openvas-xml' }),
      /found <nmaprun>/,
      {
        line: 5,
      },
    );
    await expectImportError(importScan('network', [chunked('<?xml version="1.0"?><svg/>')]), /root element <svg>/);
    await expectImportError(importScan('network', [chunked('<nmaprun><host>')], { format: 'nmap-xml' }), /cut short/);
    await expectImportError(importScan('network', [chunked('')], { format: 'nmap-xml' }), /no XML element/);
  });
});
