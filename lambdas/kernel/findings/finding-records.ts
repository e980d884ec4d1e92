// A parsed finding as it is stored, compared and answered: the tool's fields of an item, the hash that
// tells an unchanged finding from a changed one, and the rows and details the calls send.
import { createHash } from 'node:crypto';
import type { ServiceName } from '../access/rules.js';
import type {
  FindingDetailOutput,
  FindingFilterInput,
  FindingOrder,
  FindingRowOutput,
  FindingStatus,
} from '../../contracts/findings.js';
import { getAsset } from '../data/entities/assets.js';
import { getFindingItem, queryFindings, type StoredFinding } from '../data/entities/findings.js';
import type { Finding, Severity } from '../scanners/finding-model.js';
import { filterKey } from '../search/search-text.js';
import { assetAddressOf, subnetBounds } from './asset-address.js';
import { editableFindingFields } from '../../contracts/finding-limits.js';
import { fieldVersionOf } from './finding-fields.js';
import { findingSearchText } from './finding-search.js';
import { dueKeyRanges, shownSla } from '../sla/finding-sla.js';
import { dueSoonDays } from '../sla/sla-clock.js';
import { exploitSignalsOf } from '../feeds/exploit-signals.js';
import { shownCvss, toolCvss } from './finding-cvss.js';
import { instanceCounts, shownInstances } from './finding-instances.js';

/**
 * What a scan says of a finding, compared between scans: not when it was found (nuclei stamps every
 * result), not evidence (responses carry dates), but everything an analyst would call a change.
 */
export function occurrenceHash(finding: Finding): bigint {
  const compared = [
    finding.ruleId,
    finding.title,
    finding.severity,
    finding.severityRaw,
    finding.description,
    finding.remediation,
    finding.impact,
    finding.references,
    finding.cwe,
    finding.cve,
    finding.cvss,
    finding.toolStatus,
    finding.suggestedStatus,
    finding.compliance,
    finding.password,
    finding.asset.key,
    finding.instances.map((instance) => [instance.uri, instance.method, instance.param]),
  ];
  return BigInt(`0x${createHash('sha256').update(JSON.stringify(compared)).digest('hex').slice(0, 32)}`);
}

const hashModulus = 1n << 128n;

/** Occurrences of one identity in a file add up, whatever their order. */
export function addOccurrence(sum: bigint, occurrence: bigint): bigint {
  return (sum + occurrence) % hashModulus;
}

export const hashText = (sum: bigint) => sum.toString(16).padStart(32, '0');

/** DynamoDB's item limit is 400 KB; a finding is kept well under it whatever the tool wrote. */
const maxItemBytes = 350_000;

/**
 * The tool's fields of a stored finding (everything an import may replace). Never holds an analyst field.
 */
export function toolFields(
  finding: Finding,
  sourceHash: string,
  service: ServiceName,
): Record<string, unknown> & {
  toolSeverity: Severity;
} {
  const fields = {
    service,
    identity: finding.identity.parts,
    ruleId: finding.ruleId,
    tool: finding.tool.name,
    toolVersion: finding.tool.version,
    title: finding.title,
    toolSeverity: finding.severity,
    severityRaw: finding.severityRaw,
    confidence: finding.confidence,
    description: finding.description,
    remediation: finding.remediation,
    impact: finding.impact,
    references: finding.references,
    cwe: finding.cwe,
    cve: finding.cve,
    cvss: finding.cvss,
    epss: finding.epss,
    evidence: finding.evidence,
    instances: finding.instances,
    instanceCount: finding.instanceCount,
    assetKey: finding.asset.key,
    assetParentKey: finding.asset.parentKey,
    assetName: finding.asset.name,
    assetKind: finding.asset.kind,
    /** The host's IP as sortable text, for the subnet filter (asset-address.ts). */
    assetAddress: assetAddressOf(finding.asset.key),
    assetDetail: finding.asset,
    foundAt: finding.foundAt,
    toolTags: finding.tags ?? [],
    compliance: finding.compliance,
    toolStatus: finding.toolStatus,
    password: finding.password,
    extra: finding.extra,
    sourceHash,
    // The tool's title: an import's update puts the analyst's back in (updateFindingFromScan's `analystDerived`).
    searchText: findingSearchText({
      title: finding.title,
      ruleId: finding.ruleId,
      assetName: finding.asset.name,
      assetKey: finding.asset.key,
      tool: finding.tool.name,
      cve: finding.cve,
    }),
  };
  return fitItem(fields);
}

/** Cuts instances, then evidence, until the item fits, saying so in `extra`. */
function fitItem<T extends Record<string, unknown>>(fields: T): T {
  const size = () => Buffer.byteLength(JSON.stringify(fields));
  if (size() <= maxItemBytes) return fields;
  const record = fields as Record<string, unknown> & { instances: unknown[]; extra: Record<string, unknown> };
  record.extra = { ...record.extra, trimmedByImport: 'instances or evidence were cut to fit the finding store' };
  while (record.instances.length > 10 && size() > maxItemBytes) {
    record.instances = record.instances.slice(0, Math.floor(record.instances.length / 2));
  }
  if (size() > maxItemBytes) record.evidence = undefined;
  if (size() > maxItemBytes) record.instances = record.instances.slice(0, 1);
  if (size() > maxItemBytes) record.assetDetail = undefined;
  return fields;
}

/** The stored fields the answers read (what `toolFields` and the import write, plus the analyst's). */
interface FindingItem extends StoredFinding {
  service: ServiceName;
  title: string;
  ruleId: string;
  tool: string;
  severityRaw?: string;
  assetKind: string;
  assetName: string;
  cve?: string[];
  cwe?: string[];
  references?: string[];
  instanceCount?: number;
  instances?: Record<string, unknown>[];
  published?: boolean;
  firstImportId: string;
  updatedAt?: number;
  version?: number;
  identity?: Record<string, string>;
  confidence?: string;
  description?: string;
  remediation?: string;
  impact?: string;
  cvss?: FindingDetailOutput['cvss'];
  epss?: FindingDetailOutput['epss'];
  evidence?: Record<string, unknown>;
  assetDetail?: Record<string, unknown>;
  foundAt?: string;
  toolTags?: string[];
  compliance?: Record<string, string[]>;
  toolStatus?: string;
  password?: Record<string, unknown>;
  extra?: Record<string, unknown>;
  lastSeenAt?: number;
  history?: FindingDetailOutput['history'];
  analystTitle?: string;
  analystDescription?: string;
  analystRemediation?: string;
  notes?: string;
  tags?: string[];
  statusReason?: FindingDetailOutput['statusReason'];
  template?: FindingDetailOutput['template'];
  templateTextsEdited?: boolean;
  suggestedTemplate?: FindingDetailOutput['suggestedTemplate'];
  edits?: FindingDetailOutput['edits'];
}

export interface FindingsPageRequest {
  filter?: FindingFilterInput;
  descending: boolean;
  /** By severity (the default), or soonest due first (open published findings only, from the due-date index). */
  order?: FindingOrder;
  cursor?: string;
  limit: number;
  /** Published findings only: a customer's view (finding-visibility.ts). */
  publishedOnly?: boolean;
  /** The time the SLA states are judged at (tests pass theirs). */
  now?: number;
}

export async function listFindingsPage(
  slug: string,
  service: ServiceName,
  page: FindingsPageRequest,
): Promise<{ items: FindingRowOutput[]; nextCursor?: string }> {
  const { items, nextCursor } = await findingItemsPage(slug, service, page);
  return { items: items.map(findingRow), nextCursor };
}

/** A page of the stored findings listFindings answers (the same filter and order), whole: the exports read these. */
export async function findingItemsPage(
  slug: string,
  service: ServiceName,
  page: FindingsPageRequest,
): Promise<{ items: StoredFinding[]; nextCursor?: string }> {
  const filter = page.filter ?? {};
  // An SLA state or the due-date order reads the due-date index (open published findings with a due date), whose
  // keys are due dates: the state is a key range at this time, and severities become a filter like the others.
  const byDueDate = filter.sla !== undefined || page.order === 'dueDate';
  const condition = findingFilterCondition(filter, page.publishedOnly === true, byDueDate);
  // On the severity index, severities are key conditions (queryFindings reads each run of them as a key range); the
  // known-exploited index has the same keys, so known-exploited findings are read from it alone.
  return queryFindings(slug, service, {
    severities: filter.severity,
    filter: condition,
    descending: page.descending,
    ...(filter.knownExploited && !byDueDate ? { knownExploited: true } : {}),
    ...(byDueDate ? { dueRanges: dueKeyRanges(filter.sla, page.now ?? Date.now(), dueSoonDays * dayMs) } : {}),
    // A customer's page has read the company's record too: one Query keeps it at 3 requests (a due-soon page that
    // the running range did not fill answers with a cursor to the paused ones).
    ...(byDueDate && page.publishedOnly ? { maxQueries: 1 } : {}),
    cursor: page.cursor,
    limit: page.limit,
  });
}

const dayMs = 24 * 60 * 60 * 1000;

/**
 * The DynamoDB filter of a findings list (every filter but severity, which is the index's key), or
 * INVALID_ARGUMENT for a value the schema cannot judge (a subnet that is no CIDR block). Exports check it as they
 * start, so a bad filter is refused before anything is stored.
 */
export function findingFilterCondition(
  filter: FindingFilterInput,
  publishedOnly: boolean,
  /** Severities as a filter too (the due-date index's keys are not severities). */
  filterSeverities = false,
): { expression: string; names: Record<string, string>; values: Record<string, unknown> } | undefined {
  const conditions: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  /** `#attribute IN (:value0, …)`, or `(test(:value0) OR …)`, over a list's distinct values. */
  const anyOf = (prefix: string, list: readonly unknown[], test: (value: string) => string) => {
    const distinct = [...new Set(list)];
    if (!distinct.length) return;
    const tests = distinct.map((value, index) => {
      values[`:${prefix}${index}`] = value;
      return test(`:${prefix}${index}`);
    });
    conditions.push(tests.length === 1 ? tests[0]! : `(${tests.join(' OR ')})`);
  };
  if (filterSeverities && filter.severity?.length) {
    names['#severity'] = 'severity';
    anyOf('severity', filter.severity, (value) => `#severity = ${value}`);
  }
  if (filter.status?.length) names['#status'] = 'status';
  anyOf('status', filter.status ?? [], (value) => `#status = ${value}`);
  if (filter.confidence?.length) names['#confidence'] = 'confidence';
  anyOf('confidence', filter.confidence ?? [], (value) => `#confidence = ${value}`);
  if (filter.assetKey) {
    values[':assetKey'] = filter.assetKey;
    conditions.push('(assetKey = :assetKey OR assetParentKey = :assetKey)');
  }
  anyOf(
    'site',
    (filter.site ?? []).map((site) => `url:${site}`),
    (value) => `assetKey = ${value}`,
  );
  const text = filterKey(filter.text);
  if (text) {
    values[':text'] = text;
    conditions.push('contains(searchText, :text)');
  }
  if (filter.newInImport) {
    values[':newIn'] = filter.newInImport;
    conditions.push('firstImportId = :newIn');
  }
  if (filter.hasCve !== undefined) {
    values[':noCve'] = 0;
    conditions.push(filter.hasCve ? 'size(cve) > :noCve' : '(attribute_not_exists(cve) OR size(cve) = :noCve)');
  }
  if (filter.fixAvailable !== undefined) {
    names['#extra'] = 'extra';
    names['#solutionType'] = 'solutionType';
    values[':vendorFix'] = 'VendorFix';
    conditions.push(
      filter.fixAvailable
        ? '#extra.#solutionType = :vendorFix'
        : '(attribute_not_exists(#extra.#solutionType) OR #extra.#solutionType <> :vendorFix)',
    );
  }
  if (filter.subnet !== undefined) {
    const { low, high } = subnetBounds(filter.subnet, 'filter.subnet');
    values[':subnetLow'] = low;
    values[':subnetHigh'] = high;
    conditions.push('assetAddress BETWEEN :subnetLow AND :subnetHigh');
  }
  const frameworks = [...new Set(filter.framework ?? [])];
  if (frameworks.length) {
    names['#compliance'] = 'compliance';
    const tests = frameworks.map((framework, index) => {
      names[`#framework${index}`] = framework;
      return `attribute_exists(#compliance.#framework${index})`;
    });
    conditions.push(`(${tests.join(' OR ')})`);
  }
  anyOf('category', filter.category ?? [], (value) => `contains(toolTags, ${value})`);
  // Off the due-date index the known-exploited index is read instead (findingItemsPage): no filter needed there.
  if (filter.knownExploited && filterSeverities) {
    names['#knownExploited'] = 'knownExploited';
    values[':knownExploited'] = true;
    conditions.push('#knownExploited = :knownExploited');
  }
  if (filter.epssAtLeast !== undefined) {
    values[':epssAtLeast'] = filter.epssAtLeast;
    conditions.push('epssScore >= :epssAtLeast');
  }
  if (publishedOnly) {
    names['#published'] = 'published';
    values[':published'] = true;
    conditions.push('#published = :published');
  }
  return conditions.length ? { expression: conditions.join(' AND '), names, values } : undefined;
}

export function findingRow(item: StoredFinding, now = Date.now()): FindingRowOutput {
  const stored = item as FindingItem;
  const toolSeverity = stored.toolSeverity;
  return {
    id: stored.id,
    service: stored.service,
    title: stored.analystTitle || stored.title,
    severity: stored.analystSeverity ?? toolSeverity,
    toolSeverity,
    analystSeverity: stored.analystSeverity,
    status: stored.status as FindingStatus,
    asset: { key: stored.assetKey, kind: stored.assetKind, name: stored.assetName },
    ruleId: stored.ruleId,
    tool: stored.tool,
    cve: stored.cve ?? [],
    ...instanceCounts(stored),
    published: stored.published === true,
    tags: stored.tags ?? [],
    template: stored.template,
    firstSeenAt: stored.firstSeenAt,
    firstImportId: stored.firstImportId,
    lastChangeImportId: stored.lastChange.importId,
    updatedAt: stored.updatedAt ?? stored.firstSeenAt,
    version: stored.version ?? 1,
    ...shownSla(stored, now),
    ...exploitSignalsOf(stored),
  };
}

export async function readFindingDetail(
  slug: string,
  service: ServiceName,
  findingId: string,
): Promise<FindingDetailOutput | undefined> {
  const item = await getFindingItem(slug, service, findingId);
  return item && findingDetailOf(slug, service, item);
}

/** The analyst's detail of a finding already read (one more read: its asset's last sighting, unless fixed). */
export async function findingDetailOf(
  slug: string,
  service: ServiceName,
  item: StoredFinding,
): Promise<FindingDetailOutput> {
  const stored = item as FindingItem;
  // While a finding is not fixed, the last scan that covered its asset saw it: the asset's last sighting.
  const asset = stored.status === 'fixed' ? undefined : await getAsset(slug, service, stored.assetKey);
  const lastSeenAt = asset?.lastSeenAt ?? stored.lastSeenAt ?? stored.lastChange.at ?? stored.firstSeenAt;
  return {
    ...findingRow(item),
    identity: stored.identity ?? {},
    severityRaw: stored.severityRaw ?? stored.toolSeverity,
    confidence: stored.confidence,
    description: stored.analystDescription || stored.description,
    remediation: stored.analystRemediation || stored.remediation,
    toolTitle: stored.title,
    toolDescription: stored.description,
    toolRemediation: stored.remediation,
    analystTitle: stored.analystTitle,
    analystDescription: stored.analystDescription,
    analystRemediation: stored.analystRemediation,
    notes: stored.notes,
    statusReason: stored.statusReason,
    templateTextsEdited: stored.templateTextsEdited,
    suggestedTemplate: stored.suggestedTemplate,
    fieldVersions: Object.fromEntries(editableFindingFields.map((field) => [field, fieldVersionOf(item, field)])),
    edits: stored.edits ?? [],
    impact: stored.impact,
    references: stored.references ?? [],
    cwe: stored.cwe ?? [],
    cvss: stored.cvss,
    ...shownCvss(item),
    toolCvss31: toolCvss(stored, '3.1'),
    toolCvss40: toolCvss(stored, '4.0'),
    epss: stored.epss,
    evidence: stored.evidence,
    instances: shownInstances(stored),
    assetDetail: stored.assetDetail ?? {},
    foundAt: stored.foundAt,
    toolTags: stored.toolTags ?? [],
    compliance: stored.compliance,
    toolStatus: stored.toolStatus,
    password: stored.password,
    extra: stored.extra ?? {},
    lastSeenAt,
    history: stored.history ?? [],
    review: item.review as FindingDetailOutput['review'],
    reviewLog: (item.reviewLog as FindingDetailOutput['reviewLog'] | undefined) ?? [],
  };
}
