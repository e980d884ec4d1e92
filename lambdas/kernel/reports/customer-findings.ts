// Findings as a customer reads them through listFindings and getFinding: the viewer is decided by
// finding-visibility.ts (company member, spec 6's service rule), the list holds published findings only
// (filtered by DynamoDB, so pages fill), and each finding is cut to the customer whitelist.
import { exploitSignalsOf } from '../feeds/exploit-signals.js';
import type { CustomerFindingDetailOutput, CustomerFindingRowOutput, FindingStatus } from '../../contracts/findings.js';
import type { Caller, CompanyRecord } from '../access/caller.js';
import type { ServiceName } from '../access/rules.js';
import { companyDenied } from '../companies/company-access.js';
import type { PendingReview } from '../data/entities/finding-reviews.js';
import type { StoredFinding } from '../data/entities/findings.js';
import { PermissionDeniedError } from '../errors.js';
import { findingViewerFor, visibleFinding, type FindingViewer } from '../findings/finding-visibility.js';
import type { ShownCvss } from '../findings/finding-cvss.js';
import type { CvssScored } from '../../contracts/cvss.js';

/** The caller's view of the company's service, or PERMISSION_DENIED (the same words whether it exists or not). */
export function assertFindingViewer(
  caller: Pick<Caller, 'access'>,
  slug: string,
  service: ServiceName,
  company: CompanyRecord | undefined,
): FindingViewer {
  const viewer = findingViewerFor(caller, slug, service, company);
  if (!viewer) throw new PermissionDeniedError(companyDenied);
  return viewer;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A shown CVSS vector as a customer reads it: the vector and its score, not whose it is. */
const cvssOf = (value: unknown): CvssScored | undefined => {
  const shown = value as ShownCvss | undefined;
  return shown ? { vector: shown.vector, score: shown.score } : undefined;
};

const asset = (shown: Record<string, unknown>) => ({
  key: text(shown.assetKey),
  kind: text(shown.assetKind),
  name: text(shown.assetName) || text(shown.assetKey),
});

/** A customer's row of a stored finding, or undefined when a customer may not read it (unpublished). */
export function customerFindingRow(item: StoredFinding): CustomerFindingRowOutput | undefined {
  const shown = visibleFinding('customer', item);
  if (!shown) return undefined;
  return {
    id: shown.id,
    service: shown.service,
    title: shown.title,
    severity: shown.severity,
    status: shown.status as FindingStatus,
    published: true,
    asset: asset(shown),
    ruleId: text(shown.ruleId),
    tool: text(shown.tool),
    cve: (shown.cve as string[] | undefined) ?? [],
    cwe: (shown.cwe as string[] | undefined) ?? [],
    confidence: typeof shown.confidence === 'string' ? shown.confidence : undefined,
    cvssScore:
      cvssOf(shown.cvss31)?.score ??
      cvssOf(shown.cvss40)?.score ??
      (shown.cvss as { score?: number } | undefined)?.score,
    instanceCount: (shown.instanceCount as number | undefined) ?? 0,
    fixedInstanceCount: (shown.fixedInstanceCount as number | undefined) ?? 0,
    firstSeenAt: shown.firstSeenAt,
    lastSeenAt: shown.lastSeenAt as number | undefined,
    riskAcceptedUntil: shown.riskAcceptedUntil as number | undefined,
    dueAt: shown.dueAt as number | undefined,
    slaState: (shown.slaState as CustomerFindingRowOutput['slaState'] | undefined) ?? 'none',
    ...exploitSignalsOf(shown),
  };
}

/** A pending request as its customer reads it: who asked by name, never by e-mail address. */
function customerReview(review: PendingReview | undefined): CustomerFindingDetailOutput['review'] {
  if (!review) return undefined;
  const { kind, note, at, until, by, instances } = review;
  return {
    kind,
    note,
    at,
    ...(until !== undefined ? { until } : {}),
    ...(instances ? { instances } : {}),
    ...(by.name ? { byName: by.name } : {}),
  };
}

/** A customer's detail of a stored finding, or undefined when a customer may not read it (unpublished). */
export function customerFindingDetail(item: StoredFinding): CustomerFindingDetailOutput | undefined {
  const row = customerFindingRow(item);
  const shown = visibleFinding('customer', item);
  if (!row || !shown) return undefined;
  return {
    ...row,
    description: shown.description as string | undefined,
    remediation: shown.remediation as string | undefined,
    impact: shown.impact as string | undefined,
    references: (shown.references as string[] | undefined) ?? [],
    cvss: shown.cvss as CustomerFindingDetailOutput['cvss'],
    cvss31: cvssOf(shown.cvss31),
    cvss40: cvssOf(shown.cvss40),
    epss: shown.epss as CustomerFindingDetailOutput['epss'],
    evidence: shown.evidence as Record<string, unknown> | undefined,
    instances: (shown.instances as CustomerFindingDetailOutput['instances'] | undefined) ?? [],
    assetDetail: (shown.assetDetail as Record<string, unknown> | undefined) ?? {},
    foundAt: shown.foundAt as string | undefined,
    compliance: shown.compliance as Record<string, string[]> | undefined,
    toolStatus: shown.toolStatus as string | undefined,
    password: shown.password as Record<string, unknown> | undefined,
    review: customerReview(item.review as PendingReview | undefined),
    reviewLog: (item.reviewLog as CustomerFindingDetailOutput['reviewLog'] | undefined) ?? [],
  };
}
