// The shapes of curating findings (an API: the web and scripts use them). An analyst edits one field at a
// time, conditional on the version of that field they saw (`updateFinding`); selections change through a
// bulk update that runs in the background (`bulkUpdateFindings`, then `getBulkUpdate` for its progress);
// tags are suggested from the tag counts (`listFindingTags`); a template is applied to one finding
// (`applyTemplate`) or to a selection, and the findings on an older version of a template are listed
// (`listTemplateFindings`) and brought up to date (`refreshTemplateFindings`).
import * as z from 'zod/mini';
import type { BulkAction as DomainBulkAction } from './bulk-action.js';
import { editableFindingFields, maxBulkFindings, type EditableFindingField } from './finding-limits.js';
import { findingId, findingStatuses, serviceScope, severity } from './findings.js';
import { companySlug, serviceName } from './scope.js';
import { templateId } from './templates.js';

const noControlCharacters = /^[^\p{Cc}]*$/u;

/** A tag: 1 to 64 characters, no control characters; compared as written (trimmed). */
export const tagName = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'must not be empty'),
    z.maxLength(64, 'must be at most 64 characters'),
    z.regex(noControlCharacters, 'must hold no control characters'),
  );

/** Why an analyst set a status other than open or fixed. */
export const statusReasons = ['false_positive', 'risk_accepted', 'out_of_scope'] as const;

/**
 * A status change: `open` and `fixed` take an optional note; `false_positive` and `out_of_scope` too;
 * `risk_accepted` needs an expiry (ms since 1970, in the future, within 3 years), when the finding opens again.
 */
export const findingStatusValue = z.strictObject({
  status: z.enum(findingStatuses, { error: `must be one of ${findingStatuses.join(', ')}` }),
  note: z.optional(z.string().check(z.maxLength(2000, 'must be at most 2000 characters'))),
  expiresAt: z.optional(z.int().check(z.positive('must be a time'))),
});
export type FindingStatusValue = z.infer<typeof findingStatusValue>;

const text = (max: number) =>
  z.string().check(z.maxLength(max, `must be at most ${max} characters`), z.regex(/^[^\0]*$/, 'must hold no NUL'));

/** A CVSS vector as typed: its strict reading is the server's (kernel/findings/finding-cvss.ts). */
const cvssVectorText = z
  .string()
  .check(
    z.trim(),
    z.maxLength(200, 'must be at most 200 characters'),
    z.regex(noControlCharacters, 'must hold no control characters'),
  );

/**
 * The fields an analyst edits, each versioned on its own. Texts (title, description, remediation) are the
 * analyst's own wording, stored beside the tool's: an empty string goes back to the tool's text. `severity`
 * is the analyst's severity (null: the tool's again).
 */
export const findingFieldSchemas = {
  title: z
    .string()
    .check(
      z.trim(),
      z.maxLength(200, 'must be at most 200 characters'),
      z.regex(noControlCharacters, 'must hold no control characters'),
    ),
  description: text(20_000),
  remediation: text(20_000),
  severity: z.nullable(severity),
  status: findingStatusValue,
  notes: text(20_000),
  tags: z.array(tagName).check(z.maxLength(20, 'must hold at most 20 tags')),
  published: z.boolean(),
  /** The analyst's CVSS 3.1 base vector (null or '': the tool's again); the server reads it strictly and scores it. */
  cvss31: z.nullable(cvssVectorText),
  /** The analyst's CVSS 4.0 base vector, as cvss31. */
  cvss40: z.nullable(cvssVectorText),
} as const satisfies Record<EditableFindingField, unknown>;

// `satisfies` makes the compiler check that every editable field has its rule, and no rule another field.
export { editableFindingFields, type EditableFindingField };

/** `{slug, service, findingId, field, value, expectedVersion}`: the value checked by the field's rule. */
export const findingFieldEdit = z.discriminatedUnion(
  'field',
  editableFindingFields.map((field) =>
    z.strictObject({
      ...serviceScope,
      findingId,
      field: z.literal(field),
      value: findingFieldSchemas[field],
      /** The field's version the editor saw (0 when the field was never edited). */
      expectedVersion: z.int().check(z.minimum(0, 'must be 0 or more')),
    }),
  ) as unknown as [z.ZodMiniObject, ...z.ZodMiniObject[]],
  { error: `field: must be one of ${editableFindingFields.join(', ')}` },
);

export { findingCuration, findingEdit } from './findings.js';

export const bulkId = z.string().check(z.regex(/^[0-9A-Za-z_-]{8,64}$/, 'must be a bulk update id'));

/** What a bulk update does to each finding of the selection. */
export const bulkAction = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('setStatus'), value: findingStatusValue }),
    z.strictObject({ kind: z.literal('setSeverity'), value: z.nullable(severity) }),
    z.strictObject({ kind: z.literal('setPublished'), value: z.boolean() }),
    z.strictObject({ kind: z.literal('addTag'), tag: tagName }),
    z.strictObject({ kind: z.literal('removeTag'), tag: tagName }),
    z.strictObject({ kind: z.literal('applyTemplate'), templateId }),
  ],
  { error: 'kind: must be one of setStatus, setSeverity, setPublished, addTag, removeTag, applyTemplate' },
);
/** The parsed action is the domain's BulkAction (a change to either fails the typecheck here). */
export type BulkAction = DomainBulkAction;
true satisfies z.infer<typeof bulkAction> extends DomainBulkAction ? true : false;
true satisfies DomainBulkAction extends z.infer<typeof bulkAction> ? true : false;

export { maxBulkFindings };

export const bulkUpdateInput = z.strictObject({
  ...serviceScope,
  findingIds: z
    .array(findingId)
    .check(
      z.minLength(1, 'must name at least one finding'),
      z.maxLength(maxBulkFindings, `must name at most ${maxBulkFindings} findings`),
    ),
  action: bulkAction,
});

/** A finding a bulk update did not change, and why. */
export const bulkSkip = z.object({
  slug: companySlug,
  service: serviceName,
  findingId: z.string(),
  reason: z.enum(['conflict', 'notFound']),
});

export const bulkUpdate = z.object({
  bulkId: z.string(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  action: z.unknown(),
  total: z.number(),
  processed: z.number(),
  changed: z.number(),
  /** Already as asked (the tag was there, the status was set): left alone. */
  unchanged: z.number(),
  /** Changed by someone else while the update ran (the field's version moved), or gone. */
  conflicted: z.array(bulkSkip),
  createdAt: z.number(),
  createdBy: z.string(),
  finishedAt: z.optional(z.number()),
  error: z.optional(z.string()),
});
export type BulkUpdateOutput = z.infer<typeof bulkUpdate>;

export const findingTag = z.object({ tag: z.string(), tagCount: z.number() });

export const templateFindingRow = z.object({
  slug: z.string(),
  service: serviceName,
  findingId: z.string(),
  title: z.string(),
  severity,
  status: z.enum(findingStatuses),
  /** The template's version the finding's texts came from. */
  templateVersion: z.number(),
  templateTextsEdited: z.boolean(),
});
