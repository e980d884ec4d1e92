// The template search at scale: 10,000 templates written straight into DynamoDB Local with BatchWrite (in the
// entity's item shape: data/entities/templates.ts newTemplateWrite), then the search endpoint of the local
// stack asked as the Algolia client asks it (POST /api/search/1/indexes/*/queries with a getSearchClient
// key): the first search's index build (time and heap), then p50/p95 of searches by prefixes, typos and
// several words. Reported, not enforced (the budget: p95 at most 30 ms).
// `tsx scripts/bench-template-search.ts` runs it alone on a stack of its own; bench.ts runs it on its stack.
// Import only after startLocalStack has set the environment.
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../lambdas/kernel/data/client.js';
import { newTemplateWrite, type StoredTemplate } from '../lambdas/kernel/data/entities/templates.js';
import { readConfig } from '../lambdas/kernel/config.js';
import { templateIndexName } from '../lambdas/kernel/templates/template-fields.js';
import { searchKeySecret, securedSearchKey } from '../lambdas/kernel/templates/search-key.js';
import { templateIndex } from '../lambdas/kernel/templates/template-index.js';
import { editableTemplateFields } from '../lambdas/kernel/templates/template-fields.js';
import { percentile, round } from './bench-stats.js';

const securityWords = (
  'injection cross site scripting header cookie session fixation disclosure exposure server version banner ' +
  'certificate expired weak cipher tls protocol redirect open directory listing password default credentials ' +
  'admin panel debug endpoint metrics prometheus kubernetes docker registry bucket public storage account ' +
  'privilege escalation remote code execution deserialization traversal upload content security policy frame ' +
  'clickjacking csrf token missing secure flag httponly samesite cors misconfiguration wildcard origin'
).split(' ');

/**
 * The corpus's words: the security words first, then made-up ones up to 5,000, drawn with a skew towards the
 * first (as real texts use few words often and many rarely). Drawn uniformly from the 60 security words alone,
 * every template would hold nearly every word and every query would match most of the library.
 */
const syllables =
  'ba be bi bo bu ca ce ci co cu da de di do du fa fe fi fo fu ga ge gi go gu la le li lo lu ma me mi mo mu na ne ni no nu pa pe pi po pu ra re ri ro ru sa se si so su ta te ti to tu va ve vi vo vu za ze zi zo zu'.split(
    ' ',
  );
const words = [...securityWords];
for (let index = 0; words.length < 5000; index += 1) {
  const n = syllables.length;
  words.push(
    `${syllables[index % n]}${syllables[Math.floor(index / n) % n]}${syllables[Math.floor(index / n / n) % n]}`,
  );
}
const skewed = (next: () => number) => words[Math.floor(words.length * next() ** 2.5)]!;

/** A reproducible sequence (the bench compares runs). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

export async function seedTemplates(count: number): Promise<number> {
  const next = random(42);
  const pick = () => skewed(next);
  const sentence = (length: number) => Array.from({ length }, pick).join(' ');
  const now = Date.now();
  const items: Record<string, unknown>[] = [];
  for (let index = 0; index < count; index += 1) {
    const template = {
      templateId: `bench-${String(index).padStart(5, '0')}`,
      title: `${sentence(3)} ${index}`,
      severity: ['critical', 'high', 'medium', 'low', 'info'][index % 5],
      description: sentence(60),
      remediation: sentence(30),
      references: [`https://example.com/advisory/${index}`],
      cwe: [`CWE-${(index % 900) + 1}`],
      services: ['dast'],
      tags: [pick(), pick()],
      rules: [`zap:${100_000 + index}`],
      retired: false,
      usageCount: Math.floor(next() * 100),
      version: 1,
      fieldVersions: Object.fromEntries(editableTemplateFields.map((field) => [field, 1])),
      createdAt: now,
      createdBy: 'bench',
      updatedAt: now - count + index,
      updatedBy: 'bench',
    } as StoredTemplate;
    items.push(newTemplateWrite(template).Put!.Item!);
  }
  const table = readConfig().TABLE_NAME;
  for (let start = 0; start < items.length; start += 25 * 4) {
    await Promise.all(
      [0, 1, 2, 3].map(async (batch) => {
        let pending = items
          .slice(start + batch * 25, start + (batch + 1) * 25)
          .map((item) => ({ PutRequest: { Item: item } }));
        while (pending.length > 0) {
          const { UnprocessedItems } = await documentClient.send(
            new BatchWriteCommand({ RequestItems: { [table]: pending } }),
          );
          pending = (UnprocessedItems?.[table] ?? []) as typeof pending;
        }
      }),
    );
  }
  return items.length;
}

export interface TemplateSearchMeasure {
  templates: number;
  indexBuildMs: number;
  indexHeapMB: number;
  firstSearchMs: number;
  searches: number;
  p50Ms: number;
  p95Ms: number;
  meanHits: number;
}

/** Searches the stack's endpoint (its index lives in this process when the stack does). */
export async function measureTemplateSearch(appUrl: string, searches = 1000): Promise<TemplateSearchMeasure> {
  const { SEARCH_APP_ID } = readConfig();
  const key = securedSearchKey(await searchKeySecret(), {
    restrictIndices: [templateIndexName],
    validUntil: Math.floor(Date.now() / 1000) + 3600,
  });
  const url = `${appUrl}/api/search/1/indexes/*/queries?x-algolia-agent=bench`;
  const ask = async (query: string) => {
    const started = performance.now();
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'x-algolia-api-key': key, 'x-algolia-application-id': SEARCH_APP_ID },
      body: JSON.stringify({ requests: [{ indexName: templateIndexName, query, hitsPerPage: 20 }] }),
    });
    const body = (await response.json()) as { results: { nbHits: number }[] };
    if (response.status !== 200) throw new Error(`search answered ${response.status}`);
    return { ms: performance.now() - started, hits: body.results[0]!.nbHits };
  };

  (globalThis as { gc?: () => void }).gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const first = await ask('session');
  (globalThis as { gc?: () => void }).gc?.();
  const heapAfter = process.memoryUsage().heapUsed;

  const next = random(7);
  const pick = () => skewed(next);
  const typo = (word: string) => {
    const at = 1 + Math.floor(next() * (word.length - 2));
    return word.slice(0, at) + 'x' + word.slice(at + 1);
  };
  const queries = Array.from({ length: searches }, (_, index) => {
    const word = pick();
    switch (index % 4) {
      case 0:
        return word.slice(0, 3 + Math.floor(next() * 3)); // typing: a prefix
      case 1:
        return word.length >= 4 ? typo(word) : word; // one typo
      case 2:
        return `${pick()} ${word}`; // two words
      default:
        return `${pick()} ${word.slice(0, 4)}`; // a word and a prefix
    }
  });
  const times: number[] = [];
  let hits = 0;
  for (const query of queries) {
    const answer = await ask(query);
    times.push(answer.ms);
    hits += answer.hits;
  }
  times.sort((a, b) => a - b);
  return {
    templates: templateIndex.size,
    indexBuildMs: round(templateIndex.buildStats?.ms ?? Number.NaN, 0),
    indexHeapMB: round((heapAfter - heapBefore) / 1e6, 1),
    firstSearchMs: round(first.ms, 0),
    searches,
    p50Ms: round(percentile(times, 50), 2),
    p95Ms: round(percentile(times, 95), 2),
    meanHits: round(hits / searches, 0),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { onOwnStack } = await import('./bench-own-stack.js');
  await onOwnStack('search', async (stack) => {
    const count = Number(process.argv[2] ?? 10_000);
    let started = performance.now();
    const written = await seedTemplates(count);
    console.error(`wrote ${written} templates in ${round((performance.now() - started) / 1000, 1)} s`);
    started = performance.now();
    const measure = await measureTemplateSearch(stack.appUrl, Number(process.argv[3] ?? 1000));
    console.error(`measured in ${round((performance.now() - started) / 1000, 1)} s`);
    console.log(JSON.stringify({ written, ...measure }, null, 2));
  });
}
