// Runs one import: the import function's work. In three steps, so a bad file changes nothing and a crash
// anywhere can be run again:
// 1. reading: the whole file is parsed once, streaming, keeping per identity only a count and a hash of
//    its occurrences (never the findings); a format error ends the import 'failed' before any write;
// 2. comparing: what is stored of the service's findings and assets is read — from the import digest (a few
//    items, import-digest.ts) with the analysts' logged statuses over it, or, when there is no digest to
//    trust, from the findings themselves — and each identity is classed new, unchanged, changed, reopened,
//    or (open before, absent now, on an asset the file covered) fixed;
// 3. writing: only when something is to be written, the file is parsed again and only what changed is
//    written: new findings in batches, changed and reopened ones by an update of the tool's fields (the
//    analyst's are never touched), fixed ones by a conditional status change. Assets are written with their
//    first and last sighting, except when the file is the very file the digest was made from (the same
//    scan again is no new sighting). Then the digest is written anew.
// Every finding write records the import that made it (`lastChange`), so a retry after a crash classes
// those findings as the first attempt did and writes them no more: the retry ends as one clean run would.
// A retry never trusts the digest: the import marks it before its first write, and only its new digest
// clears the mark.
import { createHash, createHmac } from 'node:crypto';
import { assetItem, assetStates, type AssetState } from '../data/entities/assets.js';
import {
  absorbStatusLog,
  markImportDigestWriting,
  readImportDigest,
  readStatusLog,
  writeImportDigest,
  type DigestFinding,
  type ImportDigest,
  type LoggedStatus,
} from '../data/entities/import-digest.js';
import {
  findingKey,
  findingStates,
  markFindingFixed,
  newFindingItem,
  putItems,
  updateFindingFromScan,
  type FindingChange,
  type FindingChangeKind,
  type FindingState,
} from '../data/entities/findings.js';
import { batchGetConsistent } from '../data/transactions.js';
import {
  getScanImport,
  updateScanImport,
  writeImportProgress,
  type ImportProgress,
  type StoredScanImport,
} from '../data/entities/scan-imports.js';
import { logger } from '../logger.js';
import { suggestTemplate, templatesByRule, type SuggestedTemplate } from '../templates/template-rules.js';
import {
  emptySeverityCounts,
  mergeFindings,
  type Asset,
  type Finding,
  type ScanSummary,
  type Severity,
} from '../scanners/finding-model.js';
import { ImportFormatError } from '../scanners/import-format-error.js';
import { countMetric } from '../observability/metrics.js';
import { scannerTools } from '../../contracts/finding-words.js';
import { parseScan } from '../scanners/parse-scan.js';
import { searchText } from '../search/search-text.js';
import { signInSecret } from '../sign-in/sign-in-secret.js';
import type { ImportCounts } from '../../contracts/findings.js';
import { manualSource, maxImportFileBytes } from '../../contracts/finding-limits.js';
import { addOccurrence, hashText, occurrenceHash, toolFields } from './finding-records.js';
import { findingSearchText } from './finding-search.js';
import { instancesAfterScan, storedInstancesOf } from './finding-instances.js';
import { importFileKey } from './scan-imports.js';
import { openUpload } from './uploads.js';
import { refreshServiceReport, reportHoldsImport } from '../reports/service-reports.js';
import { settleRetestsAfterImport } from '../remediation/settle-retests.js';
import { getSlaPolicyRecord, type SlaPolicyRecord } from '../data/entities/sla-policies.js';
import { sendScanCompleted } from '../webhooks/scan-completed.js';

/** How often progress is written while an import runs. */
const progressIntervalMs = 1000;
/** Findings and assets written per batch; updates run this many at once. */
const writeBatch = 100;
const updateConcurrency = 8;

/** What the first pass keeps of one identity. */
interface FileIdentity {
  occurrences: number;
  hash: bigint;
  severity: Severity;
  assetKey: string;
  assetParentKey?: string;
  /** The status a new finding starts with when the tool says (a muted check). */
  suggestedStatus?: string;
}

type Classification = FindingChangeKind | 'unchanged';

interface Plan {
  /** Identity → what this import does with it (present in the file). */
  present: Map<string, { classification: Classification; state?: FindingState; severity: Severity }>;
  /** Stored findings this import marks fixed (or did, in an earlier attempt). */
  fixed: Array<{ id: string; toolSeverity: Severity; assetKey: string; alreadyApplied: boolean }>;
  assetsBefore: Map<string, AssetState>;
  /** What was stored before, as the digest keeps it (the next digest starts from it). */
  stored: Map<string, DigestFinding>;
  /** The digest the comparison read, when there was one to trust. */
  digest?: ImportDigest;
  /** Statuses analysts logged since the digest was written (read before the findings, absorbed after). */
  statusLog: LoggedStatus[];
}

export async function runScanImport(importId: string): Promise<void> {
  const scan = await getScanImport(importId, true);
  if (!scan) {
    logger.warn('Import message for an import that does not exist', { importId });
    return;
  }
  if (scan.status === 'done') return reportDoneImport(scan);
  if (scan.status === 'failed') return;
  const running = await updateScanImport(
    importId,
    {
      status: 'running',
      startedAt: scan.startedAt ?? Date.now(),
      attempts: (scan.attempts ?? 0) + 1,
      progress: { ...scan.progress, phase: 'reading', bytesRead: 0, findingsWritten: 0 },
    },
    { from: ['uploading', 'queued', 'running'] },
  );
  if (!running) return;
  try {
    await importFiles(running);
  } catch (error) {
    if (error instanceof ImportFormatError) {
      const failed = await updateScanImport(
        importId,
        {
          status: 'failed',
          finishedAt: Date.now(),
          error: { message: error.message, ...(error.line === undefined ? {} : { line: error.line }) },
        },
        { from: ['running'] },
      );
      if (failed) countMetric('ImportFailed', 1, { tool: toolOfImport(failed) });
      return;
    }
    throw error;
  }
}

/** Ends an import as failed with this message, unless it already ended. */
export async function failScanImport(importId: string, message: string): Promise<void> {
  const failed = await updateScanImport(
    importId,
    { status: 'failed', finishedAt: Date.now(), error: { message } },
    { from: ['uploading', 'queued', 'running'] },
  );
  if (failed) countMetric('ImportFailed', 1, { tool: toolOfImport(failed) });
}

class ProgressWriter {
  private lastWrite = 0;
  readonly progress: ImportProgress;
  constructor(
    private readonly importId: string,
    bytesTotal: number,
  ) {
    this.progress = { phase: 'reading', bytesRead: 0, bytesTotal, findingsWritten: 0 };
  }
  async maybeWrite(force = false): Promise<void> {
    const now = Date.now();
    if (!force && now - this.lastWrite < progressIntervalMs) return;
    this.lastWrite = now;
    await writeImportProgress(this.importId, { ...this.progress });
  }
}

async function importFiles(scan: StoredScanImport): Promise<void> {
  for (const file of scan.files) {
    if (file.contentLength > maxImportFileBytes) {
      throw new ImportFormatError(`The file ${file.name} is larger than the 200 MB an import takes`);
    }
  }
  const bytesTotal = scan.files.reduce((sum, file) => sum + file.contentLength, 0);
  const progress = new ProgressWriter(scan.importId, bytesTotal);
  const reuseKey =
    scan.service === 'password_cracking'
      ? createHmac('sha256', await signInSecret())
          .update(`password-reuse-groups\n${scan.slug}`)
          .digest()
      : undefined;
  // The copies made when the import started, which no upload form can replace; never the uploads themselves.
  const uploads = scan.files.map((file) => lazyUpload(importFileKey(file.objectKey), file.contentLength));
  const parse = () =>
    parseScan({
      service: scan.service,
      inputs: uploads.map((upload) => upload.open()),
      format: scan.formatChosen ? scan.format : undefined,
      ...(reuseKey ? { passwordAudit: { reuseKey } } : {}),
      onProgress: (bytesRead) => {
        progress.progress.bytesRead = bytesRead;
      },
    });

  // 1. Reading: the whole file, nothing written.
  const inFile = new Map<string, FileIdentity>();
  const covered = new Set<string>();
  let assetRecords = 0;
  let summary: ScanSummary | undefined;
  for await (const record of parse()) {
    if (record.kind === 'asset') {
      covered.add(record.asset.key);
      assetRecords += 1;
    } else if (record.kind === 'finding') {
      const { finding } = record;
      covered.add(finding.asset.key);
      const known = inFile.get(finding.identity.key);
      const hash = occurrenceHash(finding);
      if (known) {
        known.occurrences += 1;
        known.hash = addOccurrence(known.hash, hash);
        if (severityOrder(finding.severity) > severityOrder(known.severity)) known.severity = finding.severity;
      } else {
        inFile.set(finding.identity.key, {
          occurrences: 1,
          hash,
          severity: finding.severity,
          assetKey: finding.asset.key,
          ...(finding.asset.parentKey ? { assetParentKey: finding.asset.parentKey } : {}),
          ...(finding.suggestedStatus ? { suggestedStatus: finding.suggestedStatus } : {}),
        });
      }
    } else {
      summary = record.summary;
    }
    await progress.maybeWrite();
  }
  if (!summary) throw new Error('The parser ended without a summary');
  const fileSha256 = filesSha256(uploads);

  // 2. Comparing with what is stored.
  progress.progress.phase = 'comparing';
  await progress.maybeWrite(true);
  const plan = await comparePlan(scan, inFile, covered);
  // The same scan again is no new sighting of its assets.
  const sameFile = fileSha256 !== undefined && plan.digest?.fileSha256 === fileSha256;
  const writeAssets = assetRecords > 0 && !sameFile;
  const findingWrites = [...plan.present.values()].filter(
    (entry) => entry.classification !== 'unchanged' && entry.state?.lastChange?.importId !== scan.importId,
  ).length;
  const fixedWrites = plan.fixed.filter((entry) => !entry.alreadyApplied).length;

  // 3. Writing what changed.
  progress.progress.phase = 'writing';
  progress.progress.bytesRead = 0;
  await progress.maybeWrite(true);
  const now = scan.startedAt ?? Date.now();
  if (findingWrites + fixedWrites > 0 || writeAssets) {
    await markImportDigestWriting(scan.slug, scan.service, scan.importId);
  }
  // Only new findings get a suggestion: read the library's rules when there are some.
  const anyNew = [...plan.present.values()].some((entry) => entry.classification === 'new');
  const templateRules = anyNew ? await templatesByRule() : new Map<string, SuggestedTemplate>();
  // A changed or reopened finding that is published moves its SLA clock: the company's policy, read once.
  let policyRead: Promise<SlaPolicyRecord> | undefined;
  const policy = () => (policyRead ??= getSlaPolicyRecord(scan.slug));
  const updates = [...plan.present.values()].some(
    (entry) => entry.classification === 'changed' || entry.classification === 'reopened',
  );
  const writer = new ImportWriter(
    scan,
    plan,
    inFile,
    progress,
    now,
    templateRules,
    writeAssets,
    updates ? await policy() : undefined,
  );
  if (findingWrites > 0 || writeAssets) {
    for await (const record of parse()) {
      if (record.kind === 'asset') await writer.asset(record.asset);
      else if (record.kind === 'finding') await writer.finding(record.finding);
      await progress.maybeWrite();
    }
    await writer.flush();
  }
  const fixedNow = await writer.markFixed();
  progress.progress.findingsWritten = writer.findingsWritten;
  progress.progress.bytesRead = bytesTotal;

  const wrote = findingWrites + fixedWrites > 0 || writeAssets;
  if (wrote || !plan.digest || plan.statusLog.length > 0) {
    await writeImportDigest(scan.slug, scan.service, nextDigest(plan, inFile, fixedNow, writer.assetsSeen, fileSha256));
    await absorbStatusLog(scan.slug, scan.service, plan.statusLog);
  }

  // The customers' retests this scan answers (fixed now, or found again): before `done`, so a redelivered
  // message settles what an earlier attempt left.
  const settled = await settleRetestsAfterImport(scan, { fixed: fixedNow, present: plan.present }, Date.now(), policy);

  const counts = countPlan(plan, summary.assets);
  const finishedAt = Date.now();
  const done = await updateScanImport(
    scan.importId,
    {
      status: 'done',
      finishedAt,
      format: summary.format,
      tool: summary.tool,
      counts,
      metrics: boundedMetrics(summary),
      warnings: summary.warnings,
      progress: { ...progress.progress, phase: undefined },
    },
    { from: ['running'] },
  );
  if (done) countImportDone(summary.tool.name, writer.findingsWritten);
  // The dashboards count the findings anew once the import is done (kernel/reports/service-reports.ts): the
  // analyst sees the import's counts at once, and its time is the import's alone. Should this worker stop
  // before, the queue delivers the message again, and a done import brings its report up then (reportDoneImport).
  await refreshServiceReport(scan, {
    at: finishedAt,
    tool: summary.tool.name,
    metrics: boundedMetrics(summary),
    counts,
    wrote,
    // A settled retest moved its finding's SLA clock: the report counts it even when the scan changed nothing.
    clocksMoved: settled > 0,
  });
  // The company's webhooks hear of it, with the report's counts of what its customers see.
  await sendScanCompleted(
    scan,
    { at: finishedAt, tool: summary.tool.name },
    {
      fixed: fixedNow,
      reopened: [...plan.present].filter(([, entry]) => entry.classification === 'reopened').map(([id]) => id),
    },
  );
}

/** The tool the import's file is of: as read, else as its format (chosen or detected) says, else unknown. */
function toolOfImport(scan: StoredScanImport): string {
  const format = scan.format;
  const byFormat = format && scannerTools.find((tool) => format === tool || format.startsWith(`${tool}-`));
  return scan.tool?.name ?? byFormat ?? 'unknown';
}

/** Counted once, by the attempt that ended the import (a redelivered message finds it done). */
function countImportDone(tool: string, findingsWritten: number): void {
  countMetric('ImportCompleted', 1, { tool });
  countMetric('FindingsWritten', findingsWritten, { tool });
}

/**
 * A done import whose scan the service report does not hold yet (its worker stopped before): counted now; and its
 * scan.completed, unless it was sent (the outbox entry is written once).
 */
async function reportDoneImport(scan: StoredScanImport): Promise<void> {
  const end = { at: scan.finishedAt ?? Date.now(), tool: scan.tool?.name };
  if (await reportHoldsImport(scan.slug, scan.service, scan.importId)) return sendScanCompleted(scan, end);
  const counts = (scan.counts ?? {}) as Partial<Record<'new' | 'fixed' | 'reopened' | 'changed', number>>;
  await refreshServiceReport(scan, {
    at: scan.finishedAt ?? Date.now(),
    tool: scan.tool?.name,
    metrics: scan.metrics,
    counts: {
      new: counts.new ?? 0,
      fixed: counts.fixed ?? 0,
      reopened: counts.reopened ?? 0,
      changed: counts.changed ?? 0,
    },
    wrote: true,
  });
  await sendScanCompleted(scan, end);
}

interface Upload {
  /** The S3 object as a stream, opened only when the parser first reads it; its bytes are hashed on the way. */
  open(): AsyncIterable<Uint8Array> & { destroy(): void };
  /** SHA-256 of the object, once a reading has passed every byte of it. */
  sha256?: string;
}

function lazyUpload(objectKey: string, contentLength: number): Upload {
  const upload: Upload = {
    open() {
      let stream: (AsyncIterable<Uint8Array> & { destroy(): void }) | undefined;
      return {
        async *[Symbol.asyncIterator]() {
          stream = await openUpload(objectKey);
          const hash = upload.sha256 ? undefined : createHash('sha256');
          let bytes = 0;
          for await (const chunk of stream) {
            hash?.update(chunk);
            bytes += chunk.length;
            yield chunk;
          }
          if (hash && bytes === contentLength) upload.sha256 = hash.digest('hex');
        },
        destroy() {
          stream?.destroy();
        },
      };
    },
  };
  return upload;
}

/** One hash of every file of the import, in order; undefined when a file was not read whole. */
function filesSha256(uploads: readonly Upload[]): string | undefined {
  if (uploads.some((upload) => !upload.sha256)) return undefined;
  return createHash('sha256')
    .update(uploads.map((upload) => upload.sha256).join('\n'))
    .digest('hex');
}

const severityRanks: Record<Severity, number> = { critical: 4, high: 3, medium: 2, low: 1, info: 0 };
const severityOrder = (severity: Severity) => severityRanks[severity];

const digestFindingOf = (state: FindingState): DigestFinding => ({
  sourceHash: state.sourceHash,
  status: state.status,
  assetKey: state.assetKey,
  ...(state.assetParentKey ? { assetParentKey: state.assetParentKey } : {}),
  toolSeverity: state.toolSeverity,
});

const coveredBy = (covered: Set<string>, stored: { assetKey: string; assetParentKey?: string }) =>
  covered.has(stored.assetKey) || (stored.assetParentKey !== undefined && covered.has(stored.assetParentKey));

async function comparePlan(
  scan: StoredScanImport,
  inFile: Map<string, FileIdentity>,
  covered: Set<string>,
): Promise<Plan> {
  // The log first: a status logged after this read is newer than what the digest or the findings say.
  const statusLog = await readStatusLog(scan.slug, scan.service);
  const digest = await readImportDigest(scan.slug, scan.service);
  if (!digest) return comparePlanFromFindings(scan, inFile, covered, statusLog);

  const stored = new Map(digest.findings);
  for (const logged of statusLog) {
    const finding = stored.get(logged.id);
    if (finding) stored.set(logged.id, { ...finding, status: logged.status });
  }
  const present: Plan['present'] = new Map();
  const fixed: Plan['fixed'] = [];
  const toRead: string[] = [];
  for (const [id, file] of inFile) {
    const known = stored.get(id);
    let classification: Classification;
    if (!known) classification = 'new';
    else if (known.status === 'fixed') classification = 'reopened';
    else if (known.sourceHash !== hashText(file.hash)) classification = 'changed';
    else classification = 'unchanged';
    present.set(id, { classification, severity: file.severity });
    if (classification === 'changed' || classification === 'reopened') toRead.push(id);
  }
  for (const [id, known] of stored) {
    if (!inFile.has(id) && known.status === 'open' && coveredBy(covered, known)) {
      fixed.push({ id, toolSeverity: known.toolSeverity, assetKey: known.assetKey, alreadyApplied: false });
    }
  }
  await readWhole(scan, present, toRead);
  for (const id of toRead) {
    const entry = present.get(id)!;
    if (!entry.state) entry.classification = 'new';
  }
  const assetsBefore = new Map<string, AssetState>([...digest.assets].map(([key, asset]) => [key, { key, ...asset }]));
  return { present, fixed, assetsBefore, stored, digest, statusLog };
}

/**
 * The findings to update, read whole: their analyst severity, first sighting and instances (with their states)
 * shape the write.
 */
async function readWhole(scan: StoredScanImport, present: Plan['present'], ids: readonly string[]): Promise<void> {
  for (let start = 0; start < ids.length; start += 100) {
    const items = await batchGetConsistent(
      ids.slice(start, start + 100).map((id) => findingKey(scan.slug, scan.service, id)),
    );
    for (const item of items) {
      const entry = present.get(item.id as string);
      if (entry) entry.state = item as unknown as FindingState;
    }
  }
}

/** The comparison when no digest can be trusted: every stored finding's and asset's state, read from them. */
async function comparePlanFromFindings(
  scan: StoredScanImport,
  inFile: Map<string, FileIdentity>,
  covered: Set<string>,
  statusLog: LoggedStatus[],
): Promise<Plan> {
  const present: Plan['present'] = new Map();
  const fixed: Plan['fixed'] = [];
  const stored = new Map<string, DigestFinding>();
  for await (const state of findingStates(scan.slug, scan.service)) {
    // A finding an analyst wrote by hand is no scanner's: never matched, never fixed, kept out of the digest.
    if (state.source === manualSource) continue;
    stored.set(state.id, digestFindingOf(state));
    const file = inFile.get(state.id);
    const appliedHere = state.lastChange?.importId === scan.importId;
    if (file) {
      let classification: Classification;
      if (appliedHere) classification = state.lastChange.change;
      else if (state.status === 'fixed') classification = 'reopened';
      else if (state.sourceHash !== hashText(file.hash)) classification = 'changed';
      else classification = 'unchanged';
      present.set(state.id, { classification, state, severity: file.severity });
    } else if (appliedHere && state.lastChange.change === 'fixed') {
      fixed.push({ id: state.id, toolSeverity: state.toolSeverity, assetKey: state.assetKey, alreadyApplied: true });
    } else if (state.status === 'open' && coveredBy(covered, state)) {
      fixed.push({ id: state.id, toolSeverity: state.toolSeverity, assetKey: state.assetKey, alreadyApplied: false });
    }
  }
  for (const [id, file] of inFile) {
    if (!present.has(id)) present.set(id, { classification: 'new', severity: file.severity });
  }
  // The states read hold no instances: the findings this import updates are read whole, as with a digest.
  await readWhole(
    scan,
    present,
    [...present]
      .filter(
        ([, entry]) =>
          (entry.classification === 'changed' || entry.classification === 'reopened') &&
          entry.state?.lastChange?.importId !== scan.importId,
      )
      .map(([id]) => id),
  );
  const assetsBefore = new Map<string, AssetState>();
  for await (const asset of assetStates(scan.slug, scan.service)) assetsBefore.set(asset.key, asset);
  return { present, fixed, assetsBefore, stored, statusLog };
}

/** What the next import compares with: what was stored, with this import's changes. */
function nextDigest(
  plan: Plan,
  inFile: Map<string, FileIdentity>,
  fixedNow: ReadonlySet<string>,
  assetsSeen: ReadonlyMap<string, AssetState>,
  fileSha256: string | undefined,
): ImportDigest {
  const findings = new Map(plan.stored);
  for (const [id, entry] of plan.present) {
    const file = inFile.get(id)!;
    const before = findings.get(id);
    const fromFile = {
      sourceHash: hashText(file.hash),
      assetKey: file.assetKey,
      ...(file.assetParentKey ? { assetParentKey: file.assetParentKey } : {}),
      toolSeverity: file.severity,
    };
    if (entry.classification === 'unchanged' && before) continue;
    let status: string;
    if (entry.classification === 'reopened') status = 'open';
    else if (before) status = before.status;
    else status = file.suggestedStatus ?? 'open';
    findings.set(id, { ...fromFile, status });
  }
  for (const { id } of plan.fixed) {
    const before = findings.get(id);
    if (before && fixedNow.has(id)) findings.set(id, { ...before, status: 'fixed' });
  }
  const assets = new Map(
    [...plan.assetsBefore].map(([key, { firstSeenAt, firstImportId, lastSeenAt }]) => [
      key,
      { firstSeenAt, firstImportId, lastSeenAt },
    ]),
  );
  for (const [key, { firstSeenAt, firstImportId, lastSeenAt }] of assetsSeen) {
    assets.set(key, { firstSeenAt, firstImportId, lastSeenAt });
  }
  return { findings, assets, ...(fileSha256 ? { fileSha256 } : {}) };
}

class ImportWriter {
  findingsWritten = 0;
  /** The assets written, with the sightings written. */
  readonly assetsSeen = new Map<string, AssetState>();
  private readonly pendingItems: Record<string, unknown>[] = [];
  private readonly pendingUpdates: Array<() => Promise<void>> = [];
  /** Findings named more than once, merged until their last occurrence. */
  private readonly merging = new Map<string, { finding: Finding; seen: number }>();

  constructor(
    private readonly scan: StoredScanImport,
    private readonly plan: Plan,
    private readonly inFile: Map<string, FileIdentity>,
    private readonly progress: ProgressWriter,
    private readonly now: number,
    private readonly templateRules: Map<string, SuggestedTemplate>,
    private readonly writeAssets: boolean,
    private readonly policy: SlaPolicyRecord | undefined,
  ) {}

  async asset(asset: Asset): Promise<void> {
    if (!this.writeAssets) return;
    const before = this.plan.assetsBefore.get(asset.key);
    const { key, kind, name, parentKey, ...detail } = asset;
    const sighting: AssetState = {
      key,
      firstSeenAt: before?.firstSeenAt ?? this.now,
      firstImportId: before?.firstImportId ?? this.scan.importId,
      lastSeenAt: Math.max(this.now, before?.lastSeenAt ?? 0),
    };
    this.assetsSeen.set(key, sighting);
    this.pendingItems.push(
      assetItem(this.scan.slug, {
        kind,
        name,
        ...(parentKey ? { parentKey } : {}),
        service: this.scan.service,
        ...sighting,
        lastImportId: this.scan.importId,
        detail,
        searchText: searchText([key, name, kind]),
      }),
    );
    if (this.pendingItems.length >= writeBatch) await this.flushItems();
  }

  async finding(finding: Finding): Promise<void> {
    const id = finding.identity.key;
    const planned = this.plan.present.get(id);
    const file = this.inFile.get(id);
    if (!planned || !file) throw new Error('The second reading of the file differs from the first');
    if (planned.classification === 'unchanged' || planned.state?.lastChange?.importId === this.scan.importId) return;
    let merged = finding;
    if (file.occurrences > 1) {
      const pending = this.merging.get(id);
      const next = pending
        ? { finding: mergeFindings(pending.finding, finding), seen: pending.seen + 1 }
        : { finding, seen: 1 };
      if (next.seen < file.occurrences) {
        this.merging.set(id, next);
        return;
      }
      this.merging.delete(id);
      merged = next.finding;
    }
    await this.write(merged, planned.classification, planned.state, hashText(file.hash));
  }

  private async write(
    finding: Finding,
    classification: Exclude<Classification, 'unchanged'>,
    state: FindingState | undefined,
    sourceHash: string,
  ): Promise<void> {
    // A known finding keeps its instances' states: the scan's are open, those it no longer saw are fixed.
    const instances = state
      ? instancesAfterScan(finding.instances, storedInstancesOf(state), this.now)
      : finding.instances;
    const fields = toolFields({ ...finding, instances }, sourceHash, this.scan.service);
    const change: FindingChange = {
      importId: this.scan.importId,
      at: this.now,
      change: classification,
      severity: finding.severity,
    };
    if (classification === 'new' || !state) {
      this.pendingItems.push(
        newFindingItem(this.scan.slug, this.scan.service, {
          ...fields,
          id: finding.identity.key,
          slug: this.scan.slug,
          status: finding.suggestedStatus ?? 'open',
          suggestedTemplate: suggestTemplate(this.templateRules, finding),
          severity: finding.severity,
          published: false,
          firstSeenAt: this.now,
          firstImportId: this.scan.importId,
          lastSeenAt: this.now,
          lastChange: change,
          history: [change],
          createdAt: this.now,
          updatedAt: this.now,
          version: 1,
        }),
      );
      if (this.pendingItems.length >= writeBatch) await this.flushItems();
    } else {
      this.pendingUpdates.push(() =>
        updateFindingFromScan(
          this.scan.slug,
          this.scan.service,
          state,
          { ...fields, lastSeenAt: this.now },
          change,
          // The search text holds the title shown: the analyst's, when the finding was renamed.
          (read) => ({ searchText: findingSearchText({ ...fields, analystTitle: read.analystTitle }) }),
          this.policy,
        ),
      );
      if (this.pendingUpdates.length >= writeBatch) await this.flushUpdates();
    }
  }

  private async flushItems(): Promise<void> {
    const items = this.pendingItems.splice(0);
    if (!items.length) return;
    await putItems(items);
    this.findingsWritten += items.filter(
      (item) => typeof item.pk === 'string' && item.pk.startsWith('FINDINGS#'),
    ).length;
    this.progress.progress.findingsWritten = this.findingsWritten;
  }

  private async flushUpdates(): Promise<void> {
    const updates = this.pendingUpdates.splice(0);
    for (let start = 0; start < updates.length; start += updateConcurrency) {
      await Promise.all(updates.slice(start, start + updateConcurrency).map((update) => update()));
    }
    this.findingsWritten += updates.length;
    this.progress.progress.findingsWritten = this.findingsWritten;
  }

  async flush(): Promise<void> {
    if (this.merging.size) throw new Error('The second reading of the file ended before the first did');
    await Promise.all([this.flushItems(), this.flushUpdates()]);
  }

  /** Marks the planned findings fixed; answers those that are fixed by this import (in this run or an earlier). */
  async markFixed(): Promise<Set<string>> {
    const fixed = new Set(this.plan.fixed.filter((entry) => entry.alreadyApplied).map((entry) => entry.id));
    const toFix = this.plan.fixed.filter((entry) => !entry.alreadyApplied);
    for (let start = 0; start < toFix.length; start += updateConcurrency) {
      await Promise.all(
        toFix.slice(start, start + updateConcurrency).map(async ({ id, toolSeverity, assetKey }) => {
          const done = await markFindingFixed(
            this.scan.slug,
            this.scan.service,
            id,
            { importId: this.scan.importId, at: this.now, change: 'fixed', severity: toolSeverity },
            this.plan.assetsBefore.get(assetKey)?.lastSeenAt,
          );
          if (done) fixed.add(id);
        }),
      );
      this.findingsWritten += Math.min(updateConcurrency, toFix.length - start);
      this.progress.progress.findingsWritten = this.findingsWritten;
      await this.progress.maybeWrite();
    }
    return fixed;
  }
}

function countPlan(plan: Plan, assets: number): ImportCounts {
  const counts: ImportCounts = {
    new: 0,
    unchanged: 0,
    fixed: plan.fixed.length,
    reopened: 0,
    changed: 0,
    total: plan.present.size,
    assets,
    bySeverity: emptySeverityCounts(),
    newBySeverity: emptySeverityCounts(),
    fixedBySeverity: emptySeverityCounts(),
    reopenedBySeverity: emptySeverityCounts(),
  };
  for (const { classification, severity } of plan.present.values()) {
    counts[classification] += 1;
    counts.bySeverity[severity] += 1;
    if (classification === 'new') counts.newBySeverity[severity] += 1;
    if (classification === 'reopened') counts.reopenedBySeverity[severity] += 1;
  }
  for (const { toolSeverity } of plan.fixed) counts.fixedBySeverity[toolSeverity] += 1;
  return counts;
}

/** The tool's figures, kept under DynamoDB's item limit (a scan of thousands of checks has large tables). */
function boundedMetrics(summary: ScanSummary): Record<string, unknown> {
  const metrics = { ...summary.metrics } as Record<string, unknown>;
  for (const field of ['byCheck', 'bySource', 'technologies', 'services', 'groups']) {
    const value = metrics[field];
    if (value && typeof value === 'object' && Buffer.byteLength(JSON.stringify(value)) > 50_000) {
      const entries = Object.entries(value as Record<string, unknown>).slice(0, 200);
      metrics[field] = Object.fromEntries(entries);
      metrics[`${field}Truncated`] = true;
    }
  }
  return {
    ...metrics,
    findings: summary.findings,
    distinctFindings: summary.distinctFindings,
    assets: summary.assets,
    byAssetKind: summary.byAssetKind,
    bytesRead: summary.bytesRead,
  };
}
