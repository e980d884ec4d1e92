// Words for what an analyst does to findings: the editable fields' names, a status with its reason
// ('Risk accepted until 3 March 2027: the fix ships in Q2'), the values of an edit as the history shows
// them (before → after), and what a bulk action does ('Set the status to Fixed on 12 findings').
import type { BulkAction } from '../../../../../../lambdas/contracts/curation';
import type { EditableFindingField, FindingEdit, FindingFieldValues } from '../../../../api/call-client';
import {
  findingStatusLabels,
  severityLabels,
  type FindingStatus,
  type Severity,
} from '../finding-values/finding-labels';
import { plural } from '../finding-values/finding-text';

/**
 * The most findings one bulk update takes: contracts/curation.ts's maxBulkFindings, copied (that module brings
 * zod with it) and kept equal by tests/unit/finding-curation-text.test.ts.
 */
export const maxBulkFindings = 1000;

export const findingFieldLabels: Record<EditableFindingField, string> = {
  title: 'Title',
  description: 'Description',
  remediation: 'Remediation',
  severity: 'Severity',
  status: 'Status',
  notes: 'Notes',
  tags: 'Tags',
  published: 'Published',
  cvss31: 'CVSS 3.1 vector',
  cvss40: 'CVSS 4.0 vector',
};

/** A history entry's field name (the server may name fields this page does not edit, such as 'template'). */
export function fieldLabelOf(field: string): string {
  return field in findingFieldLabels ? findingFieldLabels[field as EditableFindingField] : field;
}

/** The statuses that carry a reason; risk accepted also an expiry. */
export function statusNeedsExpiry(status: FindingStatus): boolean {
  return status === 'risk_accepted';
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });

export function dateText(at: number): string {
  return dateFormat.format(new Date(at));
}

export type StatusValue = FindingFieldValues['status'];

/** 'Risk accepted until 3 March 2027: the fix ships in Q2', 'False positive', 'Open'. */
export function statusText(value: StatusValue): string {
  const label = findingStatusLabels[value.status];
  const until = value.expiresAt !== undefined ? ` until ${dateText(value.expiresAt)}` : '';
  const note = value.note?.trim() ? `: ${value.note.trim()}` : '';
  return `${label}${until}${note}`;
}

/** The date picker's 'YYYY-MM-DD' as the start of that day here, in ms (undefined when not a whole date). */
export function dayStart(isoDate: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return undefined;
  const at = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])).getTime();
  return Number.isNaN(at) ? undefined : at;
}

/** A time as the date picker's 'YYYY-MM-DD' (the local day). */
export function isoDay(at: number): string {
  const date = new Date(at);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Risk may be accepted until a day after today, at most three years ahead (the server's rule). */
export function isExpiryDayAllowed(day: Date, now = Date.now()): boolean {
  const today = new Date(now);
  const tomorrow = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1).getTime();
  const latest = new Date(today.getFullYear() + 3, today.getMonth(), today.getDate()).getTime();
  const at = day.getTime();
  return at >= tomorrow && at <= latest;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A value of an edit in words, for the history: texts shortened, severities and statuses by their labels. */
export function editValueText(field: string, value: unknown): string {
  if (value === undefined || value === null || value === '') {
    if (field === 'severity' || field === 'cvss31' || field === 'cvss40') return "The tool's";
    if (field === 'title' || field === 'description' || field === 'remediation') return "The tool's text";
    return '—';
  }
  if (field === 'severity' && typeof value === 'string' && value in severityLabels) {
    return severityLabels[value as Severity];
  }
  if (
    field === 'status' &&
    isObject(value) &&
    typeof value.status === 'string' &&
    value.status in findingStatusLabels
  ) {
    return statusText({
      status: value.status as FindingStatus,
      ...(typeof value.note === 'string' ? { note: value.note } : {}),
      ...(typeof value.expiresAt === 'number' ? { expiresAt: value.expiresAt } : {}),
    });
  }
  if (field === 'status' && typeof value === 'string' && value in findingStatusLabels) {
    return findingStatusLabels[value as FindingStatus];
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length > 0 ? value.map(String).join(', ') : 'None';
  if (typeof value === 'string') return value.length > 120 ? `${value.slice(0, 119)}…` : value;
  if (isObject(value) && typeof value.title === 'string') return value.title;
  return JSON.stringify(value);
}

/** Where an edit came from, beside who made it. */
export function editSourceText(edit: Pick<FindingEdit, 'bulkId' | 'templateId'>): string | undefined {
  if (edit.templateId) return `template ${edit.templateId}`;
  if (edit.bulkId) return 'bulk update';
  return undefined;
}

/** 'Set the status to Fixed', 'Add the tag pci', 'Apply the template "SQL injection"'. */
export function bulkActionText(action: BulkAction, templateTitle?: string): string {
  switch (action.kind) {
    case 'setStatus':
      return `Set the status to ${statusText(action.value)}`;
    case 'setSeverity':
      return action.value === null
        ? "Set the severity back to the tool's"
        : `Set the severity to ${severityLabels[action.value]}`;
    case 'setPublished':
      return action.value ? 'Publish' : 'Unpublish';
    case 'addTag':
      return `Add the tag ${action.tag}`;
    case 'removeTag':
      return `Remove the tag ${action.tag}`;
    case 'applyTemplate':
      return `Apply the template ${templateTitle ? `"${templateTitle}"` : action.templateId}`;
  }
}

/** 'Set the status to Fixed on 12 findings'. */
export function bulkSummary(action: BulkAction, count: number, templateTitle?: string): string {
  return `${bulkActionText(action, templateTitle)} on ${plural(count, 'finding')}`;
}
