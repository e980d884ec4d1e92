// The findings list at scale: one company's service with 100,000 findings, written straight into DynamoDB Local
// with BatchWrite (not through the import) as copies of findings an import wrote (each with an identity of its
// own, in the same mix of severities, published with due dates spread around now), and a company with 100 such
// findings. Pages of listFindings (by severity, by SLA state, by due date) go through
// the Lambda handler in this process (event in, result out, as bench-calls.ts times calls), each page's
// DynamoDB requests counted, and each page timed at 100,000 and at 100 findings in turn: the ratio of the two
// medians says how the page's time grows with the list. Import only after startLocalStack has set the environment.
import { createHash } from 'node:crypto';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  findingIndexKey,
  findingSortKey,
  findingsPartition,
  knownExploitedPartition,
} from '../lambdas/kernel/data/entities/findings.js';
import type { Severity } from '../lambdas/kernel/scanners/finding-model.js';
import { defaultSlaDays } from '../lambdas/contracts/sla.js';
import { findingSlaAfter } from '../lambdas/kernel/sla/finding-sla.js';
import type { MarshalledItem } from './bench-dynamodb-writes.js';
import { batchWriteItems } from './bench-imports.js';
import { median, round } from './bench-stats.js';

const severityOf = (item: MarshalledItem) => item.toolSeverity?.S as Severity;

export interface CopyOptions {
  slug: string;
  service: string;
  count: number;
  /**
   * Every severity of the templates gets the same share, instead of its share among the templates: the small
   * list's filtered pages then hold as many rows as the large list's, so the two are timed like with like.
   */
  evenSeverities?: boolean;
}

const day = 24 * 60 * 60 * 1000;
/** The time the copies' due dates are spread around (when the module loads: the pages run minutes later). */
const seededAt = Date.now();

/**
 * One copy in ten is known exploited (on the sparse known-exploited index, keyed as the severity index is) and one in
 * five has an EPSS score, as the feeds' enrichment writes them (feeds/exploit-enrichment.ts), so the filtered pages
 * hold as many rows at both sizes.
 */
function exploitSignals(
  options: CopyOptions,
  id: string,
  severity: Severity,
  bucket: number,
  firstSeenAt: number,
): MarshalledItem {
  const exploited = bucket % 10 === 3;
  const scored = bucket % 5 === 1 || exploited;
  if (!scored) return {};
  const score = exploited ? 0.9 : 0.2 + (bucket % 7) / 10;
  return {
    epssScore: { N: String(score) },
    ...(exploited
      ? {
          knownExploited: { BOOL: true },
          gsi4pk: { S: knownExploitedPartition(options.slug, options.service) },
          gsi4sk: { S: findingIndexKey(severity, firstSeenAt, id) },
        }
      : {}),
  };
}

/**
 * Every copy is published, its SLA clock started so that its due date falls (by its id) 40% in the last 60 days
 * (overdue), 30% within the next 7 (due soon), 30% 8 to 60 days ahead, through the SLA computation the writes
 * use (sla/finding-sla.ts) on the default policy: the SLA pages then hold as many rows at both sizes.
 */
function publishedWithDueDate(
  options: CopyOptions,
  id: string,
  severity: Severity,
  firstSeenAt: number,
): MarshalledItem {
  const bucket = parseInt(id.slice(0, 8), 16) % 100;
  const dueAt =
    bucket < 40
      ? seededAt - (1 + (bucket % 59)) * day
      : bucket < 70
        ? seededAt + (1 + (bucket % 6)) * day
        : seededAt + (8 + (bucket % 52)) * day;
  const days = severity === 'info' ? 0 : defaultSlaDays[severity];
  const sla = findingSlaAfter(
    { slug: options.slug, service: options.service, id },
    { severity, published: false },
    { severity, status: 'open', published: true, paused: false },
    { days: defaultSlaDays, version: 0 },
    dueAt - days * day,
  );
  const item: MarshalledItem = {
    published: { BOOL: true },
    ...exploitSignals(options, id, severity, bucket, firstSeenAt),
  };
  for (const [name, value] of Object.entries(sla)) {
    item[name] = typeof value === 'number' ? { N: String(value) } : { S: String(value) };
  }
  return item;
}

/**
 * Copies of the template findings into the company's service partition, `count` of them, each severity's share
 * as among the templates (or even); every copy gets an identity of its own (and the sort and index keys that
 * follow).
 */
function* findingCopies(templates: readonly MarshalledItem[], options: CopyOptions): Generator<MarshalledItem> {
  const bySeverity = new Map<Severity, MarshalledItem[]>();
  for (const item of templates) {
    const severity = severityOf(item);
    bySeverity.set(severity, [...(bySeverity.get(severity) ?? []), item]);
  }
  const groups = [...bySeverity.entries()].sort((a, b) => b[1].length - a[1].length);
  const quotas = groups.map(([, items]) =>
    options.evenSeverities
      ? Math.floor(options.count / groups.length)
      : Math.floor((options.count * items.length) / templates.length),
  );
  quotas[0]! += options.count - quotas.reduce((sum, quota) => sum + quota, 0);
  const partition = findingsPartition(options.slug, options.service);
  for (const [index, [severity, items]] of groups.entries()) {
    for (let copy = 0; copy < quotas[index]!; copy += 1) {
      const template = items[copy % items.length]!;
      const id = createHash('sha256').update(`${options.slug}#${severity}#${copy}`).digest('hex').slice(0, 32);
      const firstSeenAt = Number(template.firstSeenAt?.N ?? 0);
      yield {
        ...template,
        pk: { S: partition },
        sk: { S: findingSortKey(id) },
        gsi1pk: { S: partition },
        gsi1sk: { S: findingIndexKey(severity, firstSeenAt, id) },
        id: { S: id },
        ...publishedWithDueDate(options, id, severity, firstSeenAt),
      };
    }
  }
}

/** Writes `count` copies of the templates with BatchWrite, a few requests in flight; returns seconds taken. */
export async function seedFindings(
  client: DynamoDBClient,
  tableName: string,
  templates: readonly MarshalledItem[],
  options: CopyOptions & { concurrency?: number },
): Promise<number> {
  const started = performance.now();
  const items = [...findingCopies(templates, options)];
  await batchWriteItems(client, tableName, items, { concurrency: options.concurrency ?? 4 });
  return (performance.now() - started) / 1000;
}

export interface FindingsPage {
  page: string;
  input: Record<string, unknown>;
  /** At the large list and at the small one. */
  items: { large: number; small: number };
  requests: number;
  scans: number;
  commands: string[];
  largeMedianMs: number;
  smallMedianMs: number;
  /** Large median over small median. */
  ratio: number;
}

const pages: Array<{ page: string; input: Record<string, unknown>; second?: boolean }> = [
  { page: 'first page, critical first', input: { limit: 50 } },
  { page: 'second page (cursor)', input: { limit: 50 }, second: true },
  { page: 'one severity (medium)', input: { filter: { severity: ['medium'] }, limit: 20 } },
  { page: 'two severities (critical, high)', input: { filter: { severity: ['critical', 'high'] }, limit: 20 } },
  {
    page: 'two severities apart (critical, medium)',
    input: { filter: { severity: ['critical', 'medium'] }, limit: 20 },
  },
  // The due-date index (sla/finding-sla.ts): a state is a key range, the order its keys'.
  { page: 'overdue (filter.sla)', input: { filter: { sla: 'overdue' }, limit: 20 } },
  { page: 'due within 7 days (filter.sla)', input: { filter: { sla: 'dueSoon' }, limit: 20 } },
  { page: 'soonest due first (order dueDate)', input: { order: 'dueDate', limit: 50 } },
  // The known-exploited index (gsi4, sparse): the severity index's keys, over known-exploited findings only.
  { page: 'known exploited (filter.knownExploited)', input: { filter: { knownExploited: true }, limit: 50 } },
  { page: 'EPSS at least 0.5 (filter.epssAtLeast)', input: { filter: { epssAtLeast: 0.5 }, limit: 20 } },
];

/** Each page at both lists: requests counted once, then `rounds` timed runs of each in turn. */
export async function measureFindingsPages(options: {
  claims: Record<string, string>;
  origin: string;
  service: string;
  largeSlug: string;
  smallSlug: string;
  rounds?: number;
}): Promise<FindingsPage[]> {
  // Loaded only now: the API handler reads its configuration when loaded, which the stack sets when it starts.
  const { invokeDirectly } = await import('./bench-calls.js');
  const { dynamoDbRequestsOf } = await import('../tests/support/dynamodb-requests.js');
  const rounds = options.rounds ?? 30;
  const warmup = 5;
  const results: FindingsPage[] = [];
  const call = async (data: Record<string, unknown>) => {
    const result = await invokeDirectly('listFindings', data, options.claims, options.origin);
    if (result.statusCode !== 200) throw new Error(`listFindings answered ${result.statusCode}`);
    return (result.body as { result: { findings: unknown[]; nextCursor?: string } }).result;
  };
  for (const page of pages) {
    const inputs: Record<'large' | 'small', Record<string, unknown>> = {
      large: { slug: options.largeSlug, service: options.service, ...page.input },
      small: { slug: options.smallSlug, service: options.service, ...page.input },
    };
    if (page.second) {
      for (const size of ['large', 'small'] as const) {
        const first = await call(inputs[size]);
        inputs[size] = { ...inputs[size], cursor: first.nextCursor };
      }
    }
    const { result, requests } = await dynamoDbRequestsOf(() => call(inputs.large));
    const small = await call(inputs.small);
    const times = { large: [] as number[], small: [] as number[] };
    for (let turn = 0; turn < warmup + rounds; turn += 1) {
      const order = turn % 2 === 0 ? (['large', 'small'] as const) : (['small', 'large'] as const);
      for (const size of order) {
        const started = performance.now();
        await call(inputs[size]);
        if (turn >= warmup) times[size].push(performance.now() - started);
      }
    }
    const largeMedianMs = median(times.large);
    const smallMedianMs = median(times.small);
    results.push({
      page: page.page,
      input: page.input,
      items: { large: result.findings.length, small: small.findings.length },
      requests: requests.length,
      scans: requests.filter((command) => /^Scan/.test(command)).length,
      commands: requests,
      largeMedianMs: round(largeMedianMs),
      smallMedianMs: round(smallMedianMs),
      ratio: round(largeMedianMs / smallMedianMs),
    });
  }
  return results;
}

/**
 * The lists of the bench run alone (here and in bench-reports.ts), on a stack of its own: a generated nuclei file
 * of 3,000 results is imported, and its findings are the templates of `total` copies in one company's DAST
 * partition and of 100 (even severities) in another's.
 */
export async function seedFindingsListCompanies(
  stack: { appUrl: string; dynamoDbEndpoint: string; region: string; tableName: string },
  claims: Record<string, string>,
  total: number,
): Promise<{ largeSlug: string; smallSlug: string; seedSeconds: number }> {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const path = await import('node:path');
  const { QueryCommand } = await import('@aws-sdk/client-dynamodb');
  const { importsThroughCalls } = await import('./bench-import-drivers.js');
  const { plainClient } = await import('./bench-imports.js');
  const { writeNucleiFile } = await import('./bench-scan-files.js');
  const driver = importsThroughCalls({ appUrl: stack.appUrl, claims });
  const filesDir = mkdtempSync(path.join(tmpdir(), 'bench-list-files-'));
  const file = path.join(filesDir, 'nuclei.jsonl');
  await writeNucleiFile(file, { seed: 9, hosts: 300, results: 3000, responseBodyBytes: [200, 4000] });
  const imported = await driver.run(await driver.prepare({ slug: 'bench-source', service: 'dast', file }));
  rmSync(filesDir, { recursive: true, force: true });
  if (imported.scan.status !== 'done') throw new Error('The source import failed');
  const client = plainClient(stack);
  try {
    const templates: MarshalledItem[] = [];
    let startKey: Record<string, never> | undefined;
    do {
      const page = await client.send(
        new QueryCommand({
          TableName: stack.tableName,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': { S: findingsPartition('bench-source', 'dast') } },
          ExclusiveStartKey: startKey,
        }),
      );
      templates.push(...((page.Items ?? []) as MarshalledItem[]));
      startKey = page.LastEvaluatedKey as typeof startKey;
    } while (startKey);
    const seedSeconds = await seedFindings(client, stack.tableName, templates, {
      slug: 'bench-large',
      service: 'dast',
      count: total,
    });
    await seedFindings(client, stack.tableName, templates, {
      slug: 'bench-small',
      service: 'dast',
      count: 100,
      evenSeverities: true,
    });
    return { largeSlug: 'bench-large', smallSlug: 'bench-small', seedSeconds: round(seedSeconds, 1) };
  } finally {
    client.destroy();
  }
}

// Run alone: `tsx scripts/bench-findings-list.ts [findings]` (100,000 by default), on a stack of its own.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { onOwnStack } = await import('./bench-own-stack.js');
  const total = Number(process.argv[2] ?? 100_000);
  const report = await onOwnStack('findings-list', async (stack) => {
    const { createTestUser } = await import('../tests/support/users.js');
    const { claimsOf } = await import('./bench-calls.js');
    const analyst = await createTestUser({ userType: 'analyst', accessLevel: 7, displayName: 'Bench Analyst' });
    const claims = claimsOf(analyst);
    console.error(`seeding ${total} findings…`);
    const { largeSlug, smallSlug, seedSeconds } = await seedFindingsListCompanies(stack, claims, total);
    const pages = await measureFindingsPages({ claims, origin: stack.appUrl, service: 'dast', largeSlug, smallSlug });
    return { findings: total, seedSeconds, pages };
  });
  console.log(JSON.stringify(report, null, 2));
}
