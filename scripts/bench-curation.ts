// Curating findings at its budgets, on the bench's stack: the DynamoDB requests of one field save
// (at most 2) and of one tag change (one transaction), and bulk updates of 1,000 findings (time, and the item
// writes they make: at most 1,000 finding writes plus the tag bookkeeping). The bulk updates run in this
// process (the worker's own function, runBulkUpdate), so every request is counted.
// `tsx scripts/bench-curation.ts` runs it alone on a stack of its own. Import only after startLocalStack has set
// the environment.
import { randomUUID } from 'node:crypto';
import { createCompanyAs } from '../lambdas/kernel/companies/company-admin.js';
import { putBulkUpdate } from '../lambdas/kernel/data/entities/bulk-updates.js';
import { runBulkUpdate } from '../lambdas/kernel/findings/bulk-updates.js';
import { updateFindingFieldAs } from '../lambdas/kernel/findings/finding-curation.js';
import { captureDynamoDbRequests, type CapturedRequest } from '../tests/support/dynamodb-capture.js';
import { seedFindings } from '../tests/support/seed-findings.js';
import { round } from './bench-stats.js';

export interface BulkMeasure {
  action: string;
  findings: number;
  ms: number;
  /** Items written, by kind: findings, tag references, tag counter moves, the bulk update's own item. */
  writes: { findings: number; tagReferences: number; tagCounters: number; bulkItem: number; events: number };
  requests: number;
}

export interface CurationMeasures {
  fieldSave: { requests: number; operations: string[] };
  tagChange: { requests: number; transactions: number; operations: string[] };
  bulk: BulkMeasure[];
}

const editor = { uid: 'bench', email: 'bench@portal.local' };

/** The items a request writes, by the kind of key they have. */
function countWrites(requests: CapturedRequest[], into: BulkMeasure['writes']): void {
  const count = (key: Record<string, { S?: string }> | undefined) => {
    const pk = key?.pk?.S ?? '';
    if (pk.startsWith('FINDINGS#')) into.findings += 1;
    else if (pk.startsWith('FINDING_TAG#')) into.tagReferences += 1;
    else if (pk === 'FINDING_TAGS') into.tagCounters += 1;
    else if (pk.startsWith('BULK#')) into.bulkItem += 1;
    else if (pk.startsWith('EVENTS#')) into.events += 1;
  };
  type Key = Record<string, { S?: string }>;
  interface Write {
    Key?: Key;
    Item?: Key;
  }
  for (const request of requests) {
    const input = request.input as {
      Key?: Key;
      Item?: Key;
      TransactItems?: Array<{ Update?: Write; Put?: Write; Delete?: Write; ConditionCheck?: Write }>;
      RequestItems?: Record<string, Array<{ PutRequest?: { Item: Key }; DeleteRequest?: { Key: Key } }>>;
    };
    if (request.operation === 'UpdateItem' || request.operation === 'PutItem' || request.operation === 'DeleteItem') {
      count(input.Key ?? input.Item);
    } else if (request.operation === 'TransactWriteItems') {
      for (const item of input.TransactItems ?? []) {
        const write = item.Update ?? item.Put ?? item.Delete ?? item.ConditionCheck;
        count(write?.Key ?? write?.Item);
      }
    } else if (request.operation === 'BatchWriteItem') {
      for (const writes of Object.values(input.RequestItems ?? {})) {
        for (const write of writes) count(write.PutRequest?.Item ?? write.DeleteRequest?.Key);
      }
    }
  }
}

export async function measureCuration(): Promise<CurationMeasures> {
  const slug = `bench-curation-${randomUUID().slice(0, 8)}`;
  await createCompanyAs(editor, { slug, companyName: 'Bench curation', flags: { enableDast: true } });
  const ids = await seedFindings({ slug, count: 1000, severity: 'medium', ruleId: '10038', host: 'bench.example' });

  const save = await captureDynamoDbRequests(() =>
    updateFindingFieldAs(editor, {
      slug,
      service: 'dast',
      findingId: ids[0]!,
      field: 'title',
      value: 'Missing Content Security Policy',
      expectedVersion: 0,
    }),
  );
  const tag = await captureDynamoDbRequests(() =>
    updateFindingFieldAs(editor, {
      slug,
      service: 'dast',
      findingId: ids[1]!,
      field: 'tags',
      value: ['bench', 'headers'],
      expectedVersion: 0,
    }),
  );

  const bulk: BulkMeasure[] = [];
  const actions = [
    { kind: 'setStatus', value: { status: 'false_positive', note: 'Bench' } },
    { kind: 'addTag', tag: 'bench-bulk' },
    { kind: 'setPublished', value: true },
  ] as const;
  for (const action of actions) {
    // Stored, not queued: the stack's worker would run it too; here it runs in this process, counted.
    const bulkId = randomUUID().replace(/-/g, '');
    await putBulkUpdate({
      bulkId,
      slug,
      service: 'dast',
      action,
      targets: ids.map((findingId) => ({ slug, service: 'dast', findingId })),
      status: 'queued',
      total: ids.length,
      processed: 0,
      changed: 0,
      unchanged: 0,
      conflicted: [],
      createdAt: Date.now(),
      createdByUid: editor.uid,
      createdBy: editor.email,
      attempts: 0,
    });
    const started = performance.now();
    const { requests } = await captureDynamoDbRequests(() => runBulkUpdate(bulkId));
    const ms = performance.now() - started;
    const writes = { findings: 0, tagReferences: 0, tagCounters: 0, bulkItem: 0, events: 0 };
    countWrites(requests, writes);
    bulk.push({ action: action.kind, findings: ids.length, ms: round(ms, 0), writes, requests: requests.length });
  }
  return {
    fieldSave: { requests: save.requests.length, operations: save.requests.map((request) => request.operation) },
    tagChange: {
      requests: tag.requests.length,
      transactions: tag.requests.filter((request) => request.operation === 'TransactWriteItems').length,
      operations: tag.requests.map((request) => request.operation),
    },
    bulk,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { onOwnStack } = await import('./bench-own-stack.js');
  console.log(JSON.stringify(await onOwnStack('curation', () => measureCuration()), null, 2));
}
