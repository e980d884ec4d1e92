// The one finding model every scanner's output is turned into: assets (what was looked at), findings
// (what was found on them, each with an identity that survives a re-scored or renamed rule) and the
// scan summary. Pure types and small pure helpers; the parsers beside this file produce these values.
import {
  confidences,
  formatIds,
  severities,
  type scannerTools,
  type Confidence,
  type FormatId,
  type Severity,
} from '../../contracts/finding-words.js';
import type { ServiceName } from '../access/rules.js';

export type { ServiceName };

// The scale, the confidences and the formats are contracts (the calls' schemas and the web read them too).
export { confidences, formatIds, severities, type Confidence, type FormatId, type Severity };

export type ToolName = (typeof scannerTools)[number];

export interface ToolInfo {
  name: ToolName;
  version?: string;
}

/** The two files of a password audit; each is detected on its own, then read together. */
export type PasswordAuditPart = 'secretsdump-ntds' | 'potfile';

export type AssetKind = 'subdomain' | 'host' | 'port' | 'url' | 'cloud-resource' | 'account';

/**
 * Something of the company's that a scan looked at. `key` is stable across scans and tools
 * (`host:10.0.0.1`, `port:10.0.0.1:22/tcp`, `subdomain:www.example.com`, `url:https://example.com`,
 * `cloud-resource:aws/123456789012/eu-west-1/arn:…`, `account:corp.example\alice`), so the pipeline can
 * keep an inventory with first and last seen. `parentKey` links a port to its host, a resource to its
 * cloud account.
 */
export interface Asset {
  kind: AssetKind;
  key: string;
  /** What to show for it. */
  name: string;
  parentKey?: string;
  host?: string;
  ip?: string;
  hostnames?: string[];
  port?: number;
  protocol?: string;
  url?: string;
  /** Nmap's service detection on a port. */
  service?: { name?: string; product?: string; version?: string; extraInfo?: string; cpe?: string[] };
  /** subfinder: the domain searched and the passive sources that named this subdomain. */
  domain?: string;
  sources?: string[];
  /** httpx: what the live web endpoint answered. */
  web?: {
    statusCode?: number;
    title?: string;
    webserver?: string;
    technologies?: string[];
    contentType?: string;
    cdn?: string;
    cnames?: string[];
    certificate?: { subject?: string; issuer?: string; notAfter?: string };
  };
  cloud?: {
    provider: string;
    accountUid?: string;
    accountName?: string;
    region?: string;
    service?: string;
    resourceUid?: string;
    resourceName?: string;
    resourceType?: string;
  };
  /** A directory account of a password audit (never a password or a hash). */
  account?: { domain: string; user: string; rid?: number; enabled?: boolean };
}

/**
 * Who a finding is, independent of its title and severity: the readable parts the tool's rule names
 * (see docs/scans-and-findings.md, "Finding identity per tool") and `key`, a SHA-256 of them (32 hex characters). The
 * pipeline scopes it by company and service.
 */
export interface FindingIdentity {
  key: string;
  parts: Record<string, string>;
}

/** One place a finding was seen: a URL and parameter (ZAP), a matched-at (nuclei). */
export interface FindingInstance {
  uri?: string;
  method?: string;
  param?: string;
  attack?: string;
  evidence?: string;
  otherInfo?: string;
  extracted?: string[];
  /** The tool's name for the instance's alert when it differs from the finding's title (ZAP). */
  alert?: string;
}

export interface Finding {
  identity: FindingIdentity;
  tool: ToolInfo;
  /** template-id | pluginid | NVT OID | check id | CVE | `nmap:open-port` | `password:cracked` … */
  ruleId: string;
  title: string;
  severity: Severity;
  /** The tool's own severity, as the tool wrote it. */
  severityRaw: string;
  confidence?: Confidence;
  description?: string;
  remediation?: string;
  impact?: string;
  references: string[];
  /** `CWE-79` */
  cwe: string[];
  /** `CVE-2018-15473` */
  cve: string[];
  cvss?: { score?: number; vector?: string; version?: string };
  epss?: { score?: number; percentile?: number };
  evidence?: {
    request?: string;
    response?: string;
    matched?: string;
    extracted?: string[];
    curl?: string;
    /** Script or detection output (Nmap scripts, OpenVAS result description, Prowler status detail). */
    output?: string;
    otherInfo?: string;
  };
  /** At most `limits.instancesPerFinding`; `instanceCount` says how many the tool reported. */
  instances: FindingInstance[];
  instanceCount: number;
  asset: Asset;
  /** The tool's timestamp for this result (ISO 8601) when it gave one. */
  foundAt?: string;
  tags?: string[];
  /** Prowler: the check's compliance requirements per framework. */
  compliance?: Record<string, string[]>;
  /** Prowler's FAIL or MANUAL (PASS is counted in the summary, never a finding). */
  toolStatus?: 'FAIL' | 'MANUAL';
  /** What the tool says about the status: a muted Prowler result is a risk the customer accepted. */
  suggestedStatus?: 'open' | 'risk_accepted' | 'false_positive';
  /** Password audit: what may be shown about the account's password, never the password or a hash. */
  password?: PasswordTraits;
  /** Raw fields of the tool worth showing that have no place above. */
  extra: Record<string, string | number | boolean | string[]>;
}

export interface CharacterClasses {
  lower: boolean;
  upper: boolean;
  digit: boolean;
  symbol: boolean;
}

export interface PasswordTraits {
  cracked: boolean;
  /** In characters (code points), when cracked. */
  length?: number;
  classes?: CharacterClasses;
  /** First and last character with the rest as `*` (fully masked below five characters), when cracked. */
  masked?: string;
  /** HMAC-SHA-256 of the NT hash with the company's key: equal for accounts sharing a password. */
  reuseGroup: string;
  /** How many audited accounts share this password (1 = not reused). */
  reuseCount: number;
  lmHashStored: boolean;
  privileged: boolean;
  /** The account has no password (the empty password's NT hash): not counted as cracked. */
  blank?: boolean;
}

export type ScanRecord =
  { kind: 'asset'; asset: Asset } | { kind: 'finding'; finding: Finding } | { kind: 'summary'; summary: ScanSummary };

export interface ScanSummary {
  format: FormatId;
  tool: ToolInfo;
  /** Bytes read from all inputs. */
  bytesRead: number;
  /** Finding records yielded; a file may name one identity more than once (see `mergeFindings`). */
  findings: number;
  distinctFindings: number;
  assets: number;
  bySeverity: Record<Severity, number>;
  byAssetKind: Partial<Record<AssetKind, number>>;
  metrics: ScanMetrics;
  /** Lines or elements that were skipped, with why (at most `limits.warnings`). */
  warnings: string[];
}

export type ScanMetrics =
  | SubfinderMetrics
  | HttpxMetrics
  | NucleiMetrics
  | ZapMetrics
  | NmapMetrics
  | OpenvasMetrics
  | ProwlerMetrics
  | PasswordAuditMetrics;

export interface SubfinderMetrics {
  kind: 'subfinder';
  /** Result lines; distinct subdomains are `byAssetKind.subdomain`. */
  results: number;
  domains: string[];
  bySource: Record<string, number>;
}

export interface HttpxMetrics {
  kind: 'httpx';
  live: number;
  failed: number;
  byStatusCode: Record<string, number>;
  technologies: Record<string, number>;
  /** Certificates whose notAfter is at most 30 days after the probe's timestamp. */
  certificatesExpiringWithin30Days: number;
}

export interface NucleiMetrics {
  kind: 'nuclei';
  results: number;
  byType: Record<string, number>;
  hosts: number;
}

export interface ZapMetrics {
  kind: 'zap';
  sites: number;
  /** The sites with alerts, as their findings' assets name them (at most 200): the report's site filter. */
  siteNames: string[];
  alerts: number;
  instances: number;
  byRisk: Record<'high' | 'medium' | 'low' | 'info', number>;
}

export interface NmapMetrics {
  kind: 'nmap';
  hostsUp: number;
  hostsDown: number;
  openPorts: number;
  services: Record<string, number>;
  vulnersEntries: number;
}

export interface OpenvasMetrics {
  kind: 'openvas';
  results: number;
  hosts: number;
  /** Results below QoD 70, Greenbone's default report filter. */
  belowQod70: number;
}

export interface ProwlerMetrics {
  kind: 'prowler';
  pass: number;
  fail: number;
  manual: number;
  muted: number;
  failBySeverity: Record<Severity, number>;
  byCheck: Record<string, { pass: number; fail: number; manual: number }>;
  byFramework: Record<string, { pass: number; fail: number; manual: number }>;
  accounts: string[];
  regions: string[];
  /** Prowler's categories of the checks run (at most 200): the report's category filter. */
  categories: string[];
}

/** DPAT's summary table, computed without keeping a password or a hash. */
export interface PasswordAuditMetrics {
  kind: 'password-audit';
  accounts: number;
  uniqueHashes: number;
  crackedAccounts: number;
  crackedPercent: number;
  uniqueHashesCracked: number;
  lmHashes: number;
  belowPolicyLength: number;
  policyMinimumLength: number;
  usernameIsPassword: number;
  privilegedCracked: number;
  kerberoastableCracked: number;
  emptyPasswords: number;
  /** Cracked passwords by length in characters. */
  lengthHistogram: Record<string, number>;
  /** The most shared cracked passwords, masked, with how many accounts use each (at most 20). */
  topPasswords: Array<{ masked: string; accounts: number }>;
  /** Hashes shared by two or more accounts: how many such groups and the accounts in them. */
  reuse: { groups: number; accounts: number; largestGroup: number };
  history: { hashes: number; cracked: number };
  skipped: { machineAccounts: number; krbtgt: number; otherLines: number };
  potfileEntries: number;
  groups: Record<string, { members: number; cracked: number; crackedPercent: number }>;
}

/** Bounds that keep one finding small whatever the file holds. */
export const limits = {
  /** Descriptions, remediation, impact. */
  text: 32_768,
  /** Each evidence field (request, response, output…). */
  evidence: 16_384,
  /** Each field of an instance. */
  instanceField: 4_096,
  instancesPerFinding: 500,
  /** A list field such as references, CVEs or extracted results. */
  listItems: 200,
  warnings: 20,
} as const;

/** Cuts a text at `limit` characters, saying so at the end; empty and missing text become undefined. */
export function capText(text: string | undefined | null, limit: number = limits.text): string | undefined {
  if (text === undefined || text === null) return undefined;
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (trimmed.length <= limit) return trimmed;
  return `${trimmed.slice(0, limit)}… [cut at ${limit} of ${trimmed.length} characters by the import]`;
}

/** Distinct, non-empty, each capped, at most `limits.listItems`. */
export function capList(items: Iterable<string | undefined | null>, itemLimit: number = limits.evidence): string[] {
  const out = new Set<string>();
  for (const item of items) {
    const capped = capText(item, itemLimit);
    if (capped !== undefined) out.add(capped);
    if (out.size >= limits.listItems) break;
  }
  return [...out];
}

export function emptySeverityCounts(): Record<Severity, number> {
  return { critical: 0, high: 0, medium: 0, low: 0, info: 0 };
}

const severityRank: Record<Severity, number> = { critical: 4, high: 3, medium: 2, low: 1, info: 0 };

/**
 * Folds a later record of the same identity into an earlier one, as the import does when one file names
 * an identity twice (nuclei's several matches, ZAP's alerts sharing an alertRef): the first record's
 * fields stay, instances are added (without repeats, up to the limit), the higher severity wins, and a
 * different title is kept in `extra.otherTitles` so nothing the tool said is lost.
 */
export function mergeFindings(first: Finding, later: Finding): Finding {
  if (first.identity.key !== later.identity.key) {
    throw new Error('mergeFindings: the findings have different identities.');
  }
  const seen = new Set(first.instances.map(instanceKey));
  const instances = [...first.instances];
  for (const instance of later.instances) {
    if (instances.length >= limits.instancesPerFinding) break;
    if (seen.has(instanceKey(instance))) continue;
    seen.add(instanceKey(instance));
    instances.push(instance);
  }
  const higher = severityRank[later.severity] > severityRank[first.severity] ? later : first;
  const extra = { ...first.extra };
  if (later.title !== first.title) {
    const otherTitles = Array.isArray(extra.otherTitles) ? extra.otherTitles : [];
    if (!otherTitles.includes(later.title)) extra.otherTitles = [...otherTitles, later.title];
  }
  return {
    ...first,
    severity: higher.severity,
    severityRaw: higher.severityRaw,
    references: capList([...first.references, ...later.references]),
    cwe: capList([...first.cwe, ...later.cwe]),
    cve: capList([...first.cve, ...later.cve]),
    instances,
    instanceCount: first.instanceCount + later.instanceCount,
    extra,
  };
}

function instanceKey(instance: FindingInstance): string {
  return JSON.stringify([instance.uri, instance.method, instance.param, instance.attack, instance.extracted]);
}
