// Scan jobs: work queued for a location's agents (`SCANJOB#<jobId>` / `SCANJOB`). While a job is queued
// it sits in its location's queue on gsi1 (`JOBQ#<slug>#<locationId>`, oldest first); claiming it removes it from
// the queue in the same conditional write that sets the agent, so two agents never claim the same job. A company's
// unfinished (queued or running) jobs of a service are counted in `ACTIVEJOBS#<slug>#<service>` / `COUNT`, moved
// in the same transaction as the job that enters or leaves them, so a per-company limit holds even for triggers
// sent at the same moment. Beside the count, each unfinished job has a marker in its company's partition of them
// (`ACTIVEJOBS#<slug>` / `JOB#<jobId>`: its service, and the agent once claimed), written and deleted in those same
// transactions: one consistent Query finds the jobs that hold a place, or an agent's running ones, so stale jobs can
// be ended without a Scan. Every job is also listed in its company's jobs of its service on gsi2
// (`SCANJOBS#<slug>#<service>`, in the order queued).
import { GetCommand, QueryCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { readConfig } from '../../config.js';
import { documentClient } from '../client.js';
import { queryAll } from '../query-all.js';
import { decodeCursor, encodeCursor } from '../cursor.js';
import { batchGetConsistent, failedConditions } from '../transactions.js';
import { EntityFormatter } from 'dynamodb-toolbox/entity/actions/format';
import type { CompanyRecord } from '../../access/caller.js';
import { companyEntity, companyItemKey } from './companies.js';
import type { AgentCapability } from './agents.js';
import type { ScanWindow } from './locations.js';

export const scanJobStatuses = ['queued', 'running', 'done', 'failed', 'cancelled', 'expired'] as const;
export type ScanJobStatus = (typeof scanJobStatuses)[number];

export interface ScanJobItem {
  jobId: string;
  slug: string;
  locationId: string;
  /** The findings service its results are imported into. */
  service: 'dast' | 'network';
  capability: AgentCapability;
  /** A URL (zap, nuclei) or a host or range (nmap). */
  target: string;
  status: ScanJobStatus;
  queuedAt: number;
  /** When its location's scan window next opened, if it was closed when the job was queued: no agent claims it before. */
  notBefore?: number;
  /**
   * The location's version and scan window when the job was queued: a claim checks the window it read here, on the
   * condition that the location is still at that version (scan-jobs.ts claimNextJob).
   */
  locationVersion?: number;
  scanWindow?: ScanWindow;
  /** Who asked for it: a DAST key (`dast-key:<keyId>`) or a person's e-mail. */
  queuedBy: string;
  claimedAt?: number;
  claimedByAgentId?: string;
  finishedAt?: number;
  importId?: string;
  /** Why it ended without results: the agent's reason (failed), the portal's (failed, expired), who cancelled it. */
  error?: string;
  /** Who cancelled it: a person's e-mail or a DAST key (`dast-key:<keyId>`). */
  cancelledBy?: string;
  version: number;
}

/** How an unfinished job ends without results, and why (kept as its error). */
export type JobEnding =
  | { status: 'cancelled'; reason: string; by: string }
  | { status: 'expired'; reason: string }
  | { status: 'failed'; reason: string };

const tableName = () => readConfig().TABLE_NAME;
const jobKey = (jobId: string) => ({ pk: `SCANJOB#${jobId}`, sk: 'SCANJOB' });
export const jobQueuePartition = (slug: string, locationId: string) => `JOBQ#${slug}#${locationId}`;
/** The count of a company's unfinished (queued or running) jobs of a service: what its per-company limit reads. */
const activeCountKey = (slug: string, service: string) => ({ pk: `ACTIVEJOBS#${slug}#${service}`, sk: 'COUNT' });
/** The company's markers of unfinished jobs (every service). */
const markersPartition = (slug: string) => `ACTIVEJOBS#${slug}`;
/** The marker of one unfinished job. */
const activeMarkerKey = (slug: string, jobId: string) => ({ pk: markersPartition(slug), sk: `JOB#${jobId}` });

/** What a marker tells without reading its job. */
export interface ActiveJobMarker {
  jobId: string;
  service: ScanJobItem['service'];
  queuedAt: number;
  claimedByAgentId?: string;
}
/** The company's jobs of a service on gsi2, in the order they were queued. */
export const companyJobsPartition = (slug: string, service: string) => `SCANJOBS#${slug}#${service}`;
const queuedOrder = (job: Pick<ScanJobItem, 'queuedAt' | 'jobId'>) =>
  `${String(job.queuedAt).padStart(15, '0')}#${job.jobId}`;
type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** The count's move by `by`, refused (its condition) when it would pass `limit`. */
function activeCountMove(slug: string, service: string, by: 1 | -1, limit?: number): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: activeCountKey(slug, service),
      UpdateExpression: 'SET active = if_not_exists(active, :zero) + :by',
      ...(limit === undefined ? {} : { ConditionExpression: 'attribute_not_exists(active) OR active < :limit' }),
      ExpressionAttributeValues: { ':zero': 0, ':by': by, ...(limit === undefined ? {} : { ':limit': limit }) },
    },
  };
}

const failedCondition = (error: unknown, index: number) =>
  (error as { name?: string }).name === 'TransactionCanceledException' &&
  (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons?.[index]?.Code ===
    'ConditionalCheckFailed';

/** The marker's delete, beside the count's decrement. Unconditional: jobs queued before markers existed have none. */
function activeMarkerDelete(job: Pick<ScanJobItem, 'slug' | 'jobId'>): TransactItem {
  return { Delete: { TableName: tableName(), Key: activeMarkerKey(job.slug, job.jobId) } };
}

function parseJob(raw: Record<string, unknown>): ScanJobItem {
  const { pk: _pk, sk: _sk, entityType: _e, gsi1pk: _g, gsi1sk: _s, gsi2pk: _g2, gsi2sk: _s2, ...rest } = raw;
  return rest as unknown as ScanJobItem;
}

/**
 * Queues a job and counts it among the company's unfinished ones, in one transaction; false (nothing written)
 * when the company has `activeLimit` unfinished jobs of the service already.
 */
export async function putQueuedJob(job: ScanJobItem, activeLimit?: number): Promise<boolean> {
  try {
    await documentClient.send(
      new TransactWriteCommand({
        TransactItems: [
          activeCountMove(job.slug, job.service, 1, activeLimit),
          {
            Put: {
              TableName: tableName(),
              Item: {
                ...jobKey(job.jobId),
                entityType: 'scanJob',
                ...job,
                gsi1pk: jobQueuePartition(job.slug, job.locationId),
                gsi1sk: queuedOrder(job),
                gsi2pk: companyJobsPartition(job.slug, job.service),
                gsi2sk: queuedOrder(job),
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: {
                ...activeMarkerKey(job.slug, job.jobId),
                entityType: 'scanJobActive',
                jobId: job.jobId,
                service: job.service,
                queuedAt: job.queuedAt,
              },
            },
          },
        ],
      }),
    );
    return true;
  } catch (error) {
    if (failedCondition(error, 0)) return false;
    throw error;
  }
}

export async function getScanJobItem(jobId: string): Promise<ScanJobItem | undefined> {
  const answer = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: jobKey(jobId), ConsistentRead: true }),
  );
  return answer.Item ? parseJob(answer.Item) : undefined;
}

export const scanJobItemKey = jobKey;
export const parseScanJobItem = parseJob;

/** The oldest queued jobs of a location that need one of these capabilities (the index is eventually consistent). */
export async function queuedJobsOf(
  slug: string,
  locationId: string,
  capabilities: readonly AgentCapability[],
  limit: number,
): Promise<ScanJobItem[]> {
  const capabilityValues = Object.fromEntries(capabilities.map((capability, index) => [`:c${index}`, capability]));
  const page = await documentClient.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :queue',
      FilterExpression: `capability IN (${Object.keys(capabilityValues).join(', ')})`,
      ExpressionAttributeValues: { ':queue': jobQueuePartition(slug, locationId), ...capabilityValues },
      Limit: limit,
    }),
  );
  return (page.Items ?? []).map(parseJob);
}

/** How many of a company's jobs of a service are queued or running (one consistent GetItem of the count). */
export async function countActiveJobs(slug: string, service: string): Promise<number> {
  const answer = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: activeCountKey(slug, service), ConsistentRead: true }),
  );
  return Number(answer.Item?.active ?? 0);
}

/**
 * Claims a queued job for an agent: conditional on it still being queued, and its marker names the agent in the same
 * transaction (so a revoke finds the agent's jobs). Undefined when another got it first.
 */
export async function claimJobItem(
  job: ScanJobItem,
  agentId: string,
  now: number,
  /** The location's version the claim relies on (the window the job carries): refused with 'location' if it moved. */
  locationVersion?: number,
): Promise<ScanJobItem | 'location' | undefined> {
  const locationCheck: TransactItem[] =
    locationVersion === undefined
      ? []
      : [
          {
            ConditionCheck: {
              TableName: tableName(),
              Key: { pk: `LOCATIONS#${job.slug}`, sk: `LOC#${job.locationId}` },
              ConditionExpression: 'version = :version',
              ExpressionAttributeValues: { ':version': locationVersion },
            },
          },
        ];
  try {
    await documentClient.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: jobKey(job.jobId),
              UpdateExpression:
                'SET #status = :running, claimedByAgentId = :agent, claimedAt = :now, version = version + :one REMOVE gsi1pk, gsi1sk',
              ConditionExpression: '#status = :queued',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: {
                ':running': 'running',
                ':queued': 'queued',
                ':agent': agentId,
                ':now': now,
                ':one': 1,
              },
            },
          },
          {
            // Written whole: a job queued before markers existed gets one here.
            Update: {
              TableName: tableName(),
              Key: activeMarkerKey(job.slug, job.jobId),
              UpdateExpression:
                'SET entityType = :type, jobId = :job, service = :service, queuedAt = :queuedAt, claimedByAgentId = :agent',
              ExpressionAttributeValues: {
                ':type': 'scanJobActive',
                ':job': job.jobId,
                ':service': job.service,
                ':queuedAt': job.queuedAt,
                ':agent': agentId,
              },
            },
          },
          ...locationCheck,
        ],
      }),
    );
  } catch (error) {
    if (failedCondition(error, 0)) return undefined;
    if (locationCheck.length && failedCondition(error, 2)) return 'location';
    throw error;
  }
  // Only a queued job is claimed, and a queued job has not changed since it was queued.
  return { ...job, status: 'running', claimedByAgentId: agentId, claimedAt: now, version: job.version + 1 };
}

/** Ends a running job of this agent (done with its import, or failed). Undefined when it is not running for it. */
export async function finishJobItem(
  job: ScanJobItem,
  agentId: string,
  outcome: { status: 'done'; importId: string } | { status: 'failed'; error: string },
  now: number,
): Promise<ScanJobItem | undefined> {
  const [field, value]: [string, string] =
    outcome.status === 'done' ? ['importId', outcome.importId] : ['error', outcome.error];
  try {
    await documentClient.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: jobKey(job.jobId),
              UpdateExpression: `SET #status = :status, finishedAt = :now, #detail = :detail, version = version + :one`,
              ConditionExpression: '#status = :running AND claimedByAgentId = :agent',
              // 'error' is a reserved word of DynamoDB's expressions.
              ExpressionAttributeNames: { '#status': 'status', '#detail': field },
              ExpressionAttributeValues: {
                ':status': outcome.status,
                ':running': 'running',
                ':agent': agentId,
                ':now': now,
                ':detail': value,
                ':one': 1,
              },
            },
          },
          activeCountMove(job.slug, job.service, -1),
          activeMarkerDelete(job),
        ],
      }),
    );
  } catch (error) {
    if (failedCondition(error, 0)) return undefined;
    throw error;
  }
  return { ...job, status: outcome.status, finishedAt: now, [field]: value, version: job.version + 1 };
}

/**
 * Ends a queued or running job without results (cancelled, expired or failed by the portal), on the condition that
 * it is still as `job` was read (queued; or running for the same agent), and frees its place among the company's
 * unfinished jobs in the same transaction, with `also` (the event that records it). So a job ends once: an agent's
 * completion, another cancel or a sweep at the same moment finds the condition failed and moves no count.
 * Undefined when the condition failed.
 */
export async function endUnfinishedJobItem(
  job: ScanJobItem,
  ending: JobEnding,
  now: number,
  also: TransactItem[] = [],
): Promise<ScanJobItem | undefined> {
  if (job.status !== 'queued' && job.status !== 'running') return undefined;
  const values: Record<string, unknown> = {
    ':status': ending.status,
    ':was': job.status,
    ':now': now,
    ':reason': ending.reason,
    ':one': 1,
  };
  let condition = '#status = :was';
  if (job.status === 'running') {
    condition += ' AND claimedByAgentId = :agent';
    values[':agent'] = job.claimedByAgentId;
  }
  let sets = 'SET #status = :status, finishedAt = :now, #error = :reason, version = version + :one';
  if (ending.status === 'cancelled') {
    sets += ', cancelledBy = :by';
    values[':by'] = ending.by;
  }
  try {
    await documentClient.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: jobKey(job.jobId),
              // Out of its location's queue too, so no agent claims it afterwards.
              UpdateExpression: `${sets} REMOVE gsi1pk, gsi1sk`,
              ConditionExpression: condition,
              ExpressionAttributeNames: { '#status': 'status', '#error': 'error' },
              ExpressionAttributeValues: values,
            },
          },
          activeCountMove(job.slug, job.service, -1),
          activeMarkerDelete(job),
          ...also,
        ],
      }),
    );
  } catch (error) {
    // A transaction that met another on the same items is a ConflictError (failedConditions throws it).
    if (failedConditions(error)?.includes(0)) return undefined;
    throw error;
  }
  return {
    ...job,
    status: ending.status,
    finishedAt: now,
    error: ending.reason,
    ...(ending.status === 'cancelled' ? { cancelledBy: ending.by } : {}),
    version: job.version + 1,
  };
}

/** The markers of the company's unfinished jobs, of every service (one consistent Query; a company has few). */
export async function activeJobMarkers(slug: string): Promise<ActiveJobMarker[]> {
  const markers: ActiveJobMarker[] = [];
  const items = queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': markersPartition(slug) },
    ConsistentRead: true,
  });
  for await (const item of items) {
    markers.push({
      jobId: String(item.jobId),
      service: item.service as ScanJobItem['service'],
      queuedAt: Number(item.queuedAt),
      ...(typeof item.claimedByAgentId === 'string' ? { claimedByAgentId: item.claimedByAgentId } : {}),
    });
  }
  return markers;
}

/** These jobs as they are now, the unfinished ones only (consistent BatchGets). */
export async function unfinishedJobs(jobIds: readonly string[]): Promise<ScanJobItem[]> {
  const jobs: ScanJobItem[] = [];
  for (let start = 0; start < jobIds.length; start += 100) {
    const items = await batchGetConsistent(jobIds.slice(start, start + 100).map(jobKey));
    jobs.push(...items.map(parseJob));
  }
  return jobs.filter((job) => job.status === 'queued' || job.status === 'running');
}

/** The company's unfinished jobs of a service, as they are now: its markers, then the jobs. */
export async function unfinishedJobsOf(slug: string, service: string): Promise<ScanJobItem[]> {
  const markers = (await activeJobMarkers(slug)).filter((marker) => marker.service === service);
  return markers.length === 0 ? [] : unfinishedJobs(markers.map((marker) => marker.jobId));
}

/** The company record and a job, in one consistent BatchGet (a management call's whole read). */
export async function readCompanyAndJob(
  slug: string,
  jobId: string,
): Promise<{ company: CompanyRecord | undefined; job: ScanJobItem | undefined }> {
  const items = await batchGetConsistent([companyItemKey(slug), jobKey(jobId)]);
  const companyRaw = items.find((item) => item.sk === 'COMPANY');
  const jobRaw = items.find((item) => item.sk === 'SCANJOB');
  return {
    company: companyRaw ? companyEntity.build(EntityFormatter).format(companyRaw) : undefined,
    job: jobRaw ? parseJob(jobRaw) : undefined,
  };
}

/** A page of the company's jobs of a service, newest first (gsi2: eventually consistent). */
export async function listCompanyJobs(
  slug: string,
  service: string,
  page: { cursor?: string; limit: number },
): Promise<{ jobs: ScanJobItem[]; nextCursor?: string }> {
  const partition = companyJobsPartition(slug, service);
  const { Items = [], LastEvaluatedKey } = await documentClient.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :partition',
      ExpressionAttributeValues: { ':partition': partition },
      ScanIndexForward: false,
      Limit: page.limit,
      ExclusiveStartKey: decodeCursor(page.cursor, { attribute: 'gsi2pk', value: partition, kindPrefix: 'SCANJOBS#' }),
    }),
  );
  return {
    jobs: Items.map(parseJob),
    nextCursor: encodeCursor(LastEvaluatedKey as Record<string, string> | undefined),
  };
}
