// The import digest of a company's service: what the next import must know of every stored finding (source
// hash, status, asset, tool severity) and asset (first and last sighting), packed into a few compressed
// items, so an import compares a file with 30,000 stored findings by reading a handful of items instead of
// 30,000 (DynamoDB Local spends about 1 ms an item read whatever it returns; on AWS it cuts the read units
// about thirtyfold). Imports are its only writers, one at a time per service (the queue's message group);
// analysts' status changes reach it through the status log (one small item per finding, written in the
// edit's own transaction), which the next import reads over the digest and then absorbs.
//
// `IMPORT_DIGEST#<company>#<service>`: `HEAD` {generation, pages, fileSha256, writing?}, pages
// `P#<generation>#<n>` {data: deflated JSON}. A new digest is written as a new generation, then the head
// points at it, then the old pages go. An import sets `writing` before its first finding or asset write and
// the new head clears it: a digest whose head says `writing` (a crashed import) or that does not exist (data
// from before the digest) is not trusted, and the import reads the findings themselves.
// `FINDING_STATUS_LOG#<company>#<service>` / `F#<id>` {status, at}: the status an analyst (or a bulk update)
// last gave the finding.
import { randomBytes } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { BatchWriteCommand, DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { readConfig } from '../../config.js';
import type { Severity } from '../../scanners/finding-model.js';
import { documentClient } from '../client.js';
import { queryAll } from '../query-all.js';
import { isConditionalCheckFailure } from '../conditional.js';
import { batchGetConsistent, type TransactItem } from '../transactions.js';

const tableName = () => readConfig().TABLE_NAME;

export const importDigestPartition = (slug: string, service: string) => `IMPORT_DIGEST#${slug}#${service}`;
export const statusLogPartition = (slug: string, service: string) => `FINDING_STATUS_LOG#${slug}#${service}`;
const headKey = (slug: string, service: string) => ({ pk: importDigestPartition(slug, service), sk: 'HEAD' });
const pageKey = (slug: string, service: string, generation: string, page: number) => ({
  pk: importDigestPartition(slug, service),
  sk: `P#${generation}#${String(page).padStart(4, '0')}`,
});

/** What the digest keeps of a finding. */
export interface DigestFinding {
  sourceHash: string;
  status: string;
  assetKey: string;
  assetParentKey?: string;
  toolSeverity: Severity;
}

/** What the digest keeps of an asset. */
export interface DigestAsset {
  firstSeenAt: number;
  firstImportId: string;
  lastSeenAt: number;
}

export interface ImportDigest {
  findings: Map<string, DigestFinding>;
  assets: Map<string, DigestAsset>;
  /** SHA-256 of the files of the import that wrote it. */
  fileSha256?: string;
}

interface DigestHead {
  generation: string;
  pages: number;
  fileSha256?: string;
  writing?: string;
}

/** A page's compressed data stays well under DynamoDB's 400 KB item limit. */
const pageBytes = 300_000;

type PackedFinding = [string, string, string, string, Severity];
type PackedAsset = [number, string, number];

/** The digest, when it can be trusted (it exists and no import is writing or crashed while writing). */
export async function readImportDigest(slug: string, service: string): Promise<ImportDigest | undefined> {
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: headKey(slug, service), ConsistentRead: true }),
  );
  const head = Item as (DigestHead & Record<string, unknown>) | undefined;
  if (!head || head.writing) return undefined;
  const keys = Array.from({ length: head.pages }, (_, page) => pageKey(slug, service, head.generation, page));
  const pages: Record<string, unknown>[] = [];
  for (let start = 0; start < keys.length; start += 100)
    pages.push(...(await batchGetConsistent(keys.slice(start, start + 100))));
  if (pages.length !== head.pages) return undefined;
  const digest: ImportDigest = { findings: new Map(), assets: new Map(), fileSha256: head.fileSha256 };
  for (const page of pages) {
    const data = JSON.parse(inflateRawSync(page.data as Uint8Array).toString('utf8')) as {
      f?: Record<string, PackedFinding>;
      a?: Record<string, PackedAsset>;
    };
    for (const [id, [sourceHash, status, assetKey, assetParentKey, toolSeverity]] of Object.entries(data.f ?? {})) {
      digest.findings.set(id, {
        sourceHash,
        status,
        assetKey,
        ...(assetParentKey ? { assetParentKey } : {}),
        toolSeverity,
      });
    }
    for (const [key, [firstSeenAt, firstImportId, lastSeenAt]] of Object.entries(data.a ?? {})) {
      digest.assets.set(key, { firstSeenAt, firstImportId, lastSeenAt });
    }
  }
  return digest;
}

/**
 * Marks the digest as being rewritten by this import, before its first write of a finding or an asset: if the
 * import stops before it writes the new digest, the next run reads the findings themselves.
 */
export async function markImportDigestWriting(slug: string, service: string, importId: string): Promise<void> {
  await documentClient.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: headKey(slug, service),
      UpdateExpression: 'SET #writing = :importId',
      ExpressionAttributeNames: { '#writing': 'writing' },
      ExpressionAttributeValues: { ':importId': importId },
    }),
  );
}

/** Writes the digest as a new generation, points the head at it (clearing `writing`), then removes every other page. */
export async function writeImportDigest(slug: string, service: string, digest: ImportDigest): Promise<void> {
  const generation = randomBytes(6).toString('hex');
  const pages = packPages(digest);
  const items = pages.map((data, page) => ({ ...pageKey(slug, service, generation, page), data }));
  for (let start = 0; start < items.length; start += 25) {
    let pending = items.slice(start, start + 25).map((Item) => ({ PutRequest: { Item } }));
    for (let attempt = 0; pending.length > 0; attempt += 1) {
      if (attempt > 10) throw new Error('DynamoDB left the digest unwritten ten times in a row');
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(2000, 50 * 2 ** attempt)));
      const { UnprocessedItems } = await documentClient.send(
        new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }),
      );
      pending = (UnprocessedItems?.[tableName()] ?? []) as typeof pending;
    }
  }
  const head: DigestHead = {
    generation,
    pages: pages.length,
    ...(digest.fileSha256 ? { fileSha256: digest.fileSha256 } : {}),
  };
  await documentClient.send(new PutCommand({ TableName: tableName(), Item: { ...headKey(slug, service), ...head } }));
  // Every other page goes: the previous generation's, and any a crashed import left before its head.
  const stale: Array<{ pk: string; sk: string }> = [];
  const storedPages = queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :partition AND begins_with(sk, :pages)',
    ExpressionAttributeValues: { ':partition': importDigestPartition(slug, service), ':pages': 'P#' },
    ProjectionExpression: 'pk, sk',
  });
  for await (const item of storedPages) {
    if (!String(item.sk).startsWith(`P#${generation}#`)) stale.push({ pk: String(item.pk), sk: String(item.sk) });
  }
  for (let start = 0; start < stale.length; start += 25) {
    await documentClient.send(
      new BatchWriteCommand({
        RequestItems: { [tableName()]: stale.slice(start, start + 25).map((Key) => ({ DeleteRequest: { Key } })) },
      }),
    );
  }
}

/** The digest's entries, deflated, in as many pages as keep each under `pageBytes`. */
function packPages(digest: ImportDigest): Uint8Array[] {
  const entries: Array<['f', string, PackedFinding] | ['a', string, PackedAsset]> = [];
  for (const [id, finding] of digest.findings) {
    entries.push([
      'f',
      id,
      [finding.sourceHash, finding.status, finding.assetKey, finding.assetParentKey ?? '', finding.toolSeverity],
    ]);
  }
  for (const [key, asset] of digest.assets)
    entries.push(['a', key, [asset.firstSeenAt, asset.firstImportId, asset.lastSeenAt]]);
  const pack = (slice: typeof entries) => {
    const data: { f: Record<string, PackedFinding>; a: Record<string, PackedAsset> } = { f: {}, a: {} };
    for (const [kind, key, value] of slice) {
      if (kind === 'f') data.f[key] = value;
      else data.a[key] = value;
    }
    return deflateRawSync(JSON.stringify(data));
  };
  // Split in halves until every page fits; JSON of these entries deflates about fourfold.
  const split = (slice: typeof entries): Uint8Array[] => {
    const packed = pack(slice);
    if (packed.length <= pageBytes || slice.length <= 1) return [packed];
    const middle = Math.ceil(slice.length / 2);
    return [...split(slice.slice(0, middle)), ...split(slice.slice(middle))];
  };
  return split(entries);
}

/** A status an analyst gave a finding, as the status log keeps it for the next import. */
export interface LoggedStatus {
  id: string;
  status: string;
  at: number;
}

/** The status log's write for a finding's new status: an item of the edit's own transaction. */
export function statusLogWrite(slug: string, service: string, id: string, status: string, at: number): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { pk: statusLogPartition(slug, service), sk: `F#${id}`, id, status, at },
    },
  };
}

/** Every logged status of the service's findings (usually few: the log is absorbed by each import). */
export async function readStatusLog(slug: string, service: string): Promise<LoggedStatus[]> {
  const logged: LoggedStatus[] = [];
  const items = queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :partition',
    ExpressionAttributeValues: { ':partition': statusLogPartition(slug, service) },
    ProjectionExpression: 'id, #status, #at',
    ExpressionAttributeNames: { '#status': 'status', '#at': 'at' },
    ConsistentRead: true,
  });
  for await (const item of items) logged.push(item as unknown as LoggedStatus);
  return logged;
}

/** Removes the logged statuses a new digest holds; one logged again since it was read stays. */
export async function absorbStatusLog(slug: string, service: string, absorbed: readonly LoggedStatus[]): Promise<void> {
  const concurrency = 8;
  for (let start = 0; start < absorbed.length; start += concurrency) {
    await Promise.all(
      absorbed.slice(start, start + concurrency).map(async (entry) => {
        try {
          await documentClient.send(
            new DeleteCommand({
              TableName: tableName(),
              Key: { pk: statusLogPartition(slug, service), sk: `F#${entry.id}` },
              ConditionExpression: '#at = :at',
              ExpressionAttributeNames: { '#at': 'at' },
              ExpressionAttributeValues: { ':at': entry.at },
            }),
          );
        } catch (error) {
          if (!isConditionalCheckFailure(error)) throw error;
        }
      }),
    );
  }
}
