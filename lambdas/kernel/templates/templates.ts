// The finding-template library: create, read, list a page at a time, edit one field (conditional on that
// field's version), retire. Every change is an event written in the same transaction. Writes made in this
// process tell the search index at once (templateChangesHere); other processes' writes reach it through
// the index's change marker (data/entities/templates.ts). With a real Algolia application configured, every
// write also queues a mirror run (template-mirror-queue.ts), which never fails the write.
import { randomUUID } from 'node:crypto';
import type { Severity } from '../scanners/finding-model.js';
import {
  getTemplateItem,
  newTemplateWrite,
  queryTemplates,
  templateFieldsWrite,
  templateUsageWrite,
  writeTemplateTransaction,
  type StoredTemplate,
} from '../data/entities/templates.js';
import { failedConditions } from '../data/transactions.js';
import { ConflictError, NotFoundError, AlreadyExistsError } from '../errors.js';
import { eventTransactItem, type EventActor } from '../events/events.js';
import { editableTemplateFields, type EditableTemplateField } from './template-fields.js';
import { queueTemplateMirror } from './template-mirror-queue.js';

export interface TemplateFields {
  title: string;
  severity: Severity;
  description: string;
  remediation: string;
  references: string[];
  cwe: string[];
  services: string[];
  tags: string[];
  rules: string[];
  retired: boolean;
}

export interface Template extends TemplateFields {
  templateId: string;
  usageCount: number;
  version: number;
  fieldVersions: Record<EditableTemplateField, number>;
  createdAt: number;
  createdBy: string;
  updatedAt: number;
  updatedBy: string;
}

let changesHere = 0;
/** Raised by every template write of this process, so an index in the same process refreshes at once. */
export const templateChangesHere = () => changesHere;

const subjectOf = (template: Pick<Template, 'templateId' | 'title'>) => ({
  template: { templateId: template.templateId, title: template.title },
});

export type NewTemplate = Pick<TemplateFields, 'title' | 'severity'> & Partial<Omit<TemplateFields, 'retired'>>;

/**
 * A new template, with a fresh id (or the given one, for the seeded library: never over an existing id,
 * AlreadyExistsError then).
 */
export async function createTemplateAs(
  editor: EventActor,
  input: NewTemplate,
  templateId: string = randomUUID(),
): Promise<Template> {
  const now = Date.now();
  const template: Template = {
    templateId,
    title: input.title,
    severity: input.severity,
    description: input.description ?? '',
    remediation: input.remediation ?? '',
    references: input.references ?? [],
    cwe: input.cwe ?? [],
    services: input.services ?? [],
    tags: input.tags ?? [],
    rules: input.rules ?? [],
    retired: false,
    usageCount: 0,
    version: 1,
    fieldVersions: Object.fromEntries(editableTemplateFields.map((field) => [field, 1])) as Template['fieldVersions'],
    createdAt: now,
    createdBy: editor.email,
    updatedAt: now,
    updatedBy: editor.email,
  };
  try {
    await writeTemplateTransaction([
      newTemplateWrite(template as unknown as StoredTemplate),
      eventTransactItem(
        editor,
        {
          type: 'templateCreated',
          summary: `Created template ${template.title}`,
          subject: subjectOf(template),
          after: template,
        },
        now,
      ),
    ]);
  } catch (error) {
    if (failedConditions(error)?.includes(0)) {
      throw new AlreadyExistsError(`templateId: a template "${templateId}" already exists`);
    }
    throw error;
  }
  changesHere += 1;
  await queueTemplateMirror();
  return template;
}

export async function getTemplate(templateId: string): Promise<Template> {
  const template = await getTemplateItem(templateId);
  if (!template) throw new NotFoundError(`templateId: no template "${templateId}"`);
  return template as unknown as Template;
}

export async function listTemplatesPage(page: { cursor?: string; limit: number; descending: boolean }) {
  const { items, nextCursor } = await queryTemplates(page);
  return { templates: items as unknown as Template[], nextCursor };
}

/**
 * One field's edit, conditional on the version of that field the editor saw. Answers the field's new
 * version; a stale version is a ConflictError carrying what is stored (`{value, version}`), so the editor
 * can show both and choose. Two DynamoDB requests: the read (for the event's before, and to tell a
 * missing template from a stale version) and the transaction.
 */
export async function updateTemplateFieldAs(
  editor: EventActor,
  input: { templateId: string; field: EditableTemplateField; value: unknown; expectedVersion: number },
): Promise<{ version: number }> {
  const { templateId, field, value, expectedVersion } = input;
  const current = (await getTemplateItem(templateId, true)) as unknown as Template | undefined;
  if (!current) throw new NotFoundError(`templateId: no template "${templateId}"`);
  const conflict = (stored: Template) =>
    new ConflictError(`${field}: changed by someone else; here is the stored value.`, {
      field,
      value: stored[field],
      version: stored.fieldVersions[field],
    });
  if (current.fieldVersions[field] !== expectedVersion) throw conflict(current);
  const now = Date.now();
  const title = field === 'title' ? (value as string) : current.title;
  try {
    await writeTemplateTransaction([
      templateFieldsWrite(
        templateId,
        { [field]: { value, expectedVersion } },
        { updatedAt: now, updatedBy: editor.email },
      ),
      eventTransactItem(
        editor,
        {
          type: field === 'retired' ? (value ? 'templateRetired' : 'templateRestored') : 'templateUpdated',
          summary:
            field === 'retired'
              ? `${value ? 'Retired' : 'Restored'} template ${title}`
              : `Changed the ${field} of template ${title}`,
          subject: subjectOf({ templateId, title }),
          before: { [field]: current[field], version: expectedVersion },
          after: { [field]: value, version: expectedVersion + 1 },
        },
        now,
      ),
    ]);
  } catch (error) {
    if (failedConditions(error)?.includes(0)) {
      const stored = (await getTemplateItem(templateId, true)) as unknown as Template | undefined;
      if (!stored) throw new NotFoundError(`templateId: no template "${templateId}"`);
      throw conflict(stored);
    }
    throw error;
  }
  changesHere += 1;
  await queueTemplateMirror();
  return { version: expectedVersion + 1 };
}

/** Counts uses of a template (applying it to findings), recorded with the event of the change that used it. */
export async function recordTemplateUse(
  editor: EventActor,
  template: Pick<Template, 'templateId' | 'title'>,
  uses: number,
) {
  const now = Date.now();
  await writeTemplateTransaction([
    templateUsageWrite(template.templateId, uses, now),
    eventTransactItem(
      editor,
      {
        type: 'templateApplied',
        summary: `Applied template ${template.title} to ${uses} finding${uses === 1 ? '' : 's'}`,
        subject: subjectOf(template),
      },
      now,
    ),
  ]);
  changesHere += 1;
  await queueTemplateMirror();
}
