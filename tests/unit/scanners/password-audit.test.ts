// Password audits: the DPAT fixture counted by hand, the rules and statistics on a synthetic audit
// (history, John's potfile, LM, reuse, groups), and the promise that no password or hash comes out.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodePotfilePlain, maskPassword } from '../../../lambdas/kernel/scanners/password-traits.js';
import { chunked, expectImportError, fixture, fixtures, importScan, type Imported } from './scan-import.js';

const ntdsText = readFileSync(path.join(fixtures, 'password_cracking/customer.ntds'), 'utf8');
const potfileText = readFileSync(path.join(fixtures, 'password_cracking/hashcat.potfile'), 'utf8');

/** Every plaintext and every hash of the inputs must be absent from everything the import yields. */
function expectNoSecrets(imported: Imported, ntds: string, potfile: string): void {
  const output = JSON.stringify([imported.assets, imported.findings, imported.summary]).toLowerCase();
  const hashes = [...`${ntds}\n${potfile}`.matchAll(/[0-9a-f]{32}/gi)].map((match) => match[0].toLowerCase());
  const plains = potfile
    .split('\n')
    .filter(Boolean)
    .map((line) => decodePotfilePlain(line.slice(line.indexOf(':') + 1)));
  expect(hashes.length).toBeGreaterThan(0);
  for (const hash of hashes) expect(output).not.toContain(hash);
  // A password that is the account's own name is named by its rule; any other must not appear.
  const names = new Set(imported.assets.map((asset) => asset.account?.user.toLowerCase()));
  for (const plain of plains)
    if (plain.length > 0 && !names.has(plain.toLowerCase())) expect(output).not.toContain(plain.toLowerCase());
}

const passwordByUser = (imported: Imported) =>
  Object.fromEntries(
    imported.assets.map((asset) => [
      asset.name,
      imported.findings.find((finding) => finding.asset.key === asset.key)?.password,
    ]),
  );

describe('password audit: DPAT sample (customer.ntds + hashcat.potfile)', () => {
  it('audits 11 accounts, 7 cracked and 1 blank: counted by hand', async () => {
    const imported = await importScan('password_cracking', [
      fixture('password_cracking/hashcat.potfile'),
      fixture('password_cracking/customer.ntds'),
    ]);
    const { assets, findings, summary } = imported;
    // customer.ntds has 13 account lines; WIN-M2HC5DF3QHT$ (machine) and krbtgt are skipped as DPAT does: 11.
    // hashcat.potfile has 7 lines, each the NT hash of one account: Administrator, dpat, larry, curly, frank,
    // nancy, albert: 7 cracked. Guest's NT hash 31d6cfe0… is the empty password's: a blank password, counted apart
    // (as DPAT does), not as cracked.
    // mo, bob and harry are not cracked. No LM hash is stored (all aad3b435…) and no two accounts share a hash.
    expect(summary.format).toBe('password-audit');
    expect(assets).toHaveLength(11);
    expect(summary.metrics).toMatchObject({
      kind: 'password-audit',
      accounts: 11,
      uniqueHashes: 11,
      crackedAccounts: 7,
      crackedPercent: 63.6,
      uniqueHashesCracked: 7,
      lmHashes: 0,
      // frank ("Kätzle", 6) is below 8; Guest has no password to measure.
      belowPolicyLength: 1,
      policyMinimumLength: 8,
      usernameIsPassword: 0,
      privilegedCracked: 1,
      emptyPasswords: 1,
      // 6 frank, 8 dpat, 9 curly, 10 larry and nancy, 12 albert, 13 Administrator.
      lengthHistogram: { '6': 1, '8': 1, '9': 1, '10': 2, '12': 1, '13': 1 },
      reuse: { groups: 0, accounts: 0, largestGroup: 0 },
      history: { hashes: 0, cracked: 0 },
      skipped: { machineAccounts: 1, krbtgt: 1, otherLines: 0 },
      potfileEntries: 7,
    });
    // Findings: 7 cracked (Administrator, RID 500, critical; 7 of 11 is over a quarter, so the others high), 1 below
    // the policy length (medium) and Guest's blank password (high).
    expect(findings).toHaveLength(9);
    expect(summary.bySeverity).toEqual({ critical: 1, high: 7, medium: 1, low: 0, info: 0 });
    expect(findings.filter((finding) => finding.asset.name === 'Guest').map((finding) => finding.ruleId)).toEqual([
      'password:blank',
    ]);
    expect(findings.find((finding) => finding.ruleId === 'password:blank')).toMatchObject({
      title: 'Blank password',
      severity: 'high',
    });
    expect(
      findings
        .filter((finding) => finding.ruleId === 'password:below-policy-length')
        .map((finding) => finding.asset.name),
    ).toEqual(['dpatdomain.local\\frank']);
    expect(findings[0]).toMatchObject({
      ruleId: 'password:cracked',
      title: 'Password of a privileged account cracked',
      severity: 'critical',
      identity: { parts: { account: 'administrator', rule: 'password:cracked' } },
      asset: {
        kind: 'account',
        key: 'account:administrator',
        account: { domain: '', user: 'Administrator', rid: 500 },
      },
    });
    expectNoSecrets(imported, ntdsText, potfileText);
  });

  it('keeps length, classes and a masked form; decodes $HEX[] as UTF-8 or Latin-1 and leaves [nothexN!] alone', async () => {
    const imported = await importScan('password_cracking', [
      fixture('password_cracking/customer.ntds'),
      fixture('password_cracking/hashcat.potfile'),
    ]);
    const traits = passwordByUser(imported);
    expect(traits.Administrator).toMatchObject({
      cracked: true,
      length: 13,
      masked: 'D***********7',
      classes: { lower: true, upper: true, digit: true, symbol: false },
      privileged: true,
      reuseCount: 1,
      lmHashStored: false,
    });
    // $HEX[4df66d2052fc6c657a21] is Latin-1 "Möm Rülez!": 10 characters, the umlauts are lower-case letters.
    expect(traits['dpatdomain.local\\larry']).toMatchObject({
      length: 10,
      masked: 'M********!',
      classes: { lower: true, upper: true, digit: false, symbol: true },
    });
    // $HEX[314e65706869333a37] is "1Nephi3:7" (hashcat hex-encodes the colon).
    expect(traits['dpatdomain.local\\curly']).toMatchObject({
      length: 9,
      masked: '1*******7',
      classes: { lower: true, upper: true, digit: true, symbol: true },
    });
    // $hex[…] in lower case is read too: "Kätzle".
    expect(traits['dpatdomain.local\\frank']).toMatchObject({ length: 6, masked: 'K****e' });
    // "[nothexN!]" is a plain text that only looks like an encoding.
    expect(traits['dpatdomain.local\\nancy']).toMatchObject({ length: 10, masked: '[********]' });
    expect(traits.Guest).toMatchObject({ cracked: false, blank: true, reuseCount: 1 });
    expect(traits.Guest?.masked).toBeUndefined();
    // Not cracked: no length or mask, but still a reuse group.
    const mo = imported.findings.find((finding) => finding.asset.name === 'dpatdomain.local\\mo');
    expect(mo).toBeUndefined();
    expect(imported.summary.metrics).toMatchObject({
      topPasswords: expect.arrayContaining([{ masked: 'D***********7', accounts: 1 }]),
    });
  });

  it('masks short passwords whole and counts characters, not bytes', () => {
    expect(maskPassword('abcd')).toBe('****');
    expect(maskPassword('abcde')).toBe('a***e');
    expect(maskPassword('Kätzle😀')).toBe('K*****😀');
    expect(decodePotfilePlain('$HEX[4b c3]')).toBe('$HEX[4b c3]');
    expect(decodePotfilePlain('$HEX[c3a4]')).toBe('ä');
    expect(decodePotfilePlain('$HEX[e4]')).toBe('ä');
    expect(decodePotfilePlain('$HEX[abc]')).toBe('$HEX[abc]');
  });
});

describe('password audit: history, John potfile, LM, reuse, groups', () => {
  const lm = 'aad3b435b51404eeaad3b435b51404ee';
  const hash = (digit: string) => digit.repeat(32);
  const ntds = [
    '[*] Dumping Domain Credentials (domain\\uid:rid:lmhash:nthash)',
    `corp.example\\alice:1101:${lm}:${hash('1')}::: (status=Enabled)`,
    `corp.example\\alice_history0:1101:${lm}:${hash('2')}:::`,
    `corp.example\\bob:1102:${lm}:${hash('3')}::: (status=Disabled)`,
    `corp.example\\svc-sql:1103:e52cac67419a9a224a3b108f3fa6cb6d:${hash('4')}:::`,
    ...['carol', 'dave', 'erin', 'frank', 'grace'].map(
      (user, index) => `corp.example\\${user}:${1104 + index}:${lm}:${hash('5')}:::`,
    ),
    `corp.example\\heidi:1109:${lm}:${hash('6')}:::`,
    '',
  ].join('\n');
  const john = [
    `$NT$${hash('1')}:Summer2024!`,
    `$NT$${hash('2')}:Winter2023!`,
    `$NT$${hash('3')}:Bob`,
    '$LM$e52cac67419a9a224a3b108f3fa6cb6d:SQLSVC99',
    `${hash('5')}:Welcome1`,
    `$NT$${hash('7')}:unrelated`,
  ].join('\n');
  const options = {
    passwordAudit: {
      privilegedAccounts: ['CORP.EXAMPLE\\alice'],
      kerberoastableAccounts: ['svc-sql'],
      groups: { 'Domain Admins': ['corp.example\\alice', 'corp.example\\bob'], Helpdesk: ['carol', 'dave', 'heidi'] },
    },
  };

  it('applies the rules: privileged, username as password, LM stored, shared by five', async () => {
    const imported = await importScan('password_cracking', [chunked(ntds, 50), chunked(john, 50)], options);
    const { findings, summary } = imported;
    // 9 accounts (alice_history0 is history); cracked: alice, bob, and the five sharing hash 5 = 7 of 9.
    // alice is listed privileged, bob is in Domain Admins: both critical. bob's "Bob" is his name and 3
    // characters. svc-sql stores an LM hash (its LM was cracked, its NT not). carol…grace share a password.
    const rules = findings.map(
      (finding) => `${finding.asset.name.replace('corp.example\\', '')} ${finding.ruleId} ${finding.severity}`,
    );
    expect(rules).toEqual([
      'alice password:cracked critical',
      'bob password:cracked critical',
      'bob password:below-policy-length medium',
      'bob password:username-as-password medium',
      'svc-sql password:lm-hash-stored high',
      ...['carol', 'dave', 'erin', 'frank', 'grace'].flatMap((user) => [
        `${user} password:cracked high`,
        `${user} password:reused medium`,
      ]),
    ]);
    expect(summary.metrics).toMatchObject({
      accounts: 9,
      crackedAccounts: 7,
      crackedPercent: 77.8,
      uniqueHashes: 5,
      uniqueHashesCracked: 3,
      lmHashes: 1,
      usernameIsPassword: 1,
      belowPolicyLength: 1,
      privilegedCracked: 2,
      kerberoastableCracked: 0,
      reuse: { groups: 1, accounts: 5, largestGroup: 5 },
      history: { hashes: 1, cracked: 1 },
      skipped: { machineAccounts: 0, krbtgt: 0, otherLines: 1 },
      potfileEntries: 6,
      groups: {
        'Domain Admins': { members: 2, cracked: 2, crackedPercent: 100 },
        Helpdesk: { members: 3, cracked: 2, crackedPercent: 66.7 },
      },
    });
    expect((summary.metrics as { topPasswords: unknown[] }).topPasswords[0]).toEqual({
      masked: 'W******1',
      accounts: 5,
    });
    const traits = passwordByUser(imported);
    expect(traits['corp.example\\bob']).toMatchObject({ length: 3, masked: '***', privileged: true });
    const shared = ['carol', 'dave', 'erin', 'frank', 'grace'].map(
      (user) => traits[`corp.example\\${user}`]?.reuseGroup,
    );
    expect(new Set(shared).size).toBe(1);
    expect(shared[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(traits['corp.example\\alice']?.reuseGroup).not.toBe(shared[0]);
    expect(findings.find((finding) => finding.ruleId === 'password:lm-hash-stored')?.extra).toEqual({
      lmHashCracked: true,
    });
    expect(imported.assets.find((asset) => asset.name === 'corp.example\\bob')?.account).toEqual({
      domain: 'corp.example',
      user: 'bob',
      rid: 1102,
      enabled: false,
    });
    expectNoSecrets(imported, ntds, john);
  });

  it('identity is domain\\user + rule: a changed policy keeps it; reuse groups depend on the company key', async () => {
    const first = await importScan('password_cracking', [chunked(ntds), chunked(john)], options);
    const stricter = await importScan('password_cracking', [chunked(ntds), chunked(john)], {
      passwordAudit: { ...options.passwordAudit, policyMinimumLength: 14 },
    });
    const bobShort = (imported: Imported) =>
      imported.findings.find(
        (finding) => finding.asset.name === 'corp.example\\bob' && finding.ruleId === 'password:below-policy-length',
      );
    expect(bobShort(stricter)?.title).toBe('Password shorter than 14 characters');
    expect(bobShort(stricter)?.identity).toEqual(bobShort(first)?.identity);
    const alice = first.findings.find((finding) => finding.asset.name === 'corp.example\\alice');
    const carol = first.findings.find(
      (finding) => finding.asset.name === 'corp.example\\carol' && finding.ruleId === 'password:cracked',
    );
    expect(carol?.identity.key).not.toBe(alice?.identity.key);
    const otherCompany = await importScan('password_cracking', [chunked(ntds), chunked(john)], {
      passwordAudit: { ...options.passwordAudit, reuseKey: 'another-company-key-fedcba9876543210' },
    });
    expect(otherCompany.findings[0]?.password?.reuseGroup).not.toBe(first.findings[0]?.password?.reuseGroup);
  });

  it('an empty potfile is an audit where nothing was cracked', async () => {
    const { summary } = await importScan('password_cracking', [chunked(ntds), chunked('')]);
    expect(summary.metrics).toMatchObject({ accounts: 9, crackedAccounts: 0, lmHashes: 1 });
  });
});

describe('password audit bad input', () => {
  it('a potfile without its NTDS file, an NTDS file alone, two potfiles: refused', async () => {
    await expectImportError(
      importScan('password_cracking', [chunked(potfileText)]),
      /potfile was given without its NTDS file/,
    );
    await expectImportError(importScan('password_cracking', [chunked(ntdsText)]), /needs two files/);
    await expectImportError(
      importScan('password_cracking', [chunked(potfileText), chunked(potfileText)]),
      /without its NTDS file/,
    );
  });

  it('an NTDS file or potfile sent to another service is refused, saying where it belongs', async () => {
    await expectImportError(
      importScan('network', [chunked(ntdsText)]),
      /NTDS file of a password audit; import it under password cracking/,
    );
    await expectImportError(importScan('dast', [chunked(potfileText)]), /potfile of a password audit/);
  });

  it('a file that is neither is refused, and a scan of another format too', async () => {
    await expectImportError(
      importScan('password_cracking', [chunked('hello\nworld\n'), chunked(potfileText)]),
      /not in a format the portal knows/,
    );
    await expectImportError(importScan('password_cracking', [fixture('dast/owasp_zap.json')]), /secretsdump NTDS file/);
  });
});
