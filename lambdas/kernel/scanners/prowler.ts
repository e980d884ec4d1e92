// A Prowler check result, read from OCSF JSON or from the `;` CSV, as the model sees it. FAIL and MANUAL
// results are findings on a cloud resource; PASS results are counted in the summary, never findings
// (their resources are assets, so the import knows the file checked them);
// a muted result is a risk the customer accepted.
// Identity: `finding_info.uid` (CSV FINDING_UID), which Prowler builds as
// `prowler-{provider}-{check}-{account}-{region}-{resource name}` and keeps from one scan to the next.
// When a file has no usable uid (empty, or a `<finding_uid>` placeholder as in Prowler's published
// examples) the same string is built from the result's fields, so the identity is what Prowler would write.
import { isoTime } from './field-values.js';
import {
  capList,
  capText,
  emptySeverityCounts,
  limits,
  type Asset,
  type Finding,
  type ProwlerMetrics,
  type ToolInfo,
} from './finding-model.js';
import { findingIdentity } from './identity.js';
import { namedCounts, type ParsedRecord } from './scan-parser.js';
import { prowlerSeverity } from './severity.js';

export interface ProwlerResult {
  uid?: string;
  provider: string;
  checkId: string;
  checkTitle?: string;
  status: string;
  statusDetail?: string;
  muted: boolean;
  severity?: string;
  serviceName?: string;
  resourceUid?: string;
  resourceName?: string;
  resourceType?: string;
  region?: string;
  accountUid?: string;
  accountName?: string;
  description?: string;
  risk?: string;
  remediation?: string;
  references: string[];
  remediationCode?: Record<string, string>;
  compliance: Record<string, string[]>;
  categories: string[];
  time?: unknown;
  checkTypes?: string[];
}

export function newProwlerMetrics(): ProwlerMetrics {
  return {
    kind: 'prowler',
    pass: 0,
    fail: 0,
    manual: 0,
    muted: 0,
    failBySeverity: emptySeverityCounts(),
    byCheck: namedCounts<ProwlerMetrics['byCheck'][string]>(),
    byFramework: namedCounts<ProwlerMetrics['byFramework'][string]>(),
    accounts: [],
    regions: [],
    categories: [],
  };
}

const maxListed = 200;
/** A whole-value placeholder such as `<finding_uid>`. */
const placeholder = /^<[^<>]*>$/;

export type ProwlerOutcome = { records: ParsedRecord[] } | { skipped: string };

export function prowlerRecords(result: ProwlerResult, metrics: ProwlerMetrics, tool: ToolInfo): ProwlerOutcome {
  const status = result.status.toUpperCase();
  if (status !== 'PASS' && status !== 'FAIL' && status !== 'MANUAL') {
    return { skipped: `a result of check ${result.checkId} with status "${result.status}"` };
  }
  const counts = (metrics.byCheck[result.checkId] ??= { pass: 0, fail: 0, manual: 0 });
  const field = status === 'PASS' ? 'pass' : status === 'FAIL' ? 'fail' : 'manual';
  counts[field] += 1;
  metrics[field] += 1;
  if (result.muted) metrics.muted += 1;
  for (const framework of Object.keys(result.compliance)) {
    const frameworkCounts = (metrics.byFramework[framework] ??= { pass: 0, fail: 0, manual: 0 });
    frameworkCounts[field] += 1;
  }
  listOnce(metrics.accounts, result.accountUid);
  listOnce(metrics.regions, result.region);
  for (const category of result.categories) listOnce(metrics.categories, category);
  const severity = prowlerSeverity(result.severity);
  if (status === 'FAIL') metrics.failBySeverity[severity] += 1;

  const provider = result.provider.toLowerCase();
  const account = result.accountUid ?? '';
  const region = result.region ?? '';

  const accountAsset: Asset = {
    kind: 'account',
    key: `account:${provider}/${account}`,
    name: result.accountName ? `${result.accountName} (${account})` : `${provider} ${account}`,
    cloud: { provider, accountUid: account, accountName: result.accountName },
  };
  const resource = result.resourceUid ?? result.resourceName ?? '';
  const asset: Asset = {
    kind: 'cloud-resource',
    key: `cloud-resource:${provider}/${account}/${region}/${resource}`,
    name: result.resourceName ?? resource,
    parentKey: accountAsset.key,
    cloud: {
      provider,
      accountUid: account,
      accountName: result.accountName,
      region,
      service: result.serviceName,
      resourceUid: result.resourceUid,
      resourceName: result.resourceName,
      resourceType: result.resourceType,
    },
  };
  const assets: ParsedRecord[] = [
    { kind: 'asset', asset: accountAsset },
    { kind: 'asset', asset },
  ];
  // A PASS is no finding, but its resource was checked: the import needs it to tell a fixed finding
  // (its resource in the file, the finding not) from one the file did not look at.
  if (status === 'PASS') return { records: assets };

  const derived = !result.uid || placeholder.test(result.uid);
  const uid = derived
    ? `prowler-${provider}-${result.checkId}-${account}-${region}-${result.resourceName ?? result.resourceUid ?? ''}`
    : (result.uid ?? '');
  const finding: Finding = {
    identity: findingIdentity('prowler', [['finding_uid', uid]]),
    tool,
    ruleId: result.checkId,
    title: result.checkTitle ?? result.checkId,
    severity,
    severityRaw: result.severity ?? '',
    description: capText(result.description),
    remediation: capText(result.remediation),
    impact: capText(result.risk),
    references: capList(result.references),
    cwe: [],
    cve: [],
    evidence: { output: capText(result.statusDetail, limits.evidence) },
    instances: [],
    // One place, the asset itself: the finding was seen once there.
    instanceCount: 1,
    asset,
    foundAt: isoTime(result.time),
    tags: capList(result.categories),
    compliance: result.compliance,
    toolStatus: status,
    suggestedStatus: result.muted ? 'risk_accepted' : 'open',
    extra: {},
  };
  if (derived) finding.extra.findingUidDerived = true;
  if (result.muted) finding.extra.muted = true;
  if (result.serviceName) finding.extra.service = result.serviceName;
  if (result.checkTypes && result.checkTypes.length > 0) finding.extra.checkTypes = capList(result.checkTypes);
  for (const [name, code] of Object.entries(result.remediationCode ?? {})) {
    const capped = capText(code, limits.evidence);
    if (capped) finding.extra[`remediationCode${name}`] = capped;
  }
  return {
    records: [...assets, { kind: 'finding', finding }],
  };
}

function listOnce(list: string[], value: string | undefined): void {
  if (value && list.length < maxListed && !list.includes(value)) list.push(value);
}
