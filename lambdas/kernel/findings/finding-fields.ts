// How an analyst's edit of one field lands on a stored finding: which attributes it sets or removes, the
// value the editor sees of it (what a conflict answers), and the field's own version. One edit, a bulk
// update and a template's application all build their writes here, so a field means the same everywhere (the
// title's edit rebuilds the list's search text with it).
//
// The analyst's wording is kept beside the tool's (`analystTitle` beside `title`), so a new scan can still
// update the tool's text and the analyst can go back to it. Versions are per field (`fv_<field>`, absent
// = 0): two editors of different fields never conflict, and an import's status change moves `fv_status`.
import type { EditableFindingField, FindingStatusValue } from '../../contracts/curation.js';
import { findingIndexKey, type StoredFinding } from '../data/entities/findings.js';
import { InvalidArgumentError } from '../errors.js';
import type { Severity } from '../scanners/finding-model.js';
import { findingSearchText } from './finding-search.js';
import { analystCvssAttributes, analystCvssValue, isCvssField } from './finding-cvss.js';
import type { CvssScored } from '../../contracts/cvss.js';
import {
  addSlaParts,
  findingSlaAfter,
  slaFieldNames,
  type SlaFacts,
  type SlaPolicyUse,
  type SlaRead,
} from '../sla/finding-sla.js';

/** The stored attribute holding a field's version. */
export const fieldVersionAttribute = (field: EditableFindingField) => `fv_${field}`;

export const fieldVersionOf = (finding: StoredFinding, field: EditableFindingField): number =>
  Number(finding[fieldVersionAttribute(field)] ?? 0);

const textAttributes = {
  title: 'analystTitle',
  description: 'analystDescription',
  remediation: 'analystRemediation',
} as const;

export const textFields = Object.keys(textAttributes) as (keyof typeof textAttributes)[];
const isTextField = (field: EditableFindingField): field is keyof typeof textAttributes => field in textAttributes;

/** The value of a field as its editor holds it (and as a conflict answers it). */
export function editorValue(finding: StoredFinding, field: EditableFindingField): unknown {
  if (isTextField(field)) return finding[textAttributes[field]] ?? '';
  switch (field) {
    case 'severity':
      return finding.analystSeverity ?? null;
    case 'status': {
      const reason = finding.statusReason as (FindingStatusValue & { by?: string }) | undefined;
      const value: FindingStatusValue = { status: finding.status as FindingStatusValue['status'] };
      if (reason && reason.status === finding.status) {
        if (reason.note) value.note = reason.note;
        if (reason.expiresAt) value.expiresAt = reason.expiresAt;
      }
      return value;
    }
    case 'notes':
      return finding.notes ?? '';
    case 'tags':
      return finding.tags ?? [];
    case 'published':
      return finding.published === true;
    case 'cvss31':
    case 'cvss40':
      return (finding[analystCvssAttributes[field]] as CvssScored | undefined)?.vector ?? null;
  }
}

/** Tags as stored: trimmed, each once, in the order first given. */
export const normalTags = (tags: readonly string[]) => [...new Set(tags.map((tag) => tag.trim()))];

const threeYears = 3 * 365 * 24 * 3600 * 1000;

/** A status value's own rules, beyond its shape: a risk is accepted until a date, and only then has one. */
export function checkStatusValue(value: FindingStatusValue, now: number): void {
  if (value.status === 'risk_accepted') {
    if (value.expiresAt === undefined)
      throw new InvalidArgumentError('value.expiresAt: a risk is accepted until a date');
    if (value.expiresAt <= now) throw new InvalidArgumentError('value.expiresAt: must be in the future');
    if (value.expiresAt > now + threeYears) throw new InvalidArgumentError('value.expiresAt: must be within 3 years');
  } else if (value.expiresAt !== undefined) {
    throw new InvalidArgumentError('value.expiresAt: only a risk accepted has an expiry');
  }
}

/** Values as JSON with object keys sorted: DynamoDB gives a map's keys back in any order. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );

export const sameValue = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/** Who edits and when, for the record and its history. */
export interface EditStamp {
  by: string;
  at: number;
  bulkId?: string;
  templateId?: string;
}

/** Parts of one UpdateExpression; several fields' parts merge into one write. */
export interface UpdateParts {
  sets: string[];
  removes: string[];
  conditions: string[];
  names: Record<string, string>;
  values: Record<string, unknown>;
  /** History entries (field, before, after) appended to the finding's `edits`. */
  entries: Array<{ field: EditableFindingField; before: unknown; after: unknown }>;
  /** The attributes the write sets (undefined: removes), as the finding will hold them: what a report counts. */
  written: Record<string, unknown>;
}

export const emptyParts = (): UpdateParts => ({
  sets: [],
  removes: [],
  conditions: [],
  names: {},
  values: {},
  entries: [],
  written: {},
});

/** The finding as a write of these parts leaves it (of the attributes the parts name). */
export const findingAfterParts = (finding: StoredFinding, parts: UpdateParts): StoredFinding => ({
  ...finding,
  ...parts.written,
});

/**
 * Adds one field's edit to `parts`: the attributes it sets or removes, its version raised by one, and the
 * condition that the version is still the one read (`finding`). `key` keeps placeholders apart when one
 * write changes several fields.
 */
export function addFieldEdit(
  parts: UpdateParts,
  finding: StoredFinding,
  field: EditableFindingField,
  value: unknown,
  stamp: EditStamp,
  key = field,
): void {
  const version = fieldVersionOf(finding, field);
  const fv = `#fv_${key}`;
  parts.names[fv] = fieldVersionAttribute(field);
  if (version > 0) parts.values[`:fv_${key}`] = version;
  parts.values[':one'] = 1;
  parts.values[':zero'] = 0;
  parts.sets.push(`${fv} = if_not_exists(${fv}, :zero) + :one`);
  parts.conditions.push(version === 0 ? `attribute_not_exists(${fv})` : `${fv} = :fv_${key}`);
  const set = (attribute: string, attributeValue: unknown) => {
    parts.names[`#a_${key}_${attribute}`] = attribute;
    parts.values[`:a_${key}_${attribute}`] = attributeValue;
    parts.sets.push(`#a_${key}_${attribute} = :a_${key}_${attribute}`);
    parts.written[attribute] = attributeValue;
  };
  const remove = (attribute: string) => {
    parts.names[`#a_${key}_${attribute}`] = attribute;
    parts.removes.push(`#a_${key}_${attribute}`);
    parts.written[attribute] = undefined;
  };
  const before = editorValue(finding, field);
  let after = value;
  if (isTextField(field)) {
    const text = value as string;
    if (text === '') remove(textAttributes[field]);
    else set(textAttributes[field], text);
    if (field === 'title') {
      // The list's text filter searches the title shown (finding-search.ts): rebuilt in the same write, from the
      // tool's fields read, and refused if an import changed those meanwhile.
      set('searchText', findingSearchText({ ...finding, analystTitle: text || undefined }));
      parts.names['#sourceHash'] = 'sourceHash';
      if (finding.sourceHash === undefined) parts.conditions.push('attribute_not_exists(#sourceHash)');
      else {
        parts.values[':readSourceHash'] = finding.sourceHash;
        parts.conditions.push('#sourceHash = :readSourceHash');
      }
    }
    // Hand edits after a template keep an update of the template from overwriting them.
    if (finding.template && !stamp.templateId) set('templateTextsEdited', true);
  } else if (field === 'severity') {
    const analyst = value as Severity | null;
    const shown = analyst ?? finding.toolSeverity;
    if (analyst) set('analystSeverity', analyst);
    else remove('analystSeverity');
    set('severity', shown);
    set('gsi1sk', findingIndexKey(shown, finding.firstSeenAt, finding.id));
    // A known-exploited finding's place on its index (gsi4) follows the severity, on the condition it still is one.
    parts.names['#readKnownExploited'] = 'knownExploited';
    if (finding.knownExploited === true) {
      set('gsi4sk', findingIndexKey(shown, finding.firstSeenAt, finding.id));
      parts.values[':readKnownExploited'] = true;
      parts.conditions.push('#readKnownExploited = :readKnownExploited');
    } else parts.conditions.push('attribute_not_exists(#readKnownExploited)');
    // Computed from the tool's severity read: if an import changed it meanwhile, this write is refused.
    parts.names['#toolSeverity'] = 'toolSeverity';
    parts.values[':readToolSeverity'] = finding.toolSeverity;
    parts.conditions.push('#toolSeverity = :readToolSeverity');
  } else if (field === 'status') {
    const status = value as FindingStatusValue;
    checkStatusValue(status, stamp.at);
    set('status', status.status);
    set('statusReason', { ...status, by: stamp.by, at: stamp.at });
    after = status;
  } else if (field === 'notes') {
    if (value === '') remove('notes');
    else set('notes', value);
  } else if (field === 'tags') {
    after = normalTags(value as string[]);
    set('tags', after);
  } else if (isCvssField(field)) {
    // The score is computed here from the vector, never taken from the caller.
    const scored = analystCvssValue(field, value);
    if (scored) set(analystCvssAttributes[field], scored);
    else remove(analystCvssAttributes[field]);
    after = scored?.vector ?? null;
  } else {
    set('published', value);
    // The first publication: where the time to fix a finding counts from (progress-counters.ts).
    if (value === true && finding.publishedAt === undefined) set('publishedAt', stamp.at);
  }
  parts.entries.push({ field, before, after });
}

/** The write's common parts: history entries, the record's version and who changed it when. */
export function finishParts(parts: UpdateParts, stamp: EditStamp): UpdateParts {
  parts.names['#edits'] = 'edits';
  parts.names['#version'] = 'version';
  parts.names['#updatedAt'] = 'updatedAt';
  parts.names['#updatedBy'] = 'updatedBy';
  parts.values[':edits'] = parts.entries.map((entry) => ({
    at: stamp.at,
    by: stamp.by,
    ...entry,
    ...(stamp.bulkId ? { bulkId: stamp.bulkId } : {}),
    ...(stamp.templateId ? { templateId: stamp.templateId } : {}),
  }));
  parts.values[':emptyList'] = [];
  parts.values[':one'] = 1;
  parts.values[':updatedAt'] = stamp.at;
  parts.values[':updatedBy'] = stamp.by;
  parts.sets.push(
    '#edits = list_append(if_not_exists(#edits, :emptyList), :edits)',
    '#version = if_not_exists(#version, :one) + :one',
    '#updatedAt = :updatedAt',
    '#updatedBy = :updatedBy',
  );
  return parts;
}

/** The UpdateExpression and ConditionExpression of finished parts. */
export function expressionsOf(parts: UpdateParts) {
  return {
    UpdateExpression: `SET ${parts.sets.join(', ')}${parts.removes.length ? ` REMOVE ${parts.removes.join(', ')}` : ''}`,
    ConditionExpression: ['attribute_exists(pk)', ...parts.conditions].join(' AND '),
    ExpressionAttributeNames: parts.names,
    ExpressionAttributeValues: parts.values,
  };
}

/** The fields whose edits move a finding's SLA clock (sla/finding-sla.ts). */
export const slaEditFields: readonly EditableFindingField[] = ['severity', 'status', 'published'];

/**
 * Adds to `parts` the SLA attributes the edits in it lead to (the shown severity, status and publication after
 * them), with `paused` whether a review waits after the write (default: as read). Answers whether it added.
 */
export function addSlaEdit(
  parts: UpdateParts,
  scope: { slug: string; service: string },
  finding: StoredFinding,
  policy: SlaPolicyUse,
  at: number,
  paused: boolean = finding.review !== undefined,
): boolean {
  const after = (field: EditableFindingField) => parts.entries.find((entry) => entry.field === field)?.after;
  const severity = after('severity');
  const status = after('status') as FindingStatusValue | undefined;
  const published = after('published');
  const next: SlaFacts = {
    severity:
      severity === undefined
        ? (finding.severity ?? finding.analystSeverity ?? finding.toolSeverity)
        : ((severity as Severity | null) ?? finding.toolSeverity),
    status: status?.status ?? finding.status,
    published: published === undefined ? finding.published === true : published === true,
    paused,
  };
  const read = finding as SlaRead;
  const sla = findingSlaAfter({ ...scope, id: finding.id }, read, next, policy, at);
  for (const name of slaFieldNames) parts.written[name] = sla[name];
  return addSlaParts(parts, read, sla);
}
