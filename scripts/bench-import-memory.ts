// Child process of the bench: one import in a process of its own, run as Lambda runs it: this file is bundled with
// the import function's esbuild options (infra/constructs/lambda-bundling.ts) and started with plain `node` (no
// tsx, whose loader runs in a thread of its own with a heap of its own), and it hands the import function's
// handler the SQS message the queue would deliver. With the environment of the bench's stack; it starts nothing
// else. Prints one line, BENCH_IMPORT_MEMORY {...}: the peak resident set at the end and the heap's peaks
// sampled every 100 ms. With `--baseline` it loads the same code and ends without importing: what the process
// costs by itself.
import { readFileSync } from 'node:fs';
import { getHeapSpaceStatistics } from 'node:v8';
import type { SQSEvent } from 'aws-lambda';
import { handler } from '../lambdas/import/handler.js';
import { getScanImport } from '../lambdas/kernel/data/entities/scan-imports.js';

const importId = process.argv[2];
if (!importId) throw new Error('Usage: bench-import-memory <importId> | --baseline');
const mebibyte = 1024 * 1024;

/**
 * This process's own peak resident set: VmHWM of /proc/self/status. Not process.resourceUsage().maxRSS: on
 * Linux a process keeps the resident set its parent had when it was forked (here the bench, stack and all)
 * if that was larger, so maxRSS reports the parent's size. Elsewhere maxRSS is all there is.
 */
function peakResidentMiB(): number {
  try {
    const peak = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    if (peak) return Number(peak) / 1024;
  } catch {
    // No /proc (macOS): maxRSS, in KiB, is all there is.
  }
  return process.resourceUsage().maxRSS / 1024;
}

/** The message the import queue delivers for the import, as the event source mapping hands it over. */
function queueEvent(id: string): SQSEvent {
  return {
    Records: [
      {
        messageId: `bench-${id}`,
        receiptHandle: `bench-${id}`,
        body: JSON.stringify({ importId: id }),
        attributes: {
          ApproximateReceiveCount: '1',
          SentTimestamp: String(Date.now()),
          SenderId: 'bench',
          ApproximateFirstReceiveTimestamp: String(Date.now()),
        },
        messageAttributes: {},
        md5OfBody: '',
        eventSource: 'aws:sqs',
        eventSourceARN: 'arn:aws:sqs:local:000000000000:imports.fifo',
        awsRegion: 'local',
      },
    ],
  };
}

const peaks = { heapUsed: 0, external: 0 };
/** Each heap space's peak size (what V8 has taken for it, used or not), in MiB. */
const spacePeaks: Record<string, number> = {};
const sample = () => {
  const usage = process.memoryUsage();
  peaks.heapUsed = Math.max(peaks.heapUsed, usage.heapUsed);
  peaks.external = Math.max(peaks.external, usage.external);
  for (const space of getHeapSpaceStatistics()) {
    spacePeaks[space.space_name] = Math.max(spacePeaks[space.space_name] ?? 0, space.space_size / mebibyte);
  }
};
const sampler = setInterval(sample, 100);
const started = performance.now();
let status = 'baseline';
let error: string | undefined;
let findings = 0;
if (importId !== '--baseline') {
  const { batchItemFailures } = await handler(queueEvent(importId));
  const scan = await getScanImport(importId, true);
  status = batchItemFailures.length > 0 ? 'crashed' : (scan?.status ?? 'missing');
  error = (scan?.error as { message?: string } | undefined)?.message;
  findings = Number((scan?.counts as { total?: number } | undefined)?.total ?? 0);
}
const seconds = (performance.now() - started) / 1000;
sample();
clearInterval(sampler);
console.log(
  `BENCH_IMPORT_MEMORY ${JSON.stringify({
    status,
    ...(error ? { error } : {}),
    findings,
    seconds,
    peakRssMiB: peakResidentMiB(),
    heapUsedPeakMiB: peaks.heapUsed / mebibyte,
    externalPeakMiB: peaks.external / mebibyte,
    heapSpacePeaksMiB: Object.fromEntries(
      Object.entries(spacePeaks).map(([name, size]) => [name, Math.round(size * 10) / 10]),
    ),
  })}`,
);
process.exit(0);
