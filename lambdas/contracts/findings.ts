// The shapes of scan imports, scans, findings and assets as the calls send them (an API: CI pipelines and
// scripts use them). Analysts and, later, customers read findings through the same shapes.
import * as z from 'zod/mini';
import {
  findingOrders,
  findingStatuses,
  slaFilterStates,
  slaStates,
  type FindingFilter,
  type FindingStatus,
} from './finding-filter.js';
import { maxImportFileBytes } from './finding-limits.js';
import { confidences, formatIds, severities } from './finding-words.js';
import { customerPendingReview, pendingReview, reviewLogEntry } from './reviews.js';
import { companySlug, pageCursor, serviceName } from './scope.js';
import { findingExploitSignals } from './exploit-signals.js';

export const severity = z.enum(severities, { error: `must be one of ${severities.join(', ')}` });

export { findingStatuses, type FindingStatus };
export const findingStatus = z.enum(findingStatuses, { error: `must be one of ${findingStatuses.join(', ')}` });

export const scanFormat = z.enum(formatIds, { error: `must be one of ${formatIds.join(', ')}` });

/** The largest file an import takes (the upload policy enforces it too). */
export { maxImportFileBytes };

export const importId = z.string().check(z.regex(/^[0-9A-Za-z_-]{8,64}$/, 'must be an import id'));
export const findingId = z.string().check(z.regex(/^[0-9a-f]{32}$/, 'must be a finding id'));

/** Which company and service a call is about. */
export const serviceScope = { slug: companySlug, service: serviceName };

export const importStatus = z.enum(['uploading', 'queued', 'running', 'done', 'failed']);
export type ImportStatus = z.infer<typeof importStatus>;

export const severityCounts = z.object({
  critical: z.number(),
  high: z.number(),
  medium: z.number(),
  low: z.number(),
  info: z.number(),
});

/** What an import did to the service's findings. `bySeverity` counts the file's distinct findings. */
export const importCounts = z.object({
  new: z.number(),
  unchanged: z.number(),
  fixed: z.number(),
  reopened: z.number(),
  /** Findings already known whose tool content changed (another severity, new instances…). */
  changed: z.number(),
  /** Distinct findings in the file. */
  total: z.number(),
  assets: z.number(),
  bySeverity: severityCounts,
  /** new / fixed / reopened per severity (of the finding as the file or the last scan had it). */
  newBySeverity: severityCounts,
  fixedBySeverity: severityCounts,
  reopenedBySeverity: severityCounts,
});
export type ImportCounts = z.infer<typeof importCounts>;

export const importFile = z.object({ name: z.string(), contentLength: z.number() });

/** An import is the scan it records: listScans lists imports, getScanImport follows one. */
export const scanImport = z.object({
  importId: z.string(),
  slug: z.string(),
  service: serviceName,
  status: importStatus,
  files: z.array(importFile),
  /** The format the analyst chose, else the detected one once the import has read the file. */
  format: z.optional(scanFormat),
  tool: z.optional(z.object({ name: z.string(), version: z.optional(z.string()) })),
  createdAt: z.number(),
  createdByEmail: z.string(),
  createdByName: z.optional(z.string()),
  startedAt: z.optional(z.number()),
  finishedAt: z.optional(z.number()),
  progress: z.object({
    /** 'reading' checks the whole file before anything is written; 'writing' applies it. */
    phase: z.optional(z.enum(['reading', 'comparing', 'writing'])),
    bytesRead: z.number(),
    bytesTotal: z.number(),
    findingsWritten: z.number(),
  }),
  counts: z.optional(importCounts),
  /** The tool's own figures (ZAP sites and alerts, Nmap hosts up, Prowler pass/fail, DPAT's table…). */
  metrics: z.optional(z.record(z.string(), z.unknown())),
  warnings: z.optional(z.array(z.string())),
  error: z.optional(z.object({ message: z.string(), line: z.optional(z.number()) })),
});
export type ScanImportOutput = z.infer<typeof scanImport>;

export const assetSummary = z.object({
  key: z.string(),
  kind: z.string(),
  name: z.string(),
});

/** What the analyst made of a finding, as getFinding and the rows answer it. */
export const findingCuration = {
  /** The analyst's wording, when set (the shown title/description/remediation prefer it). */
  analystTitle: z.optional(z.string()),
  analystDescription: z.optional(z.string()),
  analystRemediation: z.optional(z.string()),
  notes: z.optional(z.string()),
  /** The analyst's tags (the tool's own are `toolTags`). */
  tags: z.array(z.string()),
  statusReason: z.optional(
    z.object({
      status: z.enum(findingStatuses),
      note: z.optional(z.string()),
      expiresAt: z.optional(z.number()),
      by: z.string(),
      at: z.number(),
    }),
  ),
  /** The template its texts came from, and that template's version then. */
  template: z.optional(z.object({ templateId: z.string(), version: z.number(), title: z.string() })),
  /** The texts were edited by hand after the template was applied (an update of the template leaves them). */
  templateTextsEdited: z.optional(z.boolean()),
  /** A template whose rules cover this finding's rule (set by the import for a new finding). */
  suggestedTemplate: z.optional(z.object({ templateId: z.string(), title: z.string() })),
  /** Each editable field's version (0: never edited). */
  fieldVersions: z.record(z.string(), z.number()),
};

/** One change of a finding by an analyst (the history shows it with the import's changes). */
export const findingEdit = z.object({
  at: z.number(),
  by: z.string(),
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  /** The bulk update or template it came from, if any. */
  bulkId: z.optional(z.string()),
  templateId: z.optional(z.string()),
});

/** A finding's SLA: its due date (epoch ms; moving on while a review waits) and its state now. */
export const findingSla = {
  /** Absent when the finding has no due date (info, unpublished, or not open). */
  dueAt: z.optional(z.number()),
  slaState: z.enum(slaStates),
};

/** An instance (a place the tool saw the finding) is open while the scans see it, fixed once one no longer does. */
export const instanceStates = ['open', 'fixed'] as const;
export type InstanceState = (typeof instanceStates)[number];

/** How many instances a finding has, and how many of them are fixed ("3 of 12 fixed"; all of a fixed finding). */
export const instanceCountFields = {
  /** The instances the last scan reported (the tool's count, which may pass those kept) and the fixed ones kept. */
  instanceCount: z.number(),
  fixedInstanceCount: z.number(),
};

/** An instance's state: `id` names it in a retest request (the same URL, method and parameter keep their id). */
const instanceStateFields = {
  id: z.string(),
  state: z.enum(instanceStates),
  /** When a scan of the finding stopped seeing it (or the finding was fixed as a whole). */
  fixedAt: z.optional(z.number()),
};

/** An instance as analysts read it: every field the tool gave, and its state. */
export const findingInstance = z.looseObject(instanceStateFields);

/** An instance as customers read it: its state and the fields of where it is and what showed it (a whitelist). */
export const customerFindingInstance = z.object({
  ...instanceStateFields,
  uri: z.optional(z.string()),
  method: z.optional(z.string()),
  param: z.optional(z.string()),
  attack: z.optional(z.string()),
  evidence: z.optional(z.string()),
  otherInfo: z.optional(z.string()),
  extracted: z.optional(z.array(z.string())),
  alert: z.optional(z.string()),
});

/** A finding as lists show it. `id` is its identity key, stable across scans. */
export const findingRow = z.object({
  id: z.string(),
  service: serviceName,
  title: z.string(),
  /** The analyst's severity when set, else the tool's. */
  severity,
  toolSeverity: severity,
  analystSeverity: z.optional(severity),
  status: findingStatus,
  asset: assetSummary,
  ruleId: z.string(),
  tool: z.string(),
  cve: z.array(z.string()),
  ...instanceCountFields,
  published: z.boolean(),
  /** The analyst's tags. */
  tags: z.array(z.string()),
  template: z.optional(z.object({ templateId: z.string(), version: z.number(), title: z.string() })),
  firstSeenAt: z.number(),
  firstImportId: z.string(),
  /** The import that last changed the finding (new, changed, fixed, reopened). */
  lastChangeImportId: z.string(),
  updatedAt: z.number(),
  version: z.number(),
  ...findingSla,
  ...findingExploitSignals,
});
export type FindingRowOutput = z.infer<typeof findingRow>;

export const findingChange = z.object({
  importId: z.string(),
  at: z.number(),
  change: z.enum(['new', 'changed', 'fixed', 'reopened']),
  /** The tool's severity after the change. */
  severity,
});

/** A CVSS base vector and the score the server computed from it (contracts/cvss.ts). */
export const cvssScored = z.object({ vector: z.string(), score: z.number() });
/** A vector a finding shows: the analyst's of its version, else the tool's (`source`). */
export const shownCvss = z.object({ ...cvssScored.shape, source: z.enum(['analyst', 'tool']) });

/** Every field the tool gave, the identity, and the finding's history across scans. */
export const findingDetail = z.object({
  ...findingRow.shape,
  /** A customer's request waiting for a decision (with who asked), and the remediation history. */
  review: z.optional(
    z.object({ ...pendingReview.shape, by: z.object({ email: z.string(), name: z.optional(z.string()) }) }),
  ),
  reviewLog: z.array(reviewLogEntry),
  ...findingCuration,
  /** The tool's own texts (the shown `title`, `description`, `remediation` prefer the analyst's). */
  toolTitle: z.string(),
  toolDescription: z.optional(z.string()),
  toolRemediation: z.optional(z.string()),
  /** The analyst's changes, oldest first. */
  edits: z.array(findingEdit),
  identity: z.record(z.string(), z.string()),
  severityRaw: z.string(),
  confidence: z.optional(z.string()),
  description: z.optional(z.string()),
  remediation: z.optional(z.string()),
  impact: z.optional(z.string()),
  references: z.array(z.string()),
  cwe: z.array(z.string()),
  cvss: z.optional(
    z.object({ score: z.optional(z.number()), vector: z.optional(z.string()), version: z.optional(z.string()) }),
  ),
  /** The CVSS 3.1 and 4.0 base vectors shown, with their scores (the analyst's, else the tool's). */
  cvss31: z.optional(shownCvss),
  cvss40: z.optional(shownCvss),
  /** The tool's own, when it gave a base vector of that version (the analyst's may replace it). */
  toolCvss31: z.optional(cvssScored),
  toolCvss40: z.optional(cvssScored),
  epss: z.optional(z.object({ score: z.optional(z.number()), percentile: z.optional(z.number()) })),
  evidence: z.optional(z.record(z.string(), z.unknown())),
  instances: z.array(findingInstance),
  assetDetail: z.record(z.string(), z.unknown()),
  foundAt: z.optional(z.string()),
  /** The tool's own tags (nuclei's template tags, Prowler's categories…). */
  toolTags: z.array(z.string()),
  compliance: z.optional(z.record(z.string(), z.array(z.string()))),
  toolStatus: z.optional(z.string()),
  password: z.optional(z.record(z.string(), z.unknown())),
  extra: z.record(z.string(), z.unknown()),
  /** When a scan that covered its asset last saw it (the asset's last sighting while the finding is open). */
  lastSeenAt: z.number(),
  history: z.array(findingChange),
});
export type FindingDetailOutput = z.infer<typeof findingDetail>;

export const assetRow = z.object({
  key: z.string(),
  kind: z.string(),
  name: z.string(),
  parentKey: z.optional(z.string()),
  services: z.array(serviceName),
  firstSeenAt: z.number(),
  lastSeenAt: z.number(),
  lastImportId: z.string(),
  /** What the tool said of it: address, port and service, web answer, cloud resource… */
  detail: z.record(z.string(), z.unknown()),
});
export type AssetRowOutput = z.infer<typeof assetRow>;

/** A filter's list of names: at most 20, each 1 to `length` characters. */
const shortList = (noun: string, length = 100) =>
  z
    .array(z.string().check(z.minLength(1, `a ${noun} must not be empty`), z.maxLength(length, `is too long`)))
    .check(z.maxLength(20, `lists at most 20 of them`));

export const findingFilter = z.strictObject({
  severity: z.optional(z.array(severity).check(z.maxLength(5, 'lists each severity at most once'))),
  /** Open published findings past their due date (`overdue`) or due within 7 days (`dueSoon`), soonest first. */
  sla: z.optional(z.enum(slaFilterStates, { error: `must be one of ${slaFilterStates.join(', ')}` })),
  status: z.optional(z.array(findingStatus).check(z.maxLength(5, 'lists each status at most once'))),
  /** The tool's confidence (ZAP's, or OpenVAS's quality of detection: firm and certain are QoD 70 and above). */
  confidence: z.optional(
    z
      .array(z.enum(confidences, { error: 'must be certain, firm or tentative' }))
      .check(z.maxLength(3, 'lists each confidence at most once')),
  ),
  /** Findings on this asset (its key, as listAssets and the rows give it). */
  assetKey: z.optional(z.string().check(z.minLength(1, 'must not be empty'), z.maxLength(1024, 'is too long'))),
  /** Part of the title, rule, asset, CVE or tool, in any case. */
  text: z.optional(z.string().check(z.maxLength(100, 'must be at most 100 characters'))),
  /** Only findings first seen in this import (the last scan's id for "new in the last scan"). */
  newInImport: z.optional(importId),
  /** Findings that name a CVE (true), or name none (false). */
  hasCve: z.optional(z.boolean()),
  /** Findings whose scanner says the vendor has a fix (OpenVAS's solution type VendorFix), or not (false). */
  fixAvailable: z.optional(z.boolean()),
  /** Findings on an IP address inside this CIDR block (network: `10.20.0.0/22`, `2001:db8::/48`). */
  subnet: z.optional(z.string().check(z.maxLength(50, 'must be at most 50 characters'))),
  /** Cloud findings of a check in one of these compliance frameworks (Prowler's names: `CIS-2.0`, …). */
  framework: z.optional(shortList('framework')),
  /** Cloud findings of a check in one of these categories (Prowler's: `encryption`, `logging`, …). */
  category: z.optional(shortList('category')),
  /** DAST findings of one of these sites (`https://example.com`, as ZAP names a site). */
  site: z.optional(shortList('site', 500)),
  /** Findings with a CVE in CISA's Known Exploited Vulnerabilities catalogue (read from their own index). */
  knownExploited: z.optional(z.literal(true, { error: 'must be true (known-exploited findings only)' })),
  /** Findings whose highest EPSS score (the probability of exploitation in 30 days) is at least this. */
  epssAtLeast: z.optional(
    z.number('must be a number from 0 to 1').check(
      z.minimum(0, 'must be 0 to 1'),
      z.maximum(1, 'must be 0 to 1'),
      // EPSS scores have five decimals; a smaller non-zero bound means nothing, and DynamoDB cannot store one
      // below 1e-130 (an export keeps its filter).
      z.refine((value) => value === 0 || value >= 0.00001, 'must be 0 or at least 0.00001 (scores have five decimals)'),
    ),
  ),
});
export type { FindingOrder } from './finding-filter.js';

/** The parsed filter is the domain's FindingFilter (a change to either fails the typecheck here). */
export type FindingFilterInput = FindingFilter;
true satisfies z.infer<typeof findingFilter> extends FindingFilter ? true : false;
true satisfies FindingFilter extends z.infer<typeof findingFilter> ? true : false;

export const findingSort = z.enum(['severity', 'firstSeen'], { error: 'must be severity or firstSeen' });

/** A findings list's order: by severity (the default), or by due date, soonest first (open published findings). */
export const findingOrder = z.enum(findingOrders, { error: `must be one of ${findingOrders.join(', ')}` });

export const listLimit = z.optional(
  z.int().check(z.minimum(1, 'must be 1 to 100'), z.maximum(100, 'must be 1 to 100')),
);
export { pageCursor };

/**
 * A finding as a customer's list shows it (finding-visibility.ts decides what a customer may read): no
 * analyst field (tags, templates, who imported, which import, versions, the tool's replaced wording).
 */
export const customerFindingRow = z.object({
  id: z.string(),
  service: serviceName,
  title: z.string(),
  severity,
  status: findingStatus,
  /** Always true: a customer reads published findings only. */
  published: z.boolean(),
  asset: assetSummary,
  ruleId: z.string(),
  tool: z.string(),
  cve: z.array(z.string()),
  cwe: z.array(z.string()),
  /** The tool's confidence (ZAP's, OpenVAS's quality of detection as a word). */
  confidence: z.optional(z.string()),
  /** The CVSS 3.1 base score shown, else the 4.0 one, else the tool's own score. */
  cvssScore: z.optional(z.number()),
  ...instanceCountFields,
  firstSeenAt: z.number(),
  lastSeenAt: z.optional(z.number()),
  /** When a risk acceptance ends. */
  riskAcceptedUntil: z.optional(z.number()),
  ...findingSla,
  ...findingExploitSignals,
});
export type CustomerFindingRowOutput = z.infer<typeof customerFindingRow>;

/** A finding as a customer's detail shows it: the row and the customer-facing fields of the whitelist. */
export const customerFindingDetail = z.object({
  ...customerFindingRow.shape,
  /** The customer's request waiting for an analyst, and the remediation history (reviews.ts). */
  review: z.optional(customerPendingReview),
  reviewLog: z.array(reviewLogEntry),
  description: z.optional(z.string()),
  remediation: z.optional(z.string()),
  impact: z.optional(z.string()),
  references: z.array(z.string()),
  cvss: findingDetail.shape.cvss,
  /** The CVSS 3.1 and 4.0 base vectors with their scores, as the analysts set them (else the tool's). */
  cvss31: z.optional(cvssScored),
  cvss40: z.optional(cvssScored),
  epss: findingDetail.shape.epss,
  evidence: z.optional(z.record(z.string(), z.unknown())),
  instances: z.array(customerFindingInstance),
  assetDetail: z.record(z.string(), z.unknown()),
  foundAt: z.optional(z.string()),
  compliance: z.optional(z.record(z.string(), z.array(z.string()))),
  toolStatus: z.optional(z.string()),
  password: z.optional(z.record(z.string(), z.unknown())),
});
export type CustomerFindingDetailOutput = z.infer<typeof customerFindingDetail>;
