// A finding an analyst writes by hand (a manual test's finding): stored as an imported finding is — the same
// item in the same partition, listed, curated, published (the SLA clock starts then), reported and exported the
// same way — with an identity of its own (`source: 'manual'`, a random id no scanner's hash can be), so an import
// never matches it and never marks it fixed (import-run.ts leaves manual findings out of its comparison). It
// starts unpublished and open, as a new imported finding does. Three DynamoDB requests: the caller's records,
// one consistent BatchGet (the company, the template, the asset as imports saw it), then one transaction (the
// finding, its event, the service report's counters, the template's use).
import { randomBytes } from 'node:crypto';
import type { ServiceName } from '../access/rules.js';
import { readConfig } from '../config.js';
import { companyItemKey } from '../data/entities/companies.js';
import { assetsPartition, assetSortKey } from '../data/entities/assets.js';
import { newFindingItem, templateLineageKey, templateLineagePartition } from '../data/entities/findings.js';
import type { FindingFacts } from '../data/entities/service-reports.js';
import { stripTemplateKeys, templateKey, templateUsageWrite } from '../data/entities/templates.js';
import { batchGetConsistent, transactWithRetry, type TransactItem } from '../data/transactions.js';
import { InvalidArgumentError, NotFoundError } from '../errors.js';
import { eventTransactItem, type EventActor } from '../events/events.js';
import { reportDeltaWrites, reportMovesOfNew } from '../reports/service-reports.js';
import type { Template } from '../templates/templates.js';
import { queueTemplateMirror } from '../templates/template-mirror-queue.js';
import { manualSource, servicesWithInstances, type CreateFindingInput } from '../../contracts/manual-findings.js';
import { assetAddressOf } from './asset-address.js';
import { findingSearchText } from './finding-search.js';
import { manualAssetOf } from './manual-asset.js';

/** What createFinding reads before it writes, in one BatchGet (the call's read ahead). */
export interface ManualFindingReads {
  companyExists: boolean;
  template?: Template;
  /** The asset as the service's imports stored it, if any did: its name and detail are the finding's. */
  asset?: { kind: string; name: string; parentKey?: string; detail?: Record<string, unknown> };
}

const keyOf = (item: Record<string, unknown>) => `${String(item.pk)}\n${String(item.sk)}`;

/** The company, the template and the asset of a createFinding input, in one consistent BatchGet. */
export async function readManualFindingContext(
  input: Pick<CreateFindingInput, 'slug' | 'service' | 'asset' | 'templateId'>,
): Promise<ManualFindingReads> {
  const company = companyItemKey(input.slug);
  const template = input.templateId ? templateKey(input.templateId) : undefined;
  // Only a key the service could hold is looked up; a malformed one is refused by name later.
  let assetKey: { pk: string; sk: string } | undefined;
  try {
    assetKey = {
      pk: assetsPartition(input.slug, input.service),
      sk: assetSortKey(manualAssetOf(input.service, input.asset).key),
    };
  } catch {
    assetKey = undefined;
  }
  const keys = [company, ...(template ? [template] : []), ...(assetKey ? [assetKey] : [])];
  const items = new Map((await batchGetConsistent(keys)).map((item) => [keyOf(item), item]));
  const templateItem = template && items.get(keyOf(template));
  const assetItem = assetKey && items.get(keyOf(assetKey));
  return {
    companyExists: items.has(keyOf(company)),
    ...(templateItem ? { template: stripTemplateKeys(templateItem) as unknown as Template } : {}),
    ...(assetItem
      ? {
          asset: {
            kind: String(assetItem.kind),
            name: String(assetItem.name),
            ...(typeof assetItem.parentKey === 'string' ? { parentKey: assetItem.parentKey } : {}),
            detail: (assetItem.detail as Record<string, unknown> | undefined) ?? {},
          },
        }
      : {}),
  };
}

/** A manual finding's id: 32 hex characters, as an identity's, from 128 random bits. */
const newManualFindingId = () => randomBytes(16).toString('hex');

/** Writes a manual finding; answers its id. The caller has passed the service's access rule and the company exists. */
export async function createManualFinding(
  author: EventActor,
  input: CreateFindingInput,
  reads: ManualFindingReads,
  now = Date.now(),
): Promise<{ findingId: string }> {
  const service: ServiceName = input.service;
  const asset = manualAssetOf(service, input.asset);
  const instances = input.instances ?? [];
  if (instances.length && !servicesWithInstances.includes(service)) {
    throw new InvalidArgumentError(
      `instances: findings of the ${service} service have no instances: their asset is where they are`,
    );
  }
  if (input.templateId && !reads.template) throw new NotFoundError(`templateId: no template "${input.templateId}"`);
  const template = reads.template;
  if (template?.retired) throw new NotFoundError(`templateId: template "${template.templateId}" is retired`);

  const id = newManualFindingId();
  const stored = reads.asset;
  const assetName = stored?.name ?? asset.name;
  const parentKey = stored?.parentKey ?? asset.parentKey;
  const description = input.description?.trim() || undefined;
  const remediation = input.remediation?.trim() || undefined;
  const change = { importId: manualSource, at: now, change: 'new' as const, severity: input.severity };
  const fields = {
    service,
    source: manualSource,
    identity: { source: manualSource, author: author.email },
    ruleId: manualSource,
    tool: manualSource,
    title: input.title,
    toolSeverity: input.severity,
    severityRaw: input.severity,
    description,
    remediation,
    references: [],
    cwe: [],
    cve: [],
    instances,
    // Where it is: each instance, or the asset itself (as a network or cloud finding counts one).
    instanceCount: Math.max(1, instances.length),
    assetKey: asset.key,
    assetParentKey: parentKey,
    assetName,
    assetKind: asset.kind,
    assetAddress: assetAddressOf(asset.key),
    assetDetail: { ...asset, ...stored?.detail, kind: asset.kind, key: asset.key, name: assetName },
    toolTags: [],
    extra: {},
    searchText: findingSearchText({
      title: input.title,
      ruleId: manualSource,
      assetName,
      assetKey: asset.key,
      tool: manualSource,
    }),
  };
  const item = newFindingItem(input.slug, service, {
    ...withoutUndefined(fields),
    id,
    slug: input.slug,
    status: 'open',
    severity: input.severity,
    published: false,
    firstSeenAt: now,
    firstImportId: manualSource,
    lastSeenAt: now,
    lastChange: change,
    history: [change],
    createdAt: now,
    createdBy: author.email,
    updatedAt: now,
    updatedBy: author.email,
    version: 1,
    ...(template
      ? {
          template: { templateId: template.templateId, version: template.version, title: template.title },
          templateTextsEdited:
            template.title !== input.title ||
            (template.description || undefined) !== description ||
            (template.remediation || undefined) !== remediation,
          gsi2pk: templateLineagePartition(template.templateId),
          gsi2sk: templateLineageKey(template.version, input.slug, service, id),
        }
      : {}),
  });
  const facts: FindingFacts = {
    id,
    status: 'open',
    toolSeverity: input.severity,
    published: false,
    firstImportId: manualSource,
    lastChange: change,
    firstSeenAt: now,
    assetKey: asset.key,
    assetName,
    service,
  };
  const items: TransactItem[] = [
    {
      Put: {
        TableName: readConfig().TABLE_NAME,
        Item: item,
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    eventTransactItem(
      author,
      {
        type: 'findingCreated',
        summary: `Wrote finding ${input.title}`,
        subject: {
          company: { slug: input.slug },
          finding: { slug: input.slug, service, findingId: id, title: input.title },
          ...(template ? { template: { templateId: template.templateId, title: template.title } } : {}),
        },
        after: { title: input.title, severity: input.severity, asset: asset.key, instances: instances.length },
      },
      now,
    ),
    ...reportDeltaWrites(input.slug, service, reportMovesOfNew(facts, now), now, [facts]),
    ...(template ? [templateUsageWrite(template.templateId, 1, now)] : []),
  ];
  await transactWithRetry(items);
  // The use counted: a real Algolia application, if configured, ranks by it.
  if (template) await queueTemplateMirror();
  return { findingId: id };
}

function withoutUndefined<T extends Record<string, unknown>>(record: T): T {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as T;
}
