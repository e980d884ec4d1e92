// Runs one import: the import function's work. In three steps, so a bad file changes nothing and a crash
// anywhere can be run again:
// 1. reading: the whole file is parsed once, streaming, keeping per identity only a count and a hash of
//    its occurrences (never the findings); a format error ends the import 'failed' before any write;
// 2. comparing: the service's stored findings (their state only) are read and each identity is classed
//    new, unchanged, changed, reopened, or (open before, absent now, on an asset the file covered) fixed;
// 3. writing: the file is parsed again and only what changed is written: new findings in batches, changed
//    and reopened ones by an update of the tool's fields (the analyst's are never touched), fixed ones by
//    a conditional status change. Assets are written with their first and last sighting.
// Every finding write records the import that made it (`lastChange`), so a retry after a crash classes
// those findings as the first attempt did and writes them no more: the retry ends as one clean run would.
import { createHmac } from 'node:crypto';
import { assetItem, assetStates, type AssetState } from '../data/entities/assets.js';
import {
  findingStates,
  markFindingFixed,
  newFindingItem,
  putItems,
  updateFindingFromScan,
  type FindingChange,
  type FindingChangeKind,
  type FindingState,
} from '../data/entities/findings.js';
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
import { parseScan } from '../scanners/parse-scan.js';
import { searchText } from '../search/search-text.js';
import { signInSecret } from '../sign-in/sign-in-secret.js';
import { maxImportFileBytes, type ImportCounts } from '../../calls/shared/finding-schemas.js';
import { addOccurrence, hashText, occurrenceHash, toolFields } from './finding-records.js';
import { openUpload } from './uploads.js';

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
}

type Classification = FindingChangeKind | 'unchanged';

interface Plan {
  /** Identity → what this import does with it (present in the file). */
  present: Map<string, { classification: Classification; state?: FindingState; severity: Severity }>;
  /** Stored findings this import marks fixed (or did, in an earlier attempt). */
  fixed: Array<{ state: FindingState; alreadyApplied: boolean }>;
  assetsBefore: Map<string, AssetState>;
}

export async function runScanImport(importId: string): Promise<void> {
  const scan = await getScanImport(importId, true);
  if (!scan) {
    logger.warn('Import message for an import that does not exist', { importId });
    return;
  }
  if (scan.status === 'done' || scan.status === 'failed') return;
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
      await updateScanImport(
        importId,
        {
          status: 'failed',
          finishedAt: Date.now(),
          error: { message: error.message, ...(error.line === undefined ? {} : { line: error.line }) },
        },
        { from: ['running'] },
      );
      return;
    }
    throw error;
  }
}

/** Ends an import as failed with this message, unless it already ended. */
export async function failScanImport(importId: string, message: string): Promise<void> {
  await updateScanImport(
    importId,
    { status: 'failed', finishedAt: Date.now(), error: { message } },
    { from: ['uploading', 'queued', 'running'] },
  );
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
  const parse = () =>
    parseScan({
      service: scan.service,
      inputs: scan.files.map((file) => lazyUpload(file.objectKey)),
      format: scan.formatChosen ? scan.format : undefined,
      ...(reuseKey ? { passwordAudit: { reuseKey } } : {}),
      onProgress: (bytesRead) => {
        progress.progress.bytesRead = bytesRead;
      },
    });

  // 1. Reading: the whole file, nothing written.
  const inFile = new Map<string, FileIdentity>();
  const covered = new Set<string>();
  let summary: ScanSummary | undefined;
  for await (const record of parse()) {
    if (record.kind === 'asset') {
      covered.add(record.asset.key);
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
        inFile.set(finding.identity.key, { occurrences: 1, hash, severity: finding.severity });
      }
    } else {
      summary = record.summary;
    }
    await progress.maybeWrite();
  }
  if (!summary) throw new Error('The parser ended without a summary');

  // 2. Comparing with what is stored.
  progress.progress.phase = 'comparing';
  await progress.maybeWrite(true);
  const plan = await comparePlan(scan, inFile, covered);

  // 3. Writing what changed.
  progress.progress.phase = 'writing';
  progress.progress.bytesRead = 0;
  await progress.maybeWrite(true);
  const now = scan.startedAt ?? Date.now();
  // Only new findings get a suggestion: read the library's rules when there are some.
  const anyNew = [...plan.present.values()].some((entry) => entry.classification === 'new');
  const templateRules = anyNew ? await templatesByRule() : new Map<string, SuggestedTemplate>();
  const writer = new ImportWriter(scan, plan, inFile, progress, now, templateRules);
  for await (const record of parse()) {
    if (record.kind === 'asset') await writer.asset(record.asset);
    else if (record.kind === 'finding') await writer.finding(record.finding);
    await progress.maybeWrite();
  }
  await writer.flush();
  await writer.markFixed();
  progress.progress.findingsWritten = writer.findingsWritten;
  progress.progress.bytesRead = bytesTotal;

  const counts = countPlan(plan, summary.assets);
  await updateScanImport(
    scan.importId,
    {
      status: 'done',
      finishedAt: Date.now(),
      format: summary.format,
      tool: summary.tool,
      counts,
      metrics: boundedMetrics(summary),
      warnings: summary.warnings,
      progress: { ...progress.progress, phase: undefined },
    },
    { from: ['running'] },
  );
}

/** The S3 object, opened only when the parser first reads it. */
function lazyUpload(objectKey: string): AsyncIterable<Uint8Array> & { destroy(): void } {
  let stream: (AsyncIterable<Uint8Array> & { destroy(): void }) | undefined;
  return {
    async *[Symbol.asyncIterator]() {
      stream = await openUpload(objectKey);
      yield* stream;
    },
    destroy() {
      stream?.destroy();
    },
  };
}

const severityRanks: Record<Severity, number> = { critical: 4, high: 3, medium: 2, low: 1, info: 0 };
const severityOrder = (severity: Severity) => severityRanks[severity];

async function comparePlan(
  scan: StoredScanImport,
  inFile: Map<string, FileIdentity>,
  covered: Set<string>,
): Promise<Plan> {
  const present: Plan['present'] = new Map();
  const fixed: Plan['fixed'] = [];
  for await (const state of findingStates(scan.slug, scan.service)) {
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
      fixed.push({ state, alreadyApplied: true });
    } else if (
      state.status === 'open' &&
      (covered.has(state.assetKey) || (state.assetParentKey !== undefined && covered.has(state.assetParentKey)))
    ) {
      fixed.push({ state, alreadyApplied: false });
    }
  }
  for (const [id, file] of inFile) {
    if (!present.has(id)) present.set(id, { classification: 'new', severity: file.severity });
  }
  const assetsBefore = new Map<string, AssetState>();
  for await (const asset of assetStates(scan.slug, scan.service)) assetsBefore.set(asset.key, asset);
  return { present, fixed, assetsBefore };
}

class ImportWriter {
  findingsWritten = 0;
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
  ) {}

  async asset(asset: Asset): Promise<void> {
    const before = this.plan.assetsBefore.get(asset.key);
    const { key, kind, name, parentKey, ...detail } = asset;
    this.pendingItems.push(
      assetItem(this.scan.slug, {
        key,
        kind,
        name,
        ...(parentKey ? { parentKey } : {}),
        service: this.scan.service,
        firstSeenAt: before?.firstSeenAt ?? this.now,
        firstImportId: before?.firstImportId ?? this.scan.importId,
        lastSeenAt: Math.max(this.now, before?.lastSeenAt ?? 0),
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
    const fields = toolFields(finding, sourceHash, this.scan.service);
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
        updateFindingFromScan(this.scan.slug, this.scan.service, state, { ...fields, lastSeenAt: this.now }, change),
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

  async markFixed(): Promise<void> {
    const toFix = this.plan.fixed.filter((entry) => !entry.alreadyApplied);
    for (let start = 0; start < toFix.length; start += updateConcurrency) {
      await Promise.all(
        toFix
          .slice(start, start + updateConcurrency)
          .map(({ state }) =>
            markFindingFixed(
              this.scan.slug,
              this.scan.service,
              state.id,
              { importId: this.scan.importId, at: this.now, change: 'fixed', severity: state.toolSeverity },
              this.plan.assetsBefore.get(state.assetKey)?.lastSeenAt,
            ),
          ),
      );
      this.findingsWritten += Math.min(updateConcurrency, toFix.length - start);
      this.progress.progress.findingsWritten = this.findingsWritten;
      await this.progress.maybeWrite();
    }
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
  for (const { state } of plan.fixed) counts.fixedBySeverity[state.toolSeverity] += 1;
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
