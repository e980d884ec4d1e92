// A full EPSS feed, imported: a generated CSV of 300,000 rows (the feed's own format, gzipped as FIRST publishes it)
// is stored in the uploads bucket and run through the feed import the worker runs (kernel/feeds/feed-imports.ts:
// read twice line by line, checked, then stored as one item per CVE). The import runs in a process of its own, as
// the import function would, against the bench's stack (its environment): what the stack's parts do meanwhile in
// the bench's process is not counted. Reports the time and the resident set: sampled every 100 ms, its peak minus
// what the process held before the import. Budget: bench/budgets.json's feedImportPeakRssMiB (the import
// function's memory) and feedImportMinutes (Lambda's 15 minutes).
// `tsx scripts/bench-feeds.ts [rows]` runs it on a local stack of its own.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { round } from './bench-stats.js';

export interface FeedImportBench {
  rows: number;
  fileBytes: number;
  seconds: number;
  baselineRssMiB: number;
  peakRssMiB: number;
  importRssMiB: number;
  peakHeapUsedMiB: number;
  entriesStored: number;
}

const mebibyte = 1024 * 1024;

/** An EPSS CSV of `rows` rows: distinct CVE ids, scores and percentiles in 0..1. */
export function epssFeed(rows: number): Buffer {
  const lines = ['#model_version:v2025.03.14,score_date:2026-11-27T00:00:00+0000', 'cve,epss,percentile'];
  for (let row = 0; row < rows; row += 1) {
    const year = 1999 + (row % 28);
    const score = ((row * 7919) % 100_000) / 100_000;
    lines.push(`CVE-${year}-${String(10_000 + row).padStart(5, '0')},${score.toFixed(5)},${(row / rows).toFixed(5)}`);
  }
  return gzipSync(lines.join('\n'));
}

/** Imports a generated feed of `rows` rows through the feed import; the stack's environment must be set. */
export async function measureEpssImport(rows = 300_000): Promise<FeedImportBench> {
  const { recordFeedImport, storeFeed } = await import('../lambdas/kernel/feeds/feed-imports.js');
  const { importFileKey } = await import('../lambdas/kernel/findings/scan-imports.js');
  const { openUpload, putObject } = await import('../lambdas/kernel/findings/uploads.js');
  const file = epssFeed(rows);
  const feedImport = await recordFeedImport('epss', file.length, `bench-${randomBytes(4).toString('hex')}`);
  await putObject(importFileKey(feedImport.objectKey), new Uint8Array(file));
  const fileBytes = file.length;
  global.gc?.();
  const baseline = process.memoryUsage();
  let peakRss = baseline.rss;
  let peakHeap = baseline.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 100);
  const started = performance.now();
  try {
    const { entries } = await storeFeed('epss', feedImport.feedImportId, () =>
      openUpload(importFileKey(feedImport.objectKey)),
    );
    const seconds = (performance.now() - started) / 1000;
    return {
      rows,
      fileBytes,
      seconds: round(seconds),
      baselineRssMiB: round(baseline.rss / mebibyte),
      peakRssMiB: round(peakRss / mebibyte),
      importRssMiB: round((peakRss - baseline.rss) / mebibyte),
      peakHeapUsedMiB: round(peakHeap / mebibyte),
      entriesStored: entries,
    };
  } finally {
    clearInterval(sampler);
  }
}

const childMark = 'BENCH_FEED_IMPORT ';

/** measureEpssImport in a process of its own, pointed at a running stack by its environment. */
export function measureEpssImportAlone(rows: number, environment: Record<string, string>): Promise<FeedImportBench> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--expose-gc', fileURLToPath(import.meta.url), '--child', String(rows)],
      { env: { ...process.env, ...environment }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-3000)));
    child.once('error', reject);
    child.once('exit', (code) => {
      const line = stdout.split('\n').find((text) => text.startsWith(childMark));
      if (code === 0 && line) resolve(JSON.parse(line.slice(childMark.length)) as FeedImportBench);
      else reject(new Error(`The feed import's own process failed (exit ${code}): ${stderr}`));
    });
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv[2] === '--child') {
    console.log(`${childMark}${JSON.stringify(await measureEpssImport(Number(process.argv[3])))}`);
    process.exit(0);
  }
  const rows = Number(process.argv[2] ?? 300_000);
  const { onOwnStack } = await import('./bench-own-stack.js');
  console.log(
    JSON.stringify(await onOwnStack('feeds', (stack) => measureEpssImportAlone(rows, stack.environment)), null, 2),
  );
}
