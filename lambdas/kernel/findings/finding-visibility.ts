// What a caller may see of a company's findings of one service, decided in one place: the exports use it, and
// the customer report pages (listFindings, getFinding for customers) are meant to share it. Analysts who may
// work on the service (level 7, or a password-cracking manager for that service) see every finding and every
// field. A customer (level below 7 and not a manager of the service) sees a service only as spec 6's reports
// menu allows it (the company's flag on and level 2 or the service in servicesEnabled, or an admin-type
// override, and a member of the company), and then only published findings, and of each only the fields a
// customer report shows: a whitelist, so a field added to findings later stays hidden until someone decides.
import type { AccessRule, Caller, CompanyRecord } from '../access/caller.js';
import {
  accessIn,
  canAccessCompany,
  canViewService,
  hasLevel,
  isAdmin,
  managesService,
  menuLevels,
  type AccessClaims,
  type ServiceName,
} from '../access/rules.js';
import type { StoredFinding } from '../data/entities/findings.js';
import { shownSla } from '../sla/finding-sla.js';
import { shownCvss } from './finding-cvss.js';
import { instanceCounts, shownInstances, type ShownInstance } from './finding-instances.js';

/** How a caller sees a service's findings: everything (analyst), or the customer's view. */
export type FindingViewer = 'analyst' | 'customer';

/** Spec 6: a customer is below level 7 and does not manage this service (password cracking's managers work on it). */
export function isCustomerFor(access: AccessClaims | undefined, service: ServiceName): boolean {
  if (hasLevel(access, menuLevels.analystServicePage)) return false;
  return !(service === 'password_cracking' && managesService(access, service));
}

/**
 * The view a caller has of a company's service, or undefined when the caller may not read it at all. The
 * company record is needed for customers only (the service's flag); analysts pass without it.
 */
export function findingViewerFor(
  caller: Pick<Caller, 'access'>,
  slug: string,
  service: ServiceName,
  company: CompanyRecord | undefined,
): FindingViewer | undefined {
  if (!canAccessCompany(caller.access, slug)) return undefined;
  // Every check below reads the caller's level and services in this company.
  const access = accessIn(caller.access, slug);
  if (!isCustomerFor(access, service)) return 'analyst';
  if (!company || company.slug !== slug) return undefined;
  const reportAllowed =
    (hasLevel(access, menuLevels.report) && canViewService(company, access, service)) || isAdmin(access);
  return reportAllowed ? 'customer' : undefined;
}

/**
 * Readers of a service's findings, the gate of the calls that read them (lists, details, exports, reports, the
 * remediation loop): customers through the reports rule, analysts through the service pages. Past the gate,
 * `findingViewerFor` decides the company's service.
 */
export const findingReadersAccess = {
  kind: 'signedIn',
  describe: `users of access level ${menuLevels.report} or more, and users who manage password cracking; the company's service as listFindings allows it (customers: published findings of a service the company has on)`,
  allows: (caller) => hasLevel(caller.access, menuLevels.report) || managesService(caller.access, 'password_cracking'),
} as const satisfies AccessRule;

/** Whether a finding is in the viewer's lists at all: customers read published findings only. */
export function mayReadFinding(viewer: FindingViewer, finding: Record<string, unknown>): boolean {
  return viewer === 'analyst' || finding.published === true;
}

/**
 * The fields of a stored finding a customer may read (the shown texts are resolved first, see
 * `visibleFinding`). Everything else is the analysts' own: notes, the tool's texts the analyst replaced,
 * tags, templates and suggestions, edits and field versions, who imported and which import, bulk-update
 * marks, search keys, the status reason's author and note.
 */
export const customerFindingFields = [
  'id',
  'service',
  'title',
  'severity',
  'status',
  'description',
  'remediation',
  'impact',
  'references',
  'cwe',
  'cve',
  'cvss',
  'cvss31',
  'cvss40',
  'epss',
  'confidence',
  'ruleId',
  'tool',
  'assetKey',
  'assetKind',
  'assetName',
  'assetParentKey',
  'assetDetail',
  'instances',
  'instanceCount',
  'fixedInstanceCount',
  'evidence',
  'compliance',
  'toolStatus',
  'password',
  'riskAcceptedUntil',
  'firstSeenAt',
  'lastSeenAt',
  'foundAt',
  'published',
  'dueAt',
  'slaState',
  'knownExploited',
  'epssScore',
  'exploitSignals',
] as const;

/**
 * The fields of an instance a customer may read: where it is, what showed it, and its state. Anything else a tool
 * or a later change puts on an instance stays the analysts' until someone decides.
 */
export const customerInstanceFields = [
  'id',
  'state',
  'fixedAt',
  'uri',
  'method',
  'param',
  'attack',
  'evidence',
  'otherInfo',
  'extracted',
  'alert',
] as const;

const customerInstance = (instance: ShownInstance) => {
  const shown: Record<string, unknown> = {};
  for (const field of customerInstanceFields) {
    if (instance[field] !== undefined) shown[field] = instance[field];
  }
  return shown;
};

/** Analyst-only fields named for the record (never in a customer's answer; the whitelist above decides). */
export const analystOnlyFindingFields = [
  'notes',
  'analystNotes',
  'importedBy',
  'tags',
  'edits',
  'fieldVersions',
  'template',
  'templateTextsEdited',
  'suggestedTemplate',
  'statusReason',
  'toolTitle',
  'toolDescription',
  'toolRemediation',
  'analystTitle',
  'analystDescription',
  'analystRemediation',
  'analystSeverity',
  'analystCvss31',
  'analystCvss40',
  'toolSeverity',
  'severityRaw',
  'firstImportId',
  'lastChange',
  'lastBulkId',
  'history',
  'extra',
  'sourceHash',
  'searchText',
  'slaStartedAt',
  'slaPausedMs',
  'slaPausedSince',
  'slaPolicyVersion',
] as const;

/** A finding as a viewer may see it: the shown texts and severity resolved, and for customers the whitelist. */
export type VisibleFinding = Record<string, unknown> & {
  id: string;
  service: ServiceName;
  title: string;
  severity: StoredFinding['toolSeverity'];
  status: string;
  firstSeenAt: number;
};

/**
 * What the viewer may see of a stored finding, or undefined when the viewer may not read it (a customer and an
 * unpublished finding). The analyst's wording replaces the tool's in `title`, `description`, `remediation`; the
 * analyst's severity replaces the tool's in `severity`.
 */
export function visibleFinding(
  viewer: FindingViewer,
  item: StoredFinding,
  now = Date.now(),
): VisibleFinding | undefined {
  if (!mayReadFinding(viewer, item)) return undefined;
  const shown: Record<string, unknown> = {
    ...item,
    title: item.analystTitle || item.title,
    description: item.analystDescription || item.description,
    remediation: item.analystRemediation || item.remediation,
    severity: item.analystSeverity ?? item.toolSeverity,
    lastSeenAt: item.lastSeenAt ?? item.lastChange?.at ?? item.firstSeenAt,
    riskAcceptedUntil:
      item.status === 'risk_accepted'
        ? (item.statusReason as { expiresAt?: number } | undefined)?.expiresAt
        : undefined,
    // The due date and SLA state as of now (never stored: time passes without writes).
    ...shownSla(item, now),
    // The CVSS vectors shown (the analyst's, else the tool's) with the scores computed from them.
    ...shownCvss(item),
    // Each instance's state, and how many are fixed ("3 of 12 fixed").
    instances: shownInstances(item),
    ...instanceCounts(item),
  };
  if (viewer === 'analyst') {
    return {
      ...shown,
      toolTitle: item.title,
      toolDescription: item.description,
      toolRemediation: item.remediation,
    } as unknown as VisibleFinding;
  }
  const customer: Record<string, unknown> = {};
  for (const field of customerFindingFields) {
    if (shown[field] !== undefined) customer[field] = shown[field];
  }
  customer.instances = (shown.instances as ShownInstance[]).map(customerInstance);
  return customer as VisibleFinding;
}
