// The finding-template library's schemas: each editable field with its own rule, the new template, the
// stored one as calls answer it, and the per-field edit (one field, its value, the version the editor saw).
import * as z from 'zod/mini';
import { serviceName } from '../../contracts/scope.js';
import { templateId } from '../../contracts/templates.js';
import { severities } from '../../kernel/scanners/finding-model.js';
import { editableTemplateFields } from '../../kernel/templates/template-fields.js';
import { recordVersion } from './schemas.js';

const noControlCharacters = /^[^\p{Cc}]*$/u;

const text = (max: number) =>
  z.string().check(z.maxLength(max, `must be at most ${max} characters`), z.regex(/^[^\0]*$/, 'must hold no NUL'));
const list = <T extends z.ZodMiniType>(item: T, max: number) =>
  z.array(item).check(z.maxLength(max, `must hold at most ${max} entries`));

export const templateFieldSchemas = {
  title: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'is required'),
      z.maxLength(200, 'must be at most 200 characters'),
      z.regex(noControlCharacters, 'must hold no control characters'),
    ),
  severity: z.enum(severities, { error: `must be one of ${severities.join(', ')}` }),
  description: text(20_000),
  remediation: text(20_000),
  references: list(
    z.string().check(z.minLength(1, 'must not be empty'), z.maxLength(2048, 'must be at most 2048 characters')),
    50,
  ),
  cwe: list(z.string().check(z.regex(/^CWE-\d{1,6}$/, 'must look like CWE-79')), 20),
  services: list(serviceName, 5),
  tags: list(
    z
      .string()
      .check(
        z.minLength(1, 'must not be empty'),
        z.maxLength(64, 'must be at most 64 characters'),
        z.regex(noControlCharacters, 'must hold no control characters'),
      ),
    20,
  ),
  /** `zap:10098`, `nuclei:CVE-2018-15473`, `openvas:<oid>`, `prowler:<check id>`, `cwe:CWE-79`. */
  rules: list(
    z
      .string()
      .check(
        z.regex(
          /^(zap|nuclei|openvas|prowler|nmap|httpx|subfinder|password-audit|cwe):[^\p{Cc}\s]{1,200}$/u,
          'must be <tool>:<rule id>, e.g. zap:10098 or nuclei:CVE-2018-15473',
        ),
      ),
    50,
  ),
  retired: z.boolean(),
} as const satisfies Record<(typeof editableTemplateFields)[number], z.ZodMiniType>;

/** A new template: a title and a severity, the rest optional (empty when left out). */
export const newTemplateInput = z.strictObject({
  title: templateFieldSchemas.title,
  severity: templateFieldSchemas.severity,
  description: z.optional(templateFieldSchemas.description),
  remediation: z.optional(templateFieldSchemas.remediation),
  references: z.optional(templateFieldSchemas.references),
  cwe: z.optional(templateFieldSchemas.cwe),
  services: z.optional(templateFieldSchemas.services),
  tags: z.optional(templateFieldSchemas.tags),
  rules: z.optional(templateFieldSchemas.rules),
});

const fieldVersions = z.object(
  Object.fromEntries(editableTemplateFields.map((field) => [field, z.number()])) as Record<
    (typeof editableTemplateFields)[number],
    z.ZodMiniNumber
  >,
);

export const templateDoc = z.object({
  templateId: z.string(),
  title: z.string(),
  severity: z.enum(severities),
  description: z.string(),
  remediation: z.string(),
  references: z.array(z.string()),
  cwe: z.array(z.string()),
  services: z.array(z.string()),
  tags: z.array(z.string()),
  rules: z.array(z.string()),
  retired: z.boolean(),
  usageCount: z.number(),
  /** The record's version: raised by every change of any field. */
  version: z.number(),
  /** Each editable field's own version, which its edits are conditional on. */
  fieldVersions,
  createdAt: z.number(),
  createdBy: z.string(),
  updatedAt: z.number(),
  updatedBy: z.string(),
});

export type TemplateDoc = z.infer<typeof templateDoc>;

/** One field's edit: `{templateId, field, value, expectedVersion}`, the value checked by the field's rule. */
export const templateFieldEdit = z.discriminatedUnion(
  'field',
  editableTemplateFields
    .filter((field) => field !== 'retired')
    .map((field) =>
      z.strictObject({
        templateId,
        field: z.literal(field),
        value: templateFieldSchemas[field],
        expectedVersion: recordVersion,
      }),
    ) as unknown as [z.ZodMiniObject, ...z.ZodMiniObject[]],
  { error: `field: must be one of ${editableTemplateFields.filter((field) => field !== 'retired').join(', ')}` },
);
