// Which entries of the webhook outbox are webhook events, and which. The event log is the one place every change of
// a finding is written (in the change's own transaction), so the fan-out reads it rather than each change calling
// it; a bulk update's findings and an import's end put entries of the same shape in the outbox beside it
// (`findingUpdated` per finding, `scanCompleted`).
import type { WebhookEventType } from '../../contracts/webhooks.js';

/** The event log's entry as the fan-out reads it (kernel/events). */
export interface LoggedEvent {
  type: string;
  /** An EventSubject: `finding` names the finding's company, service and id. */
  subject?: unknown;
  before?: unknown;
  after?: unknown;
}

export interface LoggedFinding {
  slug: string;
  service: string;
  findingId: string;
}

/** Edited fields a customer never sees: their edits are no webhook event. */
const analystOnlyEdits = new Set(['notes', 'tags']);
const closedStatuses = new Set(['fixed', 'risk_accepted', 'false_positive', 'out_of_scope']);

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};

/** The webhook event a log entry is, or undefined when it is none. */
export function webhookEventOf(event: LoggedEvent): WebhookEventType | undefined {
  if (event.type === 'scanCompleted') return loggedCompanyOf(event) ? 'scan.completed' : undefined;
  if (!loggedFindingOf(event)) return undefined;
  const before = record(event.before);
  const after = record(event.after);
  switch (event.type) {
    case 'findingUpdated': {
      const field = Object.keys(after).find((key) => key !== 'version');
      if (!field || analystOnlyEdits.has(field)) return undefined;
      if (field === 'published') return after.published === true ? 'finding.published' : undefined;
      if (field === 'status') {
        // A status edit logs `{status, note?, until?}`; older entries the bare status.
        const statusOf = (value: unknown) => (typeof value === 'string' ? value : record(value).status);
        const [was, now] = [statusOf(before.status), statusOf(after.status)];
        if (now === 'fixed') return 'finding.fixed';
        if (now === 'open' && closedStatuses.has(String(was))) return 'finding.reopened';
      }
      return 'finding.updated';
    }
    case 'templateAppliedToFinding':
      // A template's texts (title, description, remediation) are what a customer reads.
      return 'finding.updated';
    case 'findingRetestRequested':
      return 'retest.requested';
    case 'findingRiskAcceptanceRequested':
      return 'risk.requested';
    case 'findingReviewDecided':
      return after.decision === 'accept' || after.decision === 'decline' ? 'risk.decided' : 'retest.decided';
    default:
      return undefined;
  }
}

/** The finding an entry is about, when it names one. */
export function loggedFindingOf(event: LoggedEvent): LoggedFinding | undefined {
  const finding = record(record(event.subject).finding);
  const { slug, service, findingId } = finding;
  if (typeof slug !== 'string' || typeof service !== 'string' || typeof findingId !== 'string') return undefined;
  return { slug, service, findingId };
}

/** The company an entry is about: its finding's, or the one it names. */
export function loggedCompanyOf(event: LoggedEvent): string | undefined {
  const finding = loggedFindingOf(event);
  if (finding) return finding.slug;
  const slug = record(record(event.subject).company).slug;
  return typeof slug === 'string' ? slug : undefined;
}
