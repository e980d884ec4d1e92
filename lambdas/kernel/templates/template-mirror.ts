// Mirrors the template library to a real Algolia application (index finding_templates of SEARCH_APP_ID)
// with Algolia's write API (algolia-writes.ts), driven by the same change marker as the in-memory index: one Query of
// the templates changed since the mirror's own marker (a small item, `SEARCH_MIRROR` / `ALGOLIA`, holding
// `syncedUntil` in ms) minus a margin for writers' clocks that run behind and for the index's lag, then a
// batch of Algolia writes (a live template as an object whose objectID is its id, a retired one deleted),
// then the marker moved to when the run started, conditionally so that a slower run never moves it back.
// A run that fails leaves the marker where it was: the next run sends what this one could not. Runs in the
// worker (lambdas/import: queued by template-mirror-queue.ts, and after bulk updates) and in
// scripts/algolia-sync.ts (a full resync).
import { secretString } from '../aws/secret-value.js';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { BatchRequest, IndexSettings } from '@algolia/client-search';
import { readConfig } from '../config.js';
import { documentClient } from '../data/client.js';
import { isConditionalCheckFailure } from '../data/conditional.js';
import { templatesChangedSince, type StoredTemplate } from '../data/entities/templates.js';
import { templateIndexName } from './template-fields.js';
import { indexedTemplate, type IndexedTemplate } from './template-hit.js';
import { algoliaWriter, type AlgoliaHost, type AlgoliaWriter } from './algolia-writes.js';

export const mirrorMarkerKey = { pk: 'SEARCH_MIRROR', sk: 'ALGOLIA' } as const;

/** How far before its marker a run looks: writers' clocks may run this much behind, the index lag this much. */
export const mirrorMarginMs = 10_000;

/** Writes per batch request (Algolia's client chunks its own helpers at 1,000 too). */
const batchSize = 1000;

/** A template as Algolia holds it: the fields the portal's own index serves as a hit, keyed by its id. */
export type MirroredTemplate = Omit<IndexedTemplate, 'templateId'> & { objectID: string };

export function mirroredTemplate(stored: StoredTemplate): MirroredTemplate {
  const { templateId, ...fields } = indexedTemplate(stored);
  return { objectID: templateId, ...fields };
}

/**
 * The index's settings, as the portal's own search behaves: the title first, then rules, then tags and CWE,
 * then the texts; ties broken by usage; one typo from 4 letters, two from 8.
 */
export const mirrorIndexSettings: IndexSettings = {
  searchableAttributes: ['unordered(title)', 'unordered(rules)', 'tags,cwe', 'description,remediation'],
  customRanking: ['desc(usageCount)'],
  attributesToHighlight: ['title', 'rules', 'tags', 'cwe', 'description', 'remediation'],
  typoTolerance: true,
  minWordSizefor1Typo: 4,
  minWordSizefor2Typos: 8,
};

let adminKey: Promise<string> | undefined;

async function loadAdminKey(): Promise<string> {
  const { ALGOLIA_ADMIN_KEY, ALGOLIA_ADMIN_KEY_SECRET_ARN } = readConfig();
  if (ALGOLIA_ADMIN_KEY) return ALGOLIA_ADMIN_KEY;
  if (!ALGOLIA_ADMIN_KEY_SECRET_ARN) {
    throw new Error('Invalid configuration: ALGOLIA_ADMIN_KEY or ALGOLIA_ADMIN_KEY_SECRET_ARN is required');
  }
  const answer = { SecretString: await secretString(ALGOLIA_ADMIN_KEY_SECRET_ARN) };
  if (!answer.SecretString) throw new Error('The Algolia admin key secret is empty');
  return answer.SecretString.trim();
}

function algoliaAdminKey(): Promise<string> {
  adminKey ??= loadAdminKey().catch((error: unknown) => {
    adminKey = undefined;
    throw error;
  });
  return adminKey;
}

/** ALGOLIA_HOSTS as the client's `hosts`; none: the application's own Algolia hosts. */
function configuredHosts(): AlgoliaHost[] | undefined {
  const hosts = readConfig().ALGOLIA_HOSTS.map((origin): AlgoliaHost => {
    const url = new URL(origin);
    const protocol = url.protocol === 'http:' ? 'http' : 'https';
    return { url: url.hostname, protocol, ...(url.port ? { port: Number(url.port) } : {}) };
  });
  return hosts.length > 0 ? hosts : undefined;
}

let client: { key: string; client: AlgoliaWriter } | undefined;

/** Algolia's write API with the admin key, made once per process (and again for a new key). */
export async function algoliaClient(): Promise<AlgoliaWriter> {
  const key = await algoliaAdminKey();
  if (client?.key !== key) client = { key, client: algoliaWriter(readConfig().SEARCH_APP_ID, key, configuredHosts()) };
  return client.client;
}

/** Tests change the configuration between cases; a process of the portal reads it once. */
export function forgetAlgoliaClient(): void {
  adminKey = undefined;
  client = undefined;
}

/** Until when (ms) every template change has been mirrored; 0 before the first run. */
export async function mirrorSyncedUntil(): Promise<number> {
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: readConfig().TABLE_NAME, Key: mirrorMarkerKey, ConsistentRead: true }),
  );
  return typeof Item?.syncedUntil === 'number' ? Item.syncedUntil : 0;
}

/** Moves the marker forward to `to`; a marker already further (a later run's) stays. */
async function moveMirrorMarker(to: number): Promise<void> {
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: readConfig().TABLE_NAME,
        Key: mirrorMarkerKey,
        UpdateExpression: 'SET syncedUntil = :to',
        ConditionExpression: 'attribute_not_exists(syncedUntil) OR syncedUntil < :to',
        ExpressionAttributeValues: { ':to': to },
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
}

export interface MirrorRun {
  /** Live templates sent as objects. */
  saved: number;
  /** Retired templates deleted. */
  deleted: number;
  /** Where the marker is now (at least). */
  syncedUntil: number;
}

/** Passes of one run: a pass finds what changed while the previous one was sending. */
const maxPasses = 5;

/**
 * Sends the templates changed since the marker (minus the margin), or since `from` (0: every template, a
 * full resync), to Algolia, then moves the marker to when the run started. Throws when Algolia or DynamoDB
 * fails; the marker has not moved then.
 *
 * Runs may overlap (the worker mirrors after a bulk update besides the queued runs), and Algolia has no
 * conditional write: a run that read a template before an edit could send it after a run that read it
 * since. So after sending, a run looks again at what changed since it began that pass and sends any
 * template in a state it has not sent (its version, usage count or retirement moved), until nothing is new:
 * the last copy of a template any run sends is then as new as its last change.
 */
export async function mirrorTemplateChanges(options: { from?: number } = {}): Promise<MirrorRun> {
  const startedAt = Date.now();
  let since = options.from ?? Math.max(0, (await mirrorSyncedUntil()) - mirrorMarginMs);
  const sent = new Set<string>();
  let saved = 0;
  let deleted = 0;
  for (let pass = 0; pass < maxPasses; pass += 1) {
    const passStartedAt = Date.now();
    // In change order: a template met twice (changed while the Query paged) is sent last as it is newest.
    const requests: BatchRequest[] = [];
    for await (const template of templatesChangedSince(since)) {
      const retired = template.retired === true;
      const state = `${template.templateId}\n${template.version}\n${String(template.usageCount)}\n${retired}`;
      if (sent.has(state)) continue;
      sent.add(state);
      if (retired) {
        deleted += 1;
        requests.push({ action: 'deleteObject', body: { objectID: template.templateId } });
      } else {
        saved += 1;
        requests.push({ action: 'updateObject', body: mirroredTemplate(template) });
      }
    }
    if (requests.length === 0) break;
    const algolia = await algoliaClient();
    for (let start = 0; start < requests.length; start += batchSize) {
      await algolia.batch({
        indexName: templateIndexName,
        batchWriteParams: { requests: requests.slice(start, start + batchSize) },
      });
    }
    since = passStartedAt - mirrorMarginMs;
  }
  await moveMirrorMarker(startedAt);
  return { saved, deleted, syncedUntil: startedAt };
}

/** Applies mirrorIndexSettings to the index (the resync script does, once per application). */
export async function applyMirrorIndexSettings(): Promise<void> {
  const algolia = await algoliaClient();
  await algolia.setSettings({ indexName: templateIndexName, indexSettings: mirrorIndexSettings });
}

/** What a failed run may log: the error's kind and HTTP status, never the request (it carries the key). */
export function mirrorErrorDetails(error: unknown): { error: string; status?: number } {
  const name = error instanceof Error ? error.name : typeof error;
  const status = (error as { status?: unknown } | undefined)?.status;
  return typeof status === 'number' ? { error: name, status } : { error: name };
}
