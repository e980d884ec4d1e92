// Scan jobs (issue 13): work queued for a location's agents (`SCANJOB#<jobId>` / `SCANJOB`). While a job is queued
// it sits in its location's queue on gsi1 (`JOBQ#<slug>#<locationId>`, oldest first); claiming it removes it from
// the queue in the same conditional write that sets the agent, so two agents never claim the same job. A company's
// unfinished (queued or running) jobs of a service are counted in `ACTIVEJOBS#<slug>#<service>` / `COUNT`, moved
// in the same transaction as the job that enters or leaves them, so a per-company limit holds even for triggers
// sent at the same moment.
import {
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { readConfig } from '../../config.js';
import { documentClient } from '../client.js';
import type { AgentCapability } from './agents.js';

export const scanJobStatuses = ['queued', 'running', 'done', 'failed'] as const;
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
  /** Who asked for it: a DAST key (`dast-key:<keyId>`) or a person's e-mail. */
  queuedBy: string;
  claimedAt?: number;
  claimedByAgentId?: string;
  finishedAt?: number;
  importId?: string;
  error?: string;
  version: number;
}

const tableName = () => readConfig().TABLE_NAME;
const jobKey = (jobId: string) => ({ pk: `SCANJOB#${jobId}`, sk: 'SCANJOB' });
export const jobQueuePartition = (slug: string, locationId: string) => `JOBQ#${slug}#${locationId}`;
/** The count of a company's unfinished (queued or running) jobs of a service: what its per-company limit reads. */
const activeCountKey = (slug: string, service: string) => ({ pk: `ACTIVEJOBS#${slug}#${service}`, sk: 'COUNT' });
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

function parseJob(raw: Record<string, unknown>): ScanJobItem {
  const { pk: _pk, sk: _sk, entityType: _e, gsi1pk: _g, gsi1sk: _s, ...rest } = raw;
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
                gsi1sk: `${String(job.queuedAt).padStart(15, '0')}#${job.jobId}`,
              },
              ConditionExpression: 'attribute_not_exists(pk)',
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

/** Claims a queued job for an agent: conditional on it still being queued. Undefined when another got it first. */
export async function claimJobItem(jobId: string, agentId: string, now: number): Promise<ScanJobItem | undefined> {
  try {
    const answer = await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: jobKey(jobId),
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
        ReturnValues: 'ALL_NEW',
      }),
    );
    return parseJob(answer.Attributes ?? {});
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return undefined;
    throw error;
  }
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
        ],
      }),
    );
  } catch (error) {
    if (failedCondition(error, 0)) return undefined;
    throw error;
  }
  return { ...job, status: outcome.status, finishedAt: now, [field]: value, version: job.version + 1 };
}
