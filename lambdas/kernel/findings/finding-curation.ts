// An analyst's edit of one finding field (auto-save), and a template applied to one finding. Each is two
// DynamoDB requests: a consistent BatchGet (the finding with its company's record, and the SLA policy or the
// template) (the version the editor saw is checked, the history's "before" is taken, a missing finding told from a
// stale version, the company's webhook endpoints counted) and one transaction writing the finding, its event
// and — for tags — each tag's counter and reference. A stale version is a ConflictError carrying the stored
// value and version, so the editor shows both and lets the analyst choose.
import type { EditableFindingField } from '../../contracts/curation.js';
import { readConfig } from '../config.js';
import {
  batchGetConsistent,
  isCancelledOnCondition,
  transactWithRetry,
  type TransactItem,
} from '../data/transactions.js';
import {
  findingKey,
  getFindingItem,
  stripFindingKeys,
  templateLineageKey,
  templateLineagePartition,
  type StoredFinding,
} from '../data/entities/findings.js';
import { tagCountWrite, tagReferenceWrite } from '../data/entities/finding-tags.js';
import { statusLogWrite } from '../data/entities/import-digest.js';
import { publicationWrite } from '../data/entities/notifications.js';
import { queuePublishedNotice } from '../notifications/published-notice.js';
import { nudgeWebhookFanout } from '../webhooks/webhook-queue.js';
import { companyHasWebhooks } from '../webhooks/webhook-outbox.js';
import { companyItemKey } from '../data/entities/companies.js';
import { ConflictError, NotFoundError } from '../errors.js';
import { eventTransactItem, type EventActor } from '../events/events.js';
import { stripTemplateKeys, templateKey, templateUsageWrite } from '../data/entities/templates.js';
import { queueTemplateMirror } from '../templates/template-mirror-queue.js';
import type { FindingFacts } from '../data/entities/service-reports.js';
import { reportDeltaWrites, reportMovesOf } from '../reports/service-reports.js';
import { getTemplate, type Template } from '../templates/templates.js';
import { editableFindingFields } from '../../contracts/finding-limits.js';
import {
  addFieldEdit,
  addSlaEdit,
  editorValue,
  emptyParts,
  expressionsOf,
  fieldVersionOf,
  findingAfterParts,
  finishParts,
  normalTags,
  sameValue,
  slaEditFields,
  textFields,
  type EditStamp,
  type UpdateParts,
} from './finding-fields.js';
import { analystCvssValue, isCvssField } from './finding-cvss.js';
import { readFindingWith, type FindingRef } from './finding-reads.js';

export type { FindingRef } from './finding-reads.js';

export const findingNotFound = 'findingId: there is no such finding for this company and service';

/** The finding's Update, from finished parts. */
export function findingUpdate(ref: FindingRef, parts: UpdateParts): TransactItem {
  return {
    Update: {
      TableName: readConfig().TABLE_NAME,
      Key: findingKey(ref.slug, ref.service, ref.findingId),
      ...expressionsOf(parts),
    },
  };
}

/**
 * The finding's Update and, when it changes the status, the status log's write the next import reads over its
 * digest (import-digest.ts). The Update comes first.
 */
export function findingWrites(ref: FindingRef, parts: UpdateParts, at: number): TransactItem[] {
  const status = parts.entries.find((entry) => entry.field === 'status')?.after as { status: string } | undefined;
  return [
    findingUpdate(ref, parts),
    ...(status ? [statusLogWrite(ref.slug, ref.service, ref.findingId, status.status, at)] : []),
  ];
}

/** The counter and reference writes of a change of a finding's tags from `before` to `after`. */
export function tagWrites(ref: FindingRef, before: readonly string[], after: readonly string[]): TransactItem[] {
  const added = after.filter((tag) => !before.includes(tag));
  const removed = before.filter((tag) => !after.includes(tag));
  return [
    ...added.flatMap((tag) => [tagCountWrite(tag, 1), tagReferenceWrite(tag, ref, true)]),
    ...removed.flatMap((tag) => [tagCountWrite(tag, -1), tagReferenceWrite(tag, ref, false)]),
  ];
}

/**
 * The service report's counter moves of these writes (what they change of status, severity, publication and the
 * SLA clock), as items of their transaction, or none when they change nothing a report counts. A bulk update
 * leaves the assets' out (`withAssets` false): it counts them anew as it ends.
 */
export function reportWritesOf(
  ref: Pick<FindingRef, 'slug' | 'service'>,
  writes: ReadonlyArray<{ finding: StoredFinding; parts: UpdateParts }>,
  at: number,
  withAssets = true,
): TransactItem[] {
  const moves = new Map<string, number>();
  for (const { finding, parts } of writes) {
    const after = findingAfterParts(finding, parts) as unknown as FindingFacts;
    reportMovesOf(finding, after, at, moves);
  }
  const assets = withAssets ? writes.map(({ finding }) => finding as unknown as FindingFacts) : false;
  return reportDeltaWrites(ref.slug, ref.service, moves, at, assets);
}

const shownTitle = (finding: StoredFinding) => finding.analystTitle || (finding.title as string);

const conflictOf = (finding: StoredFinding, field: EditableFindingField) =>
  new ConflictError(`${field}: changed by someone else; here is the stored value.`, {
    field,
    value: editorValue(finding, field),
    version: fieldVersionOf(finding, field),
  });

/**
 * One field's edit, conditional on the version of that field the editor saw. Answers the field's version
 * after it (the same when the value was already stored: nothing is written then).
 */
export async function updateFindingFieldAs(
  editor: EventActor,
  input: FindingRef & { field: EditableFindingField; value: unknown; expectedVersion: number },
): Promise<{ version: number }> {
  const { field, expectedVersion } = input;
  // A CVSS vector is read strictly before anything is read or written (INVALID_ARGUMENT naming the field).
  const value = isCvssField(field) ? (analystCvssValue(field, input.value)?.vector ?? null) : input.value;
  // The finding and its company's record (its webhook endpoints) in one BatchGet; with the company's SLA policy when
  // the edit moves the clock.
  const { finding, company, policy } = await readFindingWith(input, {
    company: true,
    policy: slaEditFields.includes(field),
  });
  if (!finding) throw new NotFoundError(findingNotFound);
  const version = fieldVersionOf(finding, field);
  if (version !== expectedVersion) throw conflictOf(finding, field);
  const stored = editorValue(finding, field);
  const wanted = field === 'tags' ? normalTags(value as string[]) : value;
  if (sameValue(stored, wanted)) return { version };
  const now = Date.now();
  const stamp: EditStamp = { by: editor.email, at: now };
  const parts = emptyParts();
  addFieldEdit(parts, finding, field, wanted, stamp);
  if (policy) addSlaEdit(parts, input, finding, policy, now);
  finishParts(parts, stamp);
  const items: TransactItem[] = findingWrites(input, parts, now);
  if (field === 'tags') items.push(...tagWrites(input, stored as string[], wanted as string[]));
  items.push(...reportWritesOf(input, [{ finding, parts }], now));
  // Publishing logs the finding for the notification rules in the same transaction (notification-delivery.ts).
  const published = field === 'published' && wanted === true;
  if (published) items.push(publicationWrite(input.slug, input.service, input.findingId, now));
  const entry = parts.entries[0]!;
  // Customers hear of a published finding's changes, or of its publication, when their company has webhooks.
  const webhookOutbox = companyHasWebhooks(company) && (finding.published === true || published);
  items.push(
    eventTransactItem(
      editor,
      {
        type: 'findingUpdated',
        summary: `Changed the ${field} of finding ${shownTitle(finding)}`,
        subject: {
          company: { slug: input.slug },
          finding: { slug: input.slug, service: input.service, findingId: input.findingId, title: shownTitle(finding) },
        },
        before: { [field]: entry.before, version },
        after: { [field]: entry.after, version: version + 1 },
        webhookOutbox,
      },
      now,
    ),
  );
  try {
    await transactWithRetry(items);
  } catch (error) {
    if (!isCancelledOnCondition(error)) throw error;
    const current = await getFindingItem(input.slug, input.service, input.findingId, true);
    if (!current) throw new NotFoundError(findingNotFound);
    throw conflictOf(current, field);
  }
  if (published) await queuePublishedNotice(input.slug, `${input.service}-${input.findingId}-${now}`);
  await nudgeWebhookFanout(items);
  return { version: version + 1 };
}

/**
 * The parts that apply a template to a finding: its texts become the finding's (each text field's version
 * raised, conditional on the version read), with the lineage (template id, version, title) that lists it
 * under the template; `templateTextsEdited` goes back to false. Undefined when the finding already holds
 * this version's texts.
 */
export function templateParts(
  ref: FindingRef,
  finding: StoredFinding,
  template: Template,
  stamp: EditStamp,
): UpdateParts | undefined {
  const lineage = finding.template as { templateId: string; version: number } | undefined;
  const texts = { title: template.title, description: template.description, remediation: template.remediation };
  const unchanged =
    lineage?.templateId === template.templateId &&
    lineage.version === template.version &&
    textFields.every((field) => sameValue(editorValue(finding, field), texts[field]));
  if (unchanged) return undefined;
  const parts = emptyParts();
  for (const field of textFields) {
    if (!sameValue(editorValue(finding, field), texts[field])) addFieldEdit(parts, finding, field, texts[field], stamp);
  }
  const { slug, service } = ref;
  parts.names['#template'] = 'template';
  parts.names['#templateTextsEdited'] = 'templateTextsEdited';
  parts.names['#gsi2pk'] = 'gsi2pk';
  parts.names['#gsi2sk'] = 'gsi2sk';
  parts.values[':template'] = { templateId: template.templateId, version: template.version, title: template.title };
  parts.values[':false'] = false;
  parts.values[':gsi2pk'] = templateLineagePartition(template.templateId);
  parts.values[':gsi2sk'] = templateLineageKey(template.version, slug, service, finding.id);
  parts.sets.push('#template = :template', '#templateTextsEdited = :false', '#gsi2pk = :gsi2pk', '#gsi2sk = :gsi2sk');
  if (parts.entries.length === 0) {
    parts.entries.push({ field: 'title', before: editorValue(finding, 'title'), after: template.title });
  }
  return parts;
}

/**
 * The finding, the template and the company's record (its webhook endpoints) in one consistent BatchGet; NOT_FOUND
 * naming what is missing or retired.
 */
async function readFindingAndTemplate(
  ref: FindingRef,
  templateId: string,
): Promise<{ finding: StoredFinding; template: Template; company: Record<string, unknown> | undefined }> {
  const keys = [findingKey(ref.slug, ref.service, ref.findingId), templateKey(templateId), companyItemKey(ref.slug)];
  const items = await batchGetConsistent(keys);
  const itemOf = (key: { pk: string; sk: string }) => items.find((item) => item.pk === key.pk && item.sk === key.sk);
  const findingItem = itemOf(keys[0]!);
  const templateItem = itemOf(keys[1]!);
  if (!templateItem) throw new NotFoundError(`templateId: no template "${templateId}"`);
  const template = stripTemplateKeys(templateItem) as unknown as Template;
  if (template.retired) throw new NotFoundError(`templateId: template "${templateId}" is retired`);
  if (!findingItem) throw new NotFoundError(findingNotFound);
  return { finding: stripFindingKeys(findingItem), template, company: itemOf(keys[2]!) };
}

/** A live template (not retired), or NOT_FOUND naming the id. */
export async function liveTemplate(templateId: string): Promise<Template> {
  const template = await getTemplate(templateId);
  if (template.retired) throw new NotFoundError(`templateId: template "${templateId}" is retired`);
  return template;
}

/**
 * Applies a template to one finding, counting the use in the same transaction (three requests: the two
 * reads, the transaction). Answers the finding's lineage and field versions after it.
 */
export async function applyTemplateAs(
  editor: EventActor,
  input: FindingRef & { templateId: string },
): Promise<{
  template: { templateId: string; version: number; title: string };
  fieldVersions: Record<string, number>;
}> {
  const { template, finding, company } = await readFindingAndTemplate(input, input.templateId);
  const now = Date.now();
  const stamp: EditStamp = { by: editor.email, at: now, templateId: template.templateId };
  const parts = templateParts(input, finding, template, stamp);
  const lineage = { templateId: template.templateId, version: template.version, title: template.title };
  const versions = () =>
    Object.fromEntries(editableFindingFields.map((field) => [field, fieldVersionOf(finding, field)]));
  if (!parts) return { template: lineage, fieldVersions: versions() };
  finishParts(parts, stamp);
  const items: TransactItem[] = [
    findingUpdate(input, parts),
    eventTransactItem(
      editor,
      {
        type: 'templateAppliedToFinding',
        summary: `Applied template ${template.title} to finding ${shownTitle(finding)}`,
        subject: {
          company: { slug: input.slug },
          template: { templateId: template.templateId, title: template.title },
          finding: { slug: input.slug, service: input.service, findingId: input.findingId, title: template.title },
        },
        before: Object.fromEntries(parts.entries.map((entry) => [entry.field, entry.before])),
        after: {
          ...Object.fromEntries(parts.entries.map((entry) => [entry.field, entry.after])),
          template: template.version,
        },
        // Its texts are what customers read: a published finding's webhooks hear of it (finding.updated).
        webhookOutbox: companyHasWebhooks(company) && finding.published === true,
      },
      now,
    ),
    templateUsageWrite(template.templateId, 1, now),
  ];
  try {
    await transactWithRetry(items);
  } catch (error) {
    if (!isCancelledOnCondition(error)) throw error;
    throw new ConflictError(
      'title, description or remediation: changed by someone else while the template was applied; try again.',
    );
  }
  // The use counted: a real Algolia application, if configured, ranks by it.
  await queueTemplateMirror();
  await nudgeWebhookFanout(items);
  const fieldVersions = versions();
  for (const entry of parts.entries) fieldVersions[entry.field] = (fieldVersions[entry.field] ?? 0) + 1;
  return { template: lineage, fieldVersions };
}
