// The import benchmarks, against the bench's local stack:
//   - throughput: a generated scanner file imported from start to status 'done', its DynamoDB writes recorded
//     as DynamoDB receives them, against a floor: the very items it wrote (findings and assets), sent again with
//     the plain AWS SDK client as BatchWriteItem requests of 25, four at once as the import's putItems sends
//     them (batchSize, batchConcurrency of findings.ts), to the same DynamoDB Local table right after. DynamoDB Local writes a few hundred items a
//     second on these machines whatever their size, so the import is judged by its ratio to that floor. The floor
//     writes into the partitions of another company (`floorSlug`, a slug of the same length, so the items are the
//     same size), where its findings later serve as part of the 100,000 the findings list is measured on;
//   - a re-import of the same file: its time against the same floor, and its writes (no finding may be written;
//     assets are written again with their last sighting);
//   - peak memory: an import run in a process of its own (bench-import-memory.ts), its peak resident set.
// How an import is started is the driver's business (bench-import-drivers.ts). Import only after
// startLocalStack has set the environment.
import { spawn } from 'node:child_process';
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BatchWriteItemCommand, DynamoDBClient, type WriteRequest } from '@aws-sdk/client-dynamodb';
import type { ServiceName } from '../lambdas/kernel/access/rules.js';
import { importFunctionMemoryMiB } from '../infra/import-queue.js';
import { batchConcurrency, batchSize } from '../lambdas/kernel/data/entities/findings.js';
import { getScanImport } from '../lambdas/kernel/data/entities/scan-imports.js';
import { copyImportFiles } from '../lambdas/kernel/findings/scan-imports.js';
import { parseScan } from '../lambdas/kernel/scanners/parse-scan.js';
import { itemBytes, kindOf, recordWrites, type MarshalledItem, type WriteRecording } from './bench-dynamodb-writes.js';
import type { ImportDriver } from './bench-import-drivers.js';
import { median, percentile, round } from './bench-stats.js';

const root = path.resolve(import.meta.dirname, '..');

export interface RawTable {
  dynamoDbEndpoint: string;
  region: string;
  tableName: string;
}

export function plainClient(table: RawTable): DynamoDBClient {
  return new DynamoDBClient({
    endpoint: table.dynamoDbEndpoint,
    region: table.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

/**
 * BatchWriteItem, `batchSize` items a request, unprocessed items sent again. `inGroups`: as the import's
 * putItems sends them, `concurrency` requests at once, the next group once all of these are answered;
 * otherwise a pool that keeps `concurrency` requests in flight.
 */
export async function batchWriteItems(
  client: DynamoDBClient,
  tableName: string,
  items: readonly MarshalledItem[],
  options: { concurrency: number; inGroups?: boolean },
): Promise<{ requests: number }> {
  let requests = 0;
  const send = async (batch: readonly MarshalledItem[]) => {
    let pending: WriteRequest[] = batch.map((Item) => ({ PutRequest: { Item } }));
    for (let attempt = 0; pending.length > 0; attempt += 1) {
      if (attempt > 10) throw new Error('DynamoDB Local left writes unprocessed ten times in a row');
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      requests += 1;
      const { UnprocessedItems } = await client.send(
        new BatchWriteItemCommand({ RequestItems: { [tableName]: pending } }),
      );
      pending = UnprocessedItems?.[tableName] ?? [];
    }
  };
  const batches: MarshalledItem[][] = [];
  for (let start = 0; start < items.length; start += batchSize) batches.push(items.slice(start, start + batchSize));
  if (options.inGroups) {
    for (let start = 0; start < batches.length; start += options.concurrency)
      await Promise.all(batches.slice(start, start + options.concurrency).map(send));
  } else {
    let next = 0;
    await Promise.all(
      Array.from({ length: options.concurrency }, async () => {
        while (next < batches.length) {
          next += 1;
          await send(batches[next - 1]!);
        }
      }),
    );
  }
  return { requests };
}

/** The item with its company's slug in the partition keys replaced (`FINDINGS#from#dast` → `FINDINGS#to#dast`). */
export function inCompany(item: MarshalledItem, from: string, to: string): MarshalledItem {
  const move = (key: string) => {
    const value = item[key]?.S;
    return value === undefined ? {} : { [key]: { S: value.replace(`#${from}#`, `#${to}#`) } };
  };
  return { ...item, ...move('pk'), ...move('gsi1pk') };
}

export interface ImportWrites {
  requests: Record<string, number>;
  findingWriteRequests: number;
  findingItemWrites: number;
  assetWriteRequests: number;
  assetItemWrites: number;
  /** The import record's own writes (status, progress). */
  importRecordWrites: number;
}

function importWrites(recording: WriteRecording): ImportWrites {
  return {
    requests: recording.requests,
    findingWriteRequests: recording.writeRequestsByKind.FINDINGS ?? 0,
    findingItemWrites: recording.itemWritesByKind.FINDINGS ?? 0,
    assetWriteRequests: recording.writeRequestsByKind.ASSETS ?? 0,
    assetItemWrites: recording.itemWritesByKind.ASSETS ?? 0,
    importRecordWrites: recording.itemWritesByKind.IMPORT ?? 0,
  };
}

export interface ImportThroughput {
  name: string;
  service: ServiceName;
  file: { bytes: number; description: string };
  /** One pass of the parser over the file on disk, nothing written: what reading costs. */
  parseOnceSeconds: number;
  findings: number;
  assets: number;
  firstImport: {
    seconds: number;
    findingsPerSecond: number;
    itemsWrittenPerSecond: number;
    counts: Record<string, unknown>;
    writes: ImportWrites;
    /** DynamoDB's size of the findings and assets written (write units: one per started KB). */
    itemBytes: { findingsMedian: number; findingsP90: number; findingsMax: number; assetsMedian: number };
  };
  floor: { items: number; requests: number; seconds: number; itemsPerSecond: number };
  /** First import time over the floor time. */
  importFloorRatio: number;
  /** The slowest of the re-imports (`secondsEach`: every one, in order; counts and writes: the first's). */
  reimport: { seconds: number; secondsEach: number[]; counts: Record<string, unknown>; writes: ImportWrites };
  /** The slowest re-import's time over the floor time. */
  reimportFloorRatio: number;
}

async function parseOnce(service: ServiceName, file: string): Promise<number> {
  const started = performance.now();
  for await (const record of parseScan({ service, inputs: [createReadStream(file)] })) void record;
  return (performance.now() - started) / 1000;
}

/** Imports the file, writes its items again as the floor, and imports the same file once more. */
export async function measureImportThroughput(options: {
  name: string;
  driver: ImportDriver;
  table: RawTable;
  slug: string;
  /** Where the floor writes the same items: another company, its slug as long as `slug`. */
  floorSlug: string;
  service: ServiceName;
  file: string;
  fileBytes: number;
  description: string;
  log: (message: string) => void;
  /** How many times the same file is imported again after the floor. @default 1 */
  reimports?: number;
}): Promise<{ throughput: ImportThroughput; findingItems: MarshalledItem[] }> {
  if (options.floorSlug.length !== options.slug.length) throw new Error('The floor company needs a slug as long');
  const parseOnceSeconds = await parseOnce(options.service, options.file);

  options.log(`imports: ${options.name}, first import…`);
  const first = await options.driver.prepare({ slug: options.slug, service: options.service, file: options.file });
  const { result: imported, recording } = await recordWrites(() => options.driver.run(first), {
    keepBatchPutItems: true,
  });
  if (imported.scan.status !== 'done')
    throw new Error(`The ${options.name} import ended ${imported.scan.status}: ${JSON.stringify(imported.scan.error)}`);
  const written = recording.batchPutItems.filter((item) => ['FINDINGS', 'ASSETS'].includes(kindOf(item.pk?.S)));
  recording.batchPutItems = [];
  const sizes = (kind: string) => written.filter((item) => kindOf(item.pk?.S) === kind).map((item) => itemBytes(item));
  const findingSizes = sizes('FINDINGS');
  const assetSizes = sizes('ASSETS');
  const writes = importWrites(recording);
  if (written.length !== writes.findingItemWrites + writes.assetItemWrites)
    throw new Error('The first import wrote findings or assets other than by BatchWriteItem; the floor would differ');

  options.log(`imports: ${options.name}, the floor: its ${written.length} items again, BatchWriteItem of 25…`);
  const client = plainClient(options.table);
  let floor: ImportThroughput['floor'];
  try {
    const floorItems = written.map((item) => inCompany(item, options.slug, options.floorSlug));
    const started = performance.now();
    const { requests } = await batchWriteItems(client, options.table.tableName, floorItems, {
      concurrency: batchConcurrency,
      inGroups: true,
    });
    const seconds = (performance.now() - started) / 1000;
    floor = {
      items: floorItems.length,
      requests,
      seconds: round(seconds),
      itemsPerSecond: round(floorItems.length / seconds, 0),
    };
  } finally {
    client.destroy();
  }

  const reimports: Array<{ result: Awaited<ReturnType<ImportDriver['run']>>; recording: WriteRecording }> = [];
  for (let run = 0; run < (options.reimports ?? 1); run += 1) {
    options.log(`imports: ${options.name}, the same file again (${run + 1})…`);
    const again = await options.driver.prepare({ slug: options.slug, service: options.service, file: options.file });
    const reimport = await recordWrites(() => options.driver.run(again));
    if (reimport.result.scan.status !== 'done')
      throw new Error(`The ${options.name} re-import ended ${reimport.result.scan.status}`);
    reimports.push(reimport);
  }
  const { result: reimported, recording: reimportRecording } = reimports[0]!;
  const reimportSeconds = reimports.map((reimport) => round(reimport.result.seconds));
  const slowestReimport = Math.max(...reimports.map((reimport) => reimport.result.seconds));

  const counts = (imported.scan.counts ?? {}) as { total?: number; assets?: number };
  const findings = counts.total ?? 0;
  const throughput: ImportThroughput = {
    name: options.name,
    service: options.service,
    file: { bytes: options.fileBytes, description: options.description },
    parseOnceSeconds: round(parseOnceSeconds),
    findings,
    assets: counts.assets ?? 0,
    firstImport: {
      seconds: round(imported.seconds),
      findingsPerSecond: round(findings / imported.seconds, 0),
      itemsWrittenPerSecond: round(written.length / imported.seconds, 0),
      counts: imported.scan.counts ?? {},
      writes,
      itemBytes: {
        findingsMedian: median(findingSizes),
        findingsP90: percentile(findingSizes, 90),
        findingsMax: Math.max(...findingSizes),
        assetsMedian: median(assetSizes),
      },
    },
    floor,
    importFloorRatio: round(imported.seconds / floor.seconds),
    reimport: {
      seconds: round(slowestReimport),
      secondsEach: reimportSeconds,
      counts: reimported.scan.counts ?? {},
      writes: importWrites(reimportRecording),
    },
    reimportFloorRatio: round(slowestReimport / floor.seconds),
  };
  return { throughput, findingItems: written.filter((item) => kindOf(item.pk?.S) === 'FINDINGS') };
}

export interface ImportMemory {
  file: { bytes: number; description: string };
  status: string;
  /** Why the import failed, when it did. */
  error?: string;
  findings: number;
  seconds: number;
  /** The process's peak resident set (VmHWM), in MiB (1024 × 1024 bytes). */
  peakRssMiB: number;
  /** The same process that loads the import's modules and ends without importing anything. */
  baselinePeakRssMiB: number;
  /** Peaks sampled every 100 ms while it ran. */
  heapUsedPeakMiB: number;
  externalPeakMiB: number;
  /** Each V8 heap space's peak size (taken by V8, used or not): new_space is the young generation. */
  heapSpacePeaksMiB: Record<string, number>;
  /** The same with the heap flags Lambda's runtime would give the import function (lambdaHeapFlags). */
  lambdaFlags: Omit<ImportMemory, 'file' | 'lambdaFlags'> & { flags: string[] };
}

interface ChildReport {
  status: string;
  /** Why the import failed, when it did. */
  error?: string;
  findings: number;
  seconds: number;
  peakRssMiB: number;
  heapUsedPeakMiB: number;
  externalPeakMiB: number;
  heapSpacePeaksMiB: Record<string, number>;
}

/**
 * The V8 heap flags Lambda's Node.js runtime starts Node with, from the function's memory (its bootstrap script:
 * a tenth for the young generation, in two semi-spaces, the rest for the old one). At 1024 MiB the young
 * generation may grow to three times Node's default here, and garbage waits longer there before it is collected.
 */
export function lambdaHeapFlags(memoryMiB: number): string[] {
  const newSpace = Math.floor(memoryMiB / 10);
  return [`--max-semi-space-size=${Math.floor(newSpace / 2)}`, `--max-old-space-size=${memoryMiB - newSpace}`];
}

/**
 * bench-import-memory.ts bundled as the import function is (the same esbuild options), into `outDir`: what the
 * child runs with plain `node`, so its memory is the function's code's and not tsx's. Powertools, external as in
 * the function, is loaded from `outDir`'s stand-in for the function's Lambda layer, so its memory counts too.
 */
export async function bundleMemoryChild(outDir: string): Promise<string> {
  const { build } = await import('esbuild');
  const { lambdaEsbuildOptions, linkPowertoolsLayer } = await import('../infra/constructs/lambda-bundling.js');
  linkPowertoolsLayer(outDir);
  const outfile = path.join(outDir, 'bench-import-memory.mjs');
  await build({
    ...lambdaEsbuildOptions,
    entryPoints: [path.join(root, 'scripts/bench-import-memory.ts')],
    outfile,
    logLevel: 'error',
  });
  return outfile;
}

/** Runs the bundled bench-import-memory.ts with the stack's environment and reads the one line it prints. */
export function runMemoryChild(
  script: string,
  environment: Record<string, string>,
  importId: string,
  nodeFlags: readonly string[] = [],
): Promise<ChildReport> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeFlags, script, importId], {
      cwd: root,
      env: { ...process.env, ...environment },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-3000)));
    child.once('error', reject);
    child.once('exit', (code) => {
      const line = stdout.split('\n').find((text) => text.startsWith('BENCH_IMPORT_MEMORY '));
      if (code === 0 && line) resolve(JSON.parse(line.slice('BENCH_IMPORT_MEMORY '.length)) as ChildReport);
      else reject(new Error(`The import's own process failed (exit ${code}): ${stderr}`));
    });
  });
}

/**
 * The import of a large file in a process of its own, its peak resident memory: with Node's default heap flags
 * into `slug`, then with the flags Lambda would start the import function with into `slug`-lambda (a first
 * import each, not a re-import).
 */
export async function measureImportMemory(options: {
  driver: ImportDriver;
  environment: Record<string, string>;
  slug: string;
  service: ServiceName;
  file: string;
  fileBytes: number;
  description: string;
}): Promise<ImportMemory> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'bench-import-memory-'));
  const script = await bundleMemoryChild(outDir);
  const measure = async (slug: string, nodeFlags: readonly string[]) => {
    const baseline = await runMemoryChild(script, options.environment, '--baseline', nodeFlags);
    const prepared = await options.driver.prepare({ slug, service: options.service, file: options.file });
    // What startScanImport does before it queues the import: the copy of the upload that the import reads.
    // Not startScanImport itself: its message would run the import in this process, not in the measured one.
    const scan = await getScanImport(prepared.importId, true);
    if (!scan) throw new Error(`The import ${prepared.importId} disappeared`);
    await copyImportFiles(scan);
    const report = await runMemoryChild(script, options.environment, prepared.importId, nodeFlags);
    return {
      status: report.status,
      ...(report.error ? { error: report.error } : {}),
      findings: report.findings,
      seconds: round(report.seconds),
      peakRssMiB: round(report.peakRssMiB, 1),
      baselinePeakRssMiB: round(baseline.peakRssMiB, 1),
      heapUsedPeakMiB: round(report.heapUsedPeakMiB, 1),
      externalPeakMiB: round(report.externalPeakMiB, 1),
      heapSpacePeaksMiB: report.heapSpacePeaksMiB,
    };
  };
  const flags = lambdaHeapFlags(importFunctionMemoryMiB);
  let nodeDefaults: Awaited<ReturnType<typeof measure>>;
  let asLambda: Awaited<ReturnType<typeof measure>>;
  try {
    nodeDefaults = await measure(options.slug, []);
    asLambda = await measure(`${options.slug}-lambda`, flags);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
  return {
    file: { bytes: options.fileBytes, description: options.description },
    ...nodeDefaults,
    lambdaFlags: { flags, ...asLambda },
  };
}

/** The companies of the import benchmarks; each floor's slug is as long as its import's. */
export const benchCompanies = {
  imports: 'bench-imports',
  floor: 'bench-listing',
  memory: 'bench-memory',
} as const;

export interface ImportBenchmarks {
  nuclei: ImportThroughput;
  nmap: ImportThroughput;
  memory: ImportMemory;
  /** The findings the nuclei import wrote (its floor wrote copies into the floor company's dast partition). */
  nucleiFindingItems: MarshalledItem[];
}

/** Generates the files, then measures nuclei and Nmap throughput and the large file's peak memory. */
export async function measureImports(options: {
  driver: ImportDriver;
  table: RawTable;
  environment: Record<string, string>;
  filesDir: string;
  log: (message: string) => void;
}): Promise<ImportBenchmarks> {
  const { writeNmapFile, writeNucleiFile } = await import('./bench-scan-files.js');
  const { maxImportFileBytes } = await import('../lambdas/contracts/findings.js');
  options.log('imports: generating the scanner files (seeded)…');
  const nucleiFile = path.join(options.filesDir, 'nuclei-30000.jsonl');
  const nucleiWritten = await writeNucleiFile(nucleiFile, {
    seed: 9,
    hosts: 1000,
    results: 30_000,
    responseBodyBytes: [200, 4000],
  });
  const nmapFile = path.join(options.filesDir, 'nmap-5000-hosts.xml');
  const nmapWritten = await writeNmapFile(nmapFile, {
    seed: 9,
    hosts: 5000,
    openPorts: [1, 3],
    vulnersShare: 0.15,
    vulnersEntries: [2, 6],
  });
  const largeFile = path.join(options.filesDir, 'nuclei-largest.jsonl');
  const largeWritten = await writeNucleiFile(largeFile, {
    seed: 10,
    hosts: 1000,
    maxBytes: maxImportFileBytes,
    responseBodyBytes: [4000, 40_000],
  });

  const common = {
    driver: options.driver,
    table: options.table,
    slug: benchCompanies.imports,
    floorSlug: benchCompanies.floor,
    log: options.log,
  };
  const nuclei = await measureImportThroughput({
    ...common,
    name: 'nuclei',
    service: 'dast',
    file: nucleiFile,
    fileBytes: nucleiWritten.bytes,
    description: `nuclei v3 JSONL, ${nucleiWritten.results} results on 1,000 hosts (raw request and response on HTTP results, bodies 0.2–4 KB)`,
  });
  const nmap = await measureImportThroughput({
    ...common,
    name: 'nmap',
    service: 'network',
    file: nmapFile,
    fileBytes: nmapWritten.bytes,
    description: `Nmap XML, ${nmapWritten.hosts} hosts, ${nmapWritten.openPorts} open ports, ${nmapWritten.vulnersEntries} vulners entries`,
  });
  options.log(
    `imports: peak memory of the import of a ${(largeWritten.bytes / 1e6).toFixed(0)} MB file, in a process of its own…`,
  );
  const memory = await measureImportMemory({
    driver: options.driver,
    environment: options.environment,
    slug: benchCompanies.memory,
    service: 'dast',
    file: largeFile,
    fileBytes: largeWritten.bytes,
    description: `nuclei v3 JSONL, ${largeWritten.results} results on 1,000 hosts (response bodies 4–40 KB, kept to 16 KB each)`,
  });
  return { nuclei: nuclei.throughput, nmap: nmap.throughput, memory, nucleiFindingItems: nuclei.findingItems };
}

// Run alone: `tsx scripts/bench-imports.ts [nuclei|nmap|memory]…` (all three by default), on a stack of its own.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { onOwnStack } = await import('./bench-own-stack.js');
  const parts = process.argv.slice(2);
  const wanted = (part: string) => parts.length === 0 || parts.includes(part);
  const report = await onOwnStack('imports', async (stack) => {
    const { createTestUser } = await import('../tests/support/users.js');
    const { claimsOf } = await import('./bench-calls.js');
    const { importsThroughCalls } = await import('./bench-import-drivers.js');
    const { writeNmapFile, writeNucleiFile } = await import('./bench-scan-files.js');
    const { maxImportFileBytes } = await import('../lambdas/contracts/findings.js');
    const analyst = await createTestUser({ userType: 'analyst', accessLevel: 7, displayName: 'Bench Analyst' });
    const driver = importsThroughCalls({ appUrl: stack.appUrl, claims: claimsOf(analyst) });
    const table = { dynamoDbEndpoint: stack.dynamoDbEndpoint, region: stack.region, tableName: stack.tableName };
    const filesDir = mkdtempSync(path.join(tmpdir(), 'bench-import-files-'));
    const log = (message: string) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${message}`);
    const common = { driver, table, slug: benchCompanies.imports, floorSlug: benchCompanies.floor, log };
    const measured: Record<string, unknown> = {};
    try {
      if (wanted('nuclei')) {
        const file = path.join(filesDir, 'nuclei-30000.jsonl');
        const written = await writeNucleiFile(file, {
          seed: 9,
          hosts: 1000,
          results: 30_000,
          responseBodyBytes: [200, 4000],
        });
        measured.nuclei = (
          await measureImportThroughput({
            ...common,
            name: 'nuclei',
            service: 'dast',
            file,
            fileBytes: written.bytes,
            description: 'nuclei 30,000',
            reimports: 3,
          })
        ).throughput;
      }
      if (wanted('nmap')) {
        const file = path.join(filesDir, 'nmap-5000-hosts.xml');
        const written = await writeNmapFile(file, {
          seed: 9,
          hosts: 5000,
          openPorts: [1, 3],
          vulnersShare: 0.15,
          vulnersEntries: [2, 6],
        });
        measured.nmap = (
          await measureImportThroughput({
            ...common,
            name: 'nmap',
            service: 'network',
            file,
            fileBytes: written.bytes,
            description: 'nmap 5,000 hosts',
            reimports: 3,
          })
        ).throughput;
      }
      if (wanted('memory')) {
        const file = path.join(filesDir, 'nuclei-largest.jsonl');
        const written = await writeNucleiFile(file, {
          seed: 10,
          hosts: 1000,
          maxBytes: maxImportFileBytes,
          responseBodyBytes: [4000, 40_000],
        });
        measured.memory = await measureImportMemory({
          driver,
          environment: stack.environment,
          slug: benchCompanies.memory,
          service: 'dast',
          file,
          fileBytes: written.bytes,
          description: 'nuclei, largest file',
        });
      }
    } finally {
      rmSync(filesDir, { recursive: true, force: true });
    }
    return measured;
  });
  console.log(JSON.stringify(report, null, 2));
}
