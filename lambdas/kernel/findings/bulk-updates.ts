// Bulk updates: a selection of up to 1,000 findings changed in the background (set status, set severity,
// publish, add or remove a tag, apply a template), and a template's refresh of the findings still on an
// older version of it. Starting one checks everything the action needs (nothing is written on bad input),
// stores the update and queues it; the worker (lambdas/import, the same queue as imports, so an import and
// a bulk update of one service never interleave) changes the findings a hundred at a time:
//
// - one consistent BatchGet per hundred; a finding already as asked is left alone (`unchanged`);
// - one transaction per 25 findings: each finding's update conditional on the field's version as read and on
//   not being changed by this update already, and for tags their references and one counter move, so the count
//   stays exact; a condition that fails is told apart by reading the finding again: this update already
//   changed it (a retry), it is gone (`notFound`), or someone changed it meanwhile (`conflict`);
// - the progress after each hundred, so a retry goes on from there;
// - webhooks: when the company has an enabled endpoint, each changed finding that is published (or is being
//   published) puts its webhook event (finding.published, finding.updated, finding.fixed, finding.reopened; none
//   for tags, which customers never see) in the webhook outbox, in the transaction that changes it, as a single
//   edit's event would; the fan-out is nudged after each hundred that wrote one. The update's one entry in the
//   event log stays one.
//
// Writes for 1,000 findings: at most 1,000 finding updates, 10 progress writes, and for tags the references
// and 40 counter moves.
import { randomUUID } from 'node:crypto';
import type { BulkAction } from '../../contracts/bulk-action.js';
import { maxBulkFindings } from '../../contracts/finding-limits.js';
import type { ServiceName } from '../access/rules.js';
import { batchGetConsistent, transactWithRetry, type TransactItem } from '../data/transactions.js';
import {
  bulkFinishWrite,
  getBulkUpdateItem,
  putBulkUpdate,
  setBulkFields,
  type BulkSkip,
  type BulkTarget,
  type StoredBulkUpdate,
} from '../data/entities/bulk-updates.js';
import {
  findingKey,
  getFindingItem,
  queryTemplateFindings,
  stripFindingKeys,
  type StoredFinding,
} from '../data/entities/findings.js';
import { tagCountWrite, tagReferenceWrite } from '../data/entities/finding-tags.js';
import { templateUsageWrite } from '../data/entities/templates.js';
import { publicationWrite } from '../data/entities/notifications.js';
import { queuePublishedNotice } from '../notifications/published-notice.js';
import { eventTransactItem, type EventActor } from '../events/events.js';
import { queueWork } from './import-queue.js';
import { recountServiceReport } from '../reports/service-reports.js';
import type { Template } from '../templates/templates.js';
import { getSlaPolicyRecord, type SlaPolicyRecord } from '../data/entities/sla-policies.js';
import {
  addFieldEdit,
  addSlaEdit,
  checkStatusValue,
  editorValue,
  emptyParts,
  finishParts,
  sameValue,
  type EditStamp,
  type UpdateParts,
} from './finding-fields.js';
import { findingWrites, liveTemplate, reportWritesOf, templateParts } from './finding-curation.js';
import { outboxEntryWrite } from '../data/entities/webhook-outbox.js';
import { webhookEventOf } from '../webhooks/finding-event-types.js';
import { companiesWithWebhooks } from '../webhooks/webhook-outbox.js';
import { nudgeWebhookFanout } from '../webhooks/webhook-queue.js';

const readChunk = 100;
/** Findings per transaction: 25 updates, with a tag 25 references and the counter (51 of the 100 allowed). */
const transactionChunk = 25;

const actionWords = (action: BulkAction): string => {
  switch (action.kind) {
    case 'setStatus':
      return `set the status to ${action.value.status.replace('_', ' ')}`;
    case 'setSeverity':
      return action.value ? `set the severity to ${action.value}` : "set the severity back to the tool's";
    case 'setPublished':
      return action.value ? 'publish' : 'unpublish';
    case 'addTag':
      return `add the tag ${action.tag}`;
    case 'removeTag':
      return `remove the tag ${action.tag}`;
    case 'applyTemplate':
      return 'apply a template';
  }
};

/** Checks what the action needs before anything is stored (a bad status value, a retired template). */
async function checkAction(action: BulkAction): Promise<void> {
  if (action.kind === 'setStatus') checkStatusValue(action.value, Date.now());
  if (action.kind === 'applyTemplate') await liveTemplate(action.templateId);
}

async function startBulk(
  editor: EventActor,
  fields: Pick<StoredBulkUpdate, 'slug' | 'service' | 'templateId' | 'action' | 'targets'>,
  group: string,
): Promise<string> {
  const bulkId = randomUUID().replace(/-/g, '');
  await putBulkUpdate({
    bulkId,
    ...fields,
    status: 'queued',
    total: fields.targets.length,
    processed: 0,
    changed: 0,
    unchanged: 0,
    conflicted: [],
    createdAt: Date.now(),
    createdByUid: editor.uid,
    createdBy: editor.email,
    createdByName: editor.user?.displayName?.trim() || undefined,
    attempts: 0,
  });
  await queueWork({ kind: 'bulk', id: bulkId }, group);
  return bulkId;
}

/** A selection of one company's findings of one service. */
export async function startBulkUpdateAs(
  editor: EventActor,
  input: { slug: string; service: ServiceName; findingIds: string[]; action: BulkAction },
): Promise<{ bulkId: string; total: number }> {
  await checkAction(input.action);
  const findingIds = [...new Set(input.findingIds)];
  const targets = findingIds.map((findingId) => ({ slug: input.slug, service: input.service, findingId }));
  const bulkId = await startBulk(
    editor,
    { slug: input.slug, service: input.service, action: input.action, targets },
    `${input.slug}#${input.service}`,
  );
  return { bulkId, total: targets.length };
}

/**
 * The findings on an older version of a template whose texts no analyst edited since, brought to the
 * current version. The call checks the template and queues the update (the caller's records, one read, one
 * write); the worker lists the findings (`targetsOfRefresh`), the first 1,000 of them — run it again for more.
 */
export async function startTemplateRefreshAs(editor: EventActor, templateId: string): Promise<{ bulkId: string }> {
  await liveTemplate(templateId);
  const bulkId = await startBulk(
    editor,
    { templateId, action: { kind: 'applyTemplate', templateId }, targets: [] },
    `template#${templateId}`,
  );
  return { bulkId };
}

/** The findings a template's refresh changes: on an older version, texts not edited by hand, 1,000 at most. */
async function targetsOfRefresh(template: Template): Promise<BulkTarget[]> {
  const targets: BulkTarget[] = [];
  let cursor: string | undefined;
  do {
    const page = await queryTemplateFindings(template.templateId, {
      belowVersion: template.version,
      cursor,
      limit: 500,
    });
    for (const finding of page.items) {
      if (finding.templateTextsEdited === true || targets.length >= maxBulkFindings) continue;
      targets.push({ slug: finding.slug as string, service: finding.service as string, findingId: finding.id });
    }
    cursor = page.nextCursor;
  } while (cursor && targets.length < maxBulkFindings);
  return targets;
}

/** The change a finding gets, or undefined when it already is as asked. */
function partsFor(
  target: BulkTarget,
  finding: StoredFinding,
  action: BulkAction,
  stamp: EditStamp,
  template: Template | undefined,
): UpdateParts | undefined {
  const edit = (field: 'status' | 'severity' | 'published' | 'tags', value: unknown) => {
    if (sameValue(editorValue(finding, field), value)) return undefined;
    const parts = emptyParts();
    addFieldEdit(parts, finding, field, value, stamp);
    return parts;
  };
  const tags = (finding.tags as string[] | undefined) ?? [];
  switch (action.kind) {
    case 'setStatus':
      return edit('status', action.value);
    case 'setSeverity':
      return edit('severity', action.value);
    case 'setPublished':
      return edit('published', action.value);
    case 'addTag':
      return tags.includes(action.tag) ? undefined : edit('tags', [...tags, action.tag]);
    case 'removeTag':
      return tags.includes(action.tag)
        ? edit(
            'tags',
            tags.filter((tag) => tag !== action.tag),
          )
        : undefined;
    case 'applyTemplate':
      return templateParts(target, finding, template!, stamp);
  }
}

const tagActions = new Set<BulkAction['kind']>(['addTag', 'removeTag']);

/** Whether an action moves what the service reports count. */
const movesReports = (action: BulkAction) => ['setStatus', 'setSeverity', 'setPublished'].includes(action.kind);

/** The service reports' counter moves of a transaction's findings (one item per company and service). */
function reportWrites(
  writes: ReadonlyArray<{ target: BulkTarget; finding: StoredFinding; parts: UpdateParts }>,
  at: number,
): TransactItem[] {
  const byService = new Map<string, Array<{ target: BulkTarget; finding: StoredFinding; parts: UpdateParts }>>();
  for (const write of writes) {
    const key = `${write.target.slug}\n${write.target.service}`;
    byService.set(key, [...(byService.get(key) ?? []), write]);
  }
  return [...byService.values()].flatMap((group) => reportWritesOf(group[0]!.target, group, at, false));
}

/** Marks the write as this bulk update's, and refuses it when this update already made it (a retry). */
function markBulk(parts: UpdateParts, bulkId: string): UpdateParts {
  parts.names['#lastBulkId'] = 'lastBulkId';
  parts.values[':bulkId'] = bulkId;
  parts.sets.push('#lastBulkId = :bulkId');
  parts.conditions.push('(attribute_not_exists(#lastBulkId) OR #lastBulkId <> :bulkId)');
  return parts;
}

async function readFindings(targets: BulkTarget[]): Promise<Map<string, StoredFinding>> {
  const items = await batchGetConsistent(
    targets.map((target) => findingKey(target.slug, target.service, target.findingId)),
  );
  return new Map(items.map((item) => [`${String(item.pk)}\n${String(item.sk)}`, stripFindingKeys(item)]));
}

const keyText = (target: BulkTarget) => {
  const key = findingKey(target.slug, target.service, target.findingId);
  return `${key.pk}\n${key.sk}`;
};

/** Fields whose values the fan-out reads to tell the event (finding-event-types.ts); others are named only. */
const toldFields = new Set(['status', 'published']);

/**
 * The outbox entry of a finding's bulk change when its company has webhooks and the finding is published after
 * it; none when the change is no webhook event (a tag). Its id is the update's and the finding's, so the entry a
 * retried chunk would write again is the same one.
 */
function webhookEntryWrite(
  bulkId: string,
  write: { target: BulkTarget; finding: StoredFinding; parts: UpdateParts },
  at: number,
  webhooks: ReadonlySet<string>,
): TransactItem[] {
  const { target, finding, parts } = write;
  const entry = parts.entries[0];
  if (!entry || !webhooks.has(target.slug)) return [];
  const published = entry.field === 'published' ? entry.after === true : finding.published === true;
  if (!published) return [];
  const value = (side: unknown) => (toldFields.has(entry.field) ? side : null);
  const event = {
    type: 'findingUpdated',
    subject: {
      company: { slug: target.slug },
      finding: {
        ...target,
        title: finding.analystTitle || (finding.title as string),
      },
    },
    before: { [entry.field]: value(entry.before) },
    after: { [entry.field]: value(entry.after) },
  };
  if (!webhookEventOf(event)) return [];
  const id = `bulk-${bulkId}-${target.service}-${target.findingId}`;
  return [outboxEntryWrite({ slug: target.slug, id, createdAt: at, ...event })];
}

interface ChunkOutcome {
  changed: number;
  unchanged: number;
  skipped: BulkSkip[];
}

/** After a failed condition: this update already made the change, the finding is gone, or someone else won. */
async function classifyRefusal(target: BulkTarget, bulkId: string, outcome: ChunkOutcome): Promise<void> {
  const current = await getFindingItem(target.slug, target.service, target.findingId, true);
  if (current?.lastBulkId === bulkId) outcome.changed += 1;
  else outcome.skipped.push({ ...target, reason: current ? 'conflict' : 'notFound' });
}

async function runChunk(
  bulk: StoredBulkUpdate,
  targets: BulkTarget[],
  template: Template | undefined,
  policy: SlaPolicyRecord | undefined,
  webhooks: ReadonlySet<string>,
): Promise<ChunkOutcome> {
  const outcome: ChunkOutcome = { changed: 0, unchanged: 0, skipped: [] };
  const findings = await readFindings(targets);
  const stamp: EditStamp = {
    by: bulk.createdBy,
    at: Date.now(),
    bulkId: bulk.bulkId,
    ...(template ? { templateId: template.templateId } : {}),
  };
  const writes: Array<{ target: BulkTarget; parts: UpdateParts; finding: StoredFinding }> = [];
  for (const target of targets) {
    const finding = findings.get(keyText(target));
    if (!finding) {
      outcome.skipped.push({ ...target, reason: 'notFound' });
      continue;
    }
    if (finding.lastBulkId === bulk.bulkId) {
      outcome.changed += 1;
      continue;
    }
    const parts = partsFor(target, finding, bulk.action, stamp, template);
    if (!parts) {
      outcome.unchanged += 1;
      continue;
    }
    if (policy) addSlaEdit(parts, target, finding, policy, stamp.at);
    writes.push({ target, finding, parts: markBulk(finishParts(parts, stamp), bulk.bulkId) });
  }
  const tagAction = bulk.action.kind === 'addTag' || bulk.action.kind === 'removeTag' ? bulk.action : undefined;
  // Per finding: its update (with the status log's write when the status changes), and for a tag its
  // reference; then the tag's one counter move for the chunk.
  // Publishing logs each finding for the notification rules in the same transaction (notification-delivery.ts).
  const publishing = bulk.action.kind === 'setPublished' && bulk.action.value === true;
  const itemsOf = (write: (typeof writes)[number]) => [
    ...findingWrites(write.target, write.parts, stamp.at),
    ...(tagAction ? [tagReferenceWrite(tagAction.tag, write.target, tagAction.kind === 'addTag')] : []),
    ...(publishing
      ? [publicationWrite(write.target.slug, write.target.service, write.target.findingId, stamp.at)]
      : []),
    ...webhookEntryWrite(bulk.bulkId, write, stamp.at, webhooks),
  ];
  const written: TransactItem[] = [];
  for (let start = 0; start < writes.length; start += transactionChunk) {
    let pending = writes.slice(start, start + transactionChunk);
    // A transaction fails whole: drop the findings whose condition failed, classify them, send the rest.
    while (pending.length > 0) {
      const owners: number[] = [];
      const items = pending.flatMap((write, index) => {
        const ofFinding = itemsOf(write);
        owners.push(...ofFinding.map(() => index));
        return ofFinding;
      });
      if (tagAction)
        items.push(tagCountWrite(tagAction.tag, tagAction.kind === 'addTag' ? pending.length : -pending.length));
      items.push(...reportWrites(pending, stamp.at));
      try {
        await transactWithRetry(items);
        outcome.changed += pending.length;
        written.push(...items);
        pending = [];
      } catch (error) {
        const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
        if (!reasons) throw error;
        const failed = new Set<number>();
        reasons.forEach((reason, index) => {
          const owner = owners[index];
          if (reason.Code === 'ConditionalCheckFailed' && owner !== undefined) failed.add(owner);
        });
        if (failed.size === 0) throw error;
        for (const index of failed) {
          await classifyRefusal(pending[index]!.target, bulk.bulkId, outcome);
        }
        pending = pending.filter((_, index) => !failed.has(index));
      }
    }
  }
  await nudgeWebhookFanout(written);
  return outcome;
}

/** Runs a queued bulk update to its end (or on from where a crashed run stopped). */
export async function runBulkUpdate(bulkId: string): Promise<void> {
  const bulk = await getBulkUpdateItem(bulkId, true);
  if (!bulk || bulk.status === 'done' || bulk.status === 'failed') return;
  await setBulkFields(bulkId, { status: 'running', attempts: (bulk.attempts ?? 0) + 1 });
  let template: Template | undefined;
  if (bulk.action.kind === 'applyTemplate') {
    try {
      template = await liveTemplate(bulk.action.templateId);
    } catch (error) {
      await failBulkUpdate(bulkId, (error as Error).message);
      return;
    }
  }
  if (template && !bulk.slug && bulk.targets.length === 0 && bulk.processed === 0) {
    bulk.targets = await targetsOfRefresh(template);
    bulk.total = bulk.targets.length;
    await setBulkFields(bulkId, { targets: bulk.targets, total: bulk.total });
  }
  // Status, severity and publication move the SLA clock: the company's policy, read once for the whole update.
  const policy = bulk.slug && movesReports(bulk.action) ? await getSlaPolicyRecord(bulk.slug) : undefined;
  // The companies whose changed published findings go to their webhooks (a tag's change goes nowhere).
  const webhooks = tagActions.has(bulk.action.kind)
    ? new Set<string>()
    : await companiesWithWebhooks(bulk.targets.map((target) => target.slug));
  let { processed, changed, unchanged } = bulk;
  const conflicted = [...bulk.conflicted];
  while (processed < bulk.targets.length) {
    const targets = bulk.targets.slice(processed, processed + readChunk);
    const outcome = await runChunk(bulk, targets, template, policy, webhooks);
    processed += targets.length;
    changed += outcome.changed;
    unchanged += outcome.unchanged;
    conflicted.push(...outcome.skipped);
    if (processed < bulk.targets.length) await setBulkFields(bulkId, { processed, changed, unchanged, conflicted });
  }
  // Its transactions moved the reports' counters but not their assets': count those anew (again, after a crash).
  if (changed > 0 && movesReports(bulk.action)) {
    const services = new Map(bulk.targets.map((target) => [`${target.slug}\n${target.service}`, target]));
    for (const { slug, service } of services.values()) await recountServiceReport(slug, service as ServiceName);
  }
  const now = Date.now();
  const end = { status: 'done' as const, processed, changed, unchanged, conflicted, finishedAt: now };
  const actor = { uid: bulk.createdByUid, email: bulk.createdBy, user: { displayName: bulk.createdByName } };
  const scope = bulk.slug ? ` of ${bulk.slug}` : '';
  const items: TransactItem[] = [
    bulkFinishWrite(bulkId, end),
    eventTransactItem(
      actor,
      {
        type: 'findingsBulkUpdated',
        summary: `Bulk update${scope}: ${actionWords(bulk.action)} on ${bulk.total} finding${bulk.total === 1 ? '' : 's'} (${changed} changed, ${unchanged} unchanged, ${conflicted.length} not changed)`,
        subject: {
          ...(bulk.slug ? { company: { slug: bulk.slug } } : {}),
          ...(template ? { template: { templateId: template.templateId, title: template.title } } : {}),
        },
        after: { bulkId, action: bulk.action, changed, unchanged, conflicted: conflicted.length },
      },
      now,
    ),
  ];
  if (template && changed > 0) items.push(templateUsageWrite(template.templateId, changed, now));
  try {
    await transactWithRetry(items);
  } catch (error) {
    // Finished by a run that crashed after its end was written: nothing more to count.
    if ((error as { name?: string }).name !== 'TransactionCanceledException') throw error;
  }
  // One notice for the whole selection: its recipients get one mail, not one per finding.
  if (bulk.slug && bulk.action.kind === 'setPublished' && bulk.action.value && changed > 0) {
    await queuePublishedNotice(bulk.slug, bulkId);
  }
}

export async function failBulkUpdate(bulkId: string, message: string): Promise<void> {
  await setBulkFields(bulkId, { status: 'failed', error: message, finishedAt: Date.now() });
}
