// A password audit (DPAT's method): a secretsdump NTDS file (`domain\user:RID:LM:NT:::`, history lines
// `user_historyN`) and the hashcat or John potfile of what was cracked. The NTDS file is read first and
// its accounts kept (the statistics need every account; memory grows with accounts, never with the
// potfile, whose lines are matched and dropped one by one). Nothing that leaves this module holds a
// password or a hash: only length, character classes, a masked form and an HMAC reuse-group key.
// Identity: domain\user + rule. Severities are the research file's proposed rules (section 2).
import { readLines, type ByteChunks } from './byte-source.js';
import {
  type Asset,
  type Finding,
  type PasswordAuditMetrics,
  type PasswordTraits,
  type Severity,
} from './finding-model.js';
import { findingIdentity } from './identity.js';
import { ImportFormatError } from './import-format-error.js';
import {
  characterClasses,
  decodePotfilePlain,
  maskPassword,
  passwordLength,
  reuseGroupKey,
} from './password-traits.js';
import { namedCounts, type ParsedRecord, type ParseResult } from './scan-parser.js';

export interface PasswordAuditOptions {
  /** The company's secret for reuse groups (at least 16 bytes); the same key gives the same groups across audits. */
  reuseKey: string | Uint8Array;
  /** Passwords shorter than this break the policy (default 8). */
  policyMinimumLength?: number;
  /** A password shared by at least this many accounts is a finding (default 5). */
  reuseThreshold?: number;
  /** Accounts (`domain\user` or `user`) whose cracking is critical, besides RID 500 and members of the well-known admin groups. */
  privilegedAccounts?: string[];
  /** Accounts with a service principal name (a cracked one is high). */
  kerberoastableAccounts?: string[];
  /** Group name → members, for DPAT's group table ("Domain Admins": [...]). */
  groups?: Record<string, string[]>;
}

/** Groups whose members are privileged whatever the options say. */
const privilegedGroups = new Set([
  'domain admins',
  'enterprise admins',
  'schema admins',
  'administrators',
  'account operators',
  'backup operators',
  'server operators',
  'print operators',
]);

const emptyLmHash = 'aad3b435b51404eeaad3b435b51404ee';
const emptyNtHash = '31d6cfe0d16ae931b73c59d7e0c089c0';
const ntdsLine = /^([^:]+):(\d+):([0-9a-f]{32}):([0-9a-f]{32}):::(.*)$/i;
const potfileLine = /^(?:\$NT\$|\$LM\$)?([0-9a-f]{32}):(.*)$/is;

interface AuditedAccount {
  domain: string;
  user: string;
  rid: number;
  lm: string;
  nt: string;
  enabled?: boolean;
  privileged: boolean;
  kerberoastable: boolean;
  cracked?: { length: number; classes: PasswordTraits['classes']; masked: string; usernameIsPassword: boolean };
  lmCracked: boolean;
}

export async function* parsePasswordAudit(
  inputs: { ntds: ByteChunks; potfile: ByteChunks },
  options: PasswordAuditOptions,
): AsyncGenerator<ParsedRecord, ParseResult> {
  const keyLength =
    typeof options.reuseKey === 'string' ? Buffer.byteLength(options.reuseKey) : options.reuseKey.length;
  if (keyLength < 16) throw new Error('A password audit needs the company key for reuse groups (16 bytes or more).');
  const policyMinimumLength = options.policyMinimumLength ?? 8;
  const reuseThreshold = options.reuseThreshold ?? 5;
  const privilegedNames = new Set((options.privilegedAccounts ?? []).map(accountName));
  const kerberoastableNames = new Set((options.kerberoastableAccounts ?? []).map(accountName));
  for (const [group, members] of Object.entries(options.groups ?? {})) {
    if (privilegedGroups.has(group.trim().toLowerCase()))
      for (const member of members) privilegedNames.add(accountName(member));
  }
  const listed = (names: Set<string>, account: { domain: string; user: string }) =>
    names.has(`${account.domain}\\${account.user}`.toLowerCase()) || names.has(account.user.toLowerCase());

  const metrics: PasswordAuditMetrics = {
    kind: 'password-audit',
    accounts: 0,
    uniqueHashes: 0,
    crackedAccounts: 0,
    crackedPercent: 0,
    uniqueHashesCracked: 0,
    lmHashes: 0,
    belowPolicyLength: 0,
    policyMinimumLength,
    usernameIsPassword: 0,
    privilegedCracked: 0,
    kerberoastableCracked: 0,
    emptyPasswords: 0,
    lengthHistogram: namedCounts(),
    topPasswords: [],
    reuse: { groups: 0, accounts: 0, largestGroup: 0 },
    history: { hashes: 0, cracked: 0 },
    skipped: { machineAccounts: 0, krbtgt: 0, otherLines: 0 },
    potfileEntries: 0,
    groups: namedCounts(),
  };

  // 1. The NTDS file: every account and history hash.
  const accounts: AuditedAccount[] = [];
  const byNt = new Map<string, AuditedAccount[]>();
  const byLm = new Map<string, AuditedAccount[]>();
  const historyByNt = new Map<string, number>();
  for await (const { text } of readLines(inputs.ntds, 'NTDS file')) {
    const match = ntdsLine.exec(text.trim());
    if (!match) {
      if (text.trim() !== '') metrics.skipped.otherLines += 1;
      continue;
    }
    const [, name = '', rid = '0', lmRaw = '', ntRaw = '', rest = ''] = match;
    const slash = name.indexOf('\\');
    const domain = slash === -1 ? '' : name.slice(0, slash);
    const user = slash === -1 ? name : name.slice(slash + 1);
    const nt = ntRaw.toLowerCase();
    const lm = lmRaw.toLowerCase();
    if (/_history\d+$/i.test(user)) {
      historyByNt.set(nt, (historyByNt.get(nt) ?? 0) + 1);
      metrics.history.hashes += 1;
      continue;
    }
    if (user.endsWith('$')) {
      metrics.skipped.machineAccounts += 1;
      continue;
    }
    if (user.toLowerCase() === 'krbtgt') {
      metrics.skipped.krbtgt += 1;
      continue;
    }
    const status = /\(status=(\w+)\)/i.exec(rest)?.[1]?.toLowerCase();
    const account: AuditedAccount = {
      domain,
      user,
      rid: Number(rid),
      lm,
      nt,
      privileged: false,
      kerberoastable: false,
      lmCracked: false,
    };
    account.privileged = account.rid === 500 || listed(privilegedNames, account);
    account.kerberoastable = listed(kerberoastableNames, account);
    if (status) account.enabled = status === 'enabled';
    accounts.push(account);
    addTo(byNt, nt, account);
    if (lm !== emptyLmHash) addTo(byLm, lm, account);
  }
  if (accounts.length === 0) {
    throw new ImportFormatError('The NTDS file holds no account line (domain\\user:RID:LM hash:NT hash:::)', {
      input: 'NTDS file',
    });
  }

  // 2. The potfile: each line matched against the accounts, then forgotten.
  const crack = (accountsOfHash: AuditedAccount[], plain: string) => {
    const length = passwordLength(plain);
    const classes = characterClasses(plain);
    const masked = maskPassword(plain);
    for (const account of accountsOfHash) {
      account.cracked = {
        length,
        classes,
        masked,
        usernameIsPassword: plain.toLowerCase() === account.user.toLowerCase(),
      };
    }
  };
  // A blank password is not cracked: its NT hash is a constant, and DPAT counts such accounts apart.
  const emptyAccounts = byNt.get(emptyNtHash);
  const historyCracked = new Set<string>();
  for await (const { text } of readLines(inputs.potfile, 'potfile')) {
    const match = potfileLine.exec(text);
    if (!match) continue;
    metrics.potfileEntries += 1;
    const hash = (match[1] ?? '').toLowerCase();
    const ntAccounts = hash === emptyNtHash ? undefined : byNt.get(hash);
    if (ntAccounts && !ntAccounts[0]?.cracked) crack(ntAccounts, decodePotfilePlain(match[2] ?? ''));
    for (const account of byLm.get(hash) ?? []) account.lmCracked = true;
    const historyCount = historyByNt.get(hash);
    if (historyCount !== undefined && !historyCracked.has(hash)) {
      historyCracked.add(hash);
      metrics.history.cracked += historyCount;
    }
  }

  // 3. Statistics, then the accounts and their findings.
  const cracked = accounts.filter((account) => account.cracked);
  metrics.accounts = accounts.length;
  metrics.uniqueHashes = byNt.size;
  metrics.crackedAccounts = cracked.length;
  metrics.crackedPercent = percent(cracked.length, accounts.length);
  metrics.uniqueHashesCracked = new Set(cracked.map((account) => account.nt)).size;
  metrics.lmHashes = accounts.filter((account) => account.lm !== emptyLmHash).length;
  metrics.emptyPasswords = emptyAccounts?.length ?? 0;
  for (const account of cracked) {
    const traits = account.cracked;
    if (!traits) continue;
    metrics.lengthHistogram[String(traits.length)] = (metrics.lengthHistogram[String(traits.length)] ?? 0) + 1;
    if (traits.length < policyMinimumLength) metrics.belowPolicyLength += 1;
    if (traits.usernameIsPassword) metrics.usernameIsPassword += 1;
    if (account.privileged) metrics.privilegedCracked += 1;
    if (account.kerberoastable) metrics.kerberoastableCracked += 1;
  }
  // Accounts without a password share no password.
  const sharedGroups = [...byNt.entries()]
    .filter(([hash, group]) => hash !== emptyNtHash && group.length > 1)
    .map(([, group]) => group);
  metrics.reuse = {
    groups: sharedGroups.length,
    accounts: sharedGroups.reduce((sum, group) => sum + group.length, 0),
    largestGroup: Math.max(0, ...sharedGroups.map((group) => group.length)),
  };
  metrics.topPasswords = [...byNt.values()]
    .filter((group) => group[0]?.cracked)
    .map((group) => ({ masked: group[0]?.cracked?.masked ?? '', accounts: group.length }))
    .sort((a, b) => b.accounts - a.accounts || a.masked.localeCompare(b.masked))
    .slice(0, 20);
  for (const [group, members] of Object.entries(options.groups ?? {})) {
    const names = new Set(members.map(accountName));
    const inGroup = accounts.filter((account) => listed(names, account));
    const crackedInGroup = inGroup.filter((account) => account.cracked).length;
    metrics.groups[group] = {
      members: inGroup.length,
      cracked: crackedInGroup,
      crackedPercent: percent(crackedInGroup, inGroup.length),
    };
  }

  // DPAT's headline: a quarter or more of the accounts cracked makes every cracked account high.
  const widespread = cracked.length * 4 >= accounts.length;
  for (const account of accounts) {
    const asset = accountAsset(account);
    yield { kind: 'asset', asset };
    const blank = account.nt === emptyNtHash;
    const reuseCount = blank ? 1 : (byNt.get(account.nt)?.length ?? 1);
    const traits: PasswordTraits = {
      cracked: account.cracked !== undefined,
      length: account.cracked?.length,
      classes: account.cracked?.classes,
      masked: account.cracked?.masked,
      reuseGroup: reuseGroupKey(account.nt, options.reuseKey),
      reuseCount,
      lmHashStored: account.lm !== emptyLmHash,
      privileged: account.privileged,
      ...(blank ? { blank: true } : {}),
    };
    for (const rule of accountRules(account, traits, { policyMinimumLength, reuseThreshold, widespread })) {
      yield { kind: 'finding', finding: passwordFinding(account, asset, traits, rule) };
    }
  }
  return { tool: { name: 'password-audit' }, metrics };
}

interface Rule {
  id: string;
  title: string;
  severity: Severity;
  description: string;
  remediation: string;
}

function accountRules(
  account: AuditedAccount,
  traits: PasswordTraits,
  policy: { policyMinimumLength: number; reuseThreshold: number; widespread: boolean },
): Rule[] {
  const rules: Rule[] = [];
  const cracked = account.cracked;
  if (traits.blank) {
    rules.push({
      id: 'password:blank',
      title: account.privileged ? 'Blank password on a privileged account' : 'Blank password',
      severity: account.privileged ? 'critical' : 'high',
      description:
        'This account has no password: its NT hash is the one of the empty password. Wherever blank passwords are ' +
        'accepted, anyone can sign in as it, and its hash tells so to anyone holding a copy of the directory.',
      remediation: 'Set a long passphrase, or disable the account if nobody uses it, and check it for misuse.',
    });
  }
  if (cracked) {
    rules.push({
      id: 'password:cracked',
      title: account.privileged ? 'Password of a privileged account cracked' : 'Password cracked',
      severity: account.privileged ? 'critical' : account.kerberoastable || policy.widespread ? 'high' : 'medium',
      description:
        'The password of this account was recovered from its NT hash during the audit. Anyone holding a copy of the ' +
        'directory database can do the same.',
      remediation:
        'Change the password to a long passphrase that is not in common wordlists, and check the account for misuse.',
    });
    if (cracked.length < policy.policyMinimumLength) {
      rules.push({
        id: 'password:below-policy-length',
        title: `Password shorter than ${policy.policyMinimumLength} characters`,
        severity: 'medium',
        description: `The password has ${cracked.length} characters, fewer than the policy's ${policy.policyMinimumLength}.`,
        remediation: 'Enforce the minimum length in the domain password policy and change this password.',
      });
    }
    if (cracked.usernameIsPassword) {
      rules.push({
        id: 'password:username-as-password',
        title: 'Password is the user name',
        severity: 'medium',
        description: 'The password is the account name (ignoring case), the first guess of any attacker.',
        remediation: 'Change the password and block passwords that contain the account name.',
      });
    }
  }
  if (traits.lmHashStored) {
    rules.push({
      id: 'password:lm-hash-stored',
      title: 'LM hash stored',
      severity: 'high',
      description:
        'The directory keeps an LM hash of this password, which is cracked in minutes whatever the password.',
      remediation: 'Set "Do not store LAN Manager hash value on next password change" and change the password.',
    });
  }
  if (traits.reuseCount >= policy.reuseThreshold) {
    rules.push({
      id: 'password:reused',
      title: 'Password shared by several accounts',
      severity: 'medium',
      description: `${traits.reuseCount} audited accounts have the same password.`,
      remediation: 'Give each account its own password; for service accounts use managed service accounts.',
    });
  }
  return rules;
}

function accountAsset(account: AuditedAccount): Asset {
  const name = account.domain ? `${account.domain}\\${account.user}` : account.user;
  const asset: Asset = {
    kind: 'account',
    key: `account:${name.toLowerCase()}`,
    name,
    account: { domain: account.domain, user: account.user, rid: account.rid },
  };
  if (account.enabled !== undefined && asset.account) asset.account.enabled = account.enabled;
  return asset;
}

function passwordFinding(account: AuditedAccount, asset: Asset, password: PasswordTraits, rule: Rule): Finding {
  return {
    identity: findingIdentity('password-audit', [
      ['account', asset.key.slice('account:'.length)],
      ['rule', rule.id],
    ]),
    tool: { name: 'password-audit' },
    ruleId: rule.id,
    title: rule.title,
    severity: rule.severity,
    // No tool grades these: the rule's proposed severity is all there is.
    severityRaw: rule.severity,
    description: rule.description,
    remediation: rule.remediation,
    references: [],
    cwe: rule.id === 'password:lm-hash-stored' ? ['CWE-916'] : ['CWE-521'],
    cve: [],
    instances: [],
    // One place, the asset itself: the finding was seen once there.
    instanceCount: 1,
    asset,
    password,
    extra: account.lmCracked ? { lmHashCracked: true } : {},
  };
}

function addTo(map: Map<string, AuditedAccount[]>, hash: string, account: AuditedAccount): void {
  const group = map.get(hash);
  if (group) group.push(account);
  else map.set(hash, [account]);
}

/** `DOMAIN\User` or `User`, compared without case. */
function accountName(name: string): string {
  return name.trim().toLowerCase();
}

function percent(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10;
}
