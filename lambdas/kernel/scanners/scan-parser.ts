// What every format's parser is, and the tally the import keeps while one runs: counts by severity and
// asset kind, distinct identities, warnings, and assets handed on once per file.
import type { ByteChunks } from './byte-source.js';
import {
  emptySeverityCounts,
  limits,
  type Asset,
  type AssetKind,
  type Finding,
  type FormatId,
  type ScanMetrics,
  type ScanRecord,
  type ScanSummary,
  type Severity,
  type ToolInfo,
} from './finding-model.js';

export type ParsedRecord = Exclude<ScanRecord, { kind: 'summary' }>;

export interface ParseContext {
  /** Notes a line or element that was skipped, and why; the summary keeps the first few. */
  warn(message: string): void;
  inputName?: string;
}

export interface ParseResult {
  tool: ToolInfo;
  metrics: ScanMetrics;
}

/** Reads one file's chunks and yields its assets and findings as it goes; returns the tool and metrics. */
export type ScanParser = (chunks: ByteChunks, context: ParseContext) => AsyncGenerator<ParsedRecord, ParseResult>;

/** Identities and asset keys remembered per file; past this the sets start again (repeats are harmless). */
const rememberedKeys = 200_000;

export class ScanTally implements ParseContext {
  private findings = 0;
  private assets = 0;
  private readonly identities = new Set<string>();
  private distinctFindings = 0;
  private readonly assetKeys = new Set<string>();
  private readonly bySeverity: Record<Severity, number> = emptySeverityCounts();
  private readonly byAssetKind: Partial<Record<AssetKind, number>> = {};
  private readonly warnings: string[] = [];

  constructor(readonly inputName?: string) {}

  warn(message: string): void {
    if (this.warnings.length < limits.warnings) this.warnings.push(message);
  }

  /** True the first time a file names this asset: the import writes each asset once per file. */
  admitAsset(asset: Asset): boolean {
    if (this.assetKeys.has(asset.key)) return false;
    if (this.assetKeys.size >= rememberedKeys) this.assetKeys.clear();
    this.assetKeys.add(asset.key);
    this.assets += 1;
    this.byAssetKind[asset.kind] = (this.byAssetKind[asset.kind] ?? 0) + 1;
    return true;
  }

  countFinding(finding: Finding): void {
    this.findings += 1;
    this.bySeverity[finding.severity] += 1;
    if (!this.identities.has(finding.identity.key)) {
      if (this.identities.size >= rememberedKeys) this.identities.clear();
      this.identities.add(finding.identity.key);
      this.distinctFindings += 1;
    }
  }

  summary(format: FormatId, result: ParseResult, bytesRead: number): ScanSummary {
    return {
      format,
      tool: result.tool,
      bytesRead,
      findings: this.findings,
      distinctFindings: this.distinctFindings,
      assets: this.assets,
      bySeverity: { ...this.bySeverity },
      byAssetKind: { ...this.byAssetKind },
      metrics: result.metrics,
      warnings: [...this.warnings],
    };
  }
}

/**
 * A record keyed by names from the file (sources, technologies, check ids): without a prototype, so a
 * name such as `__proto__` is an ordinary key.
 */
export function namedCounts<T = number>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/** Adds to a named counter of a record made by `namedCounts`. */
export function bump(counts: Record<string, number>, name: string, by = 1): void {
  counts[name] = (counts[name] ?? 0) + by;
}
