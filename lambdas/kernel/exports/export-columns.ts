// The columns of a findings export (CSV and XLSX), from the finding as its viewer may see it
// (finding-visibility.ts): the list's columns shared by every service (research §5: severity, name, CWE,
// vulnerability ids, EPSS, date, status, asset), the texts a report needs, and for analysts their own fields.
import type { CveSignal } from '../../contracts/exploit-signals.js';
import type { FindingViewer, VisibleFinding } from '../findings/finding-visibility.js';
import { scannerProse } from '../scanners/scanner-html.js';

export type ExportCell = string | number | Date | undefined;

export interface ExportColumn {
  header: string;
  /** Column width in characters (XLSX). */
  width: number;
  value: (finding: VisibleFinding) => ExportCell;
}

const list = (value: unknown) => (Array.isArray(value) ? value.map(String).join(', ') : undefined);
const date = (value: unknown) => (typeof value === 'number' ? new Date(value) : undefined);
const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const score = (value: unknown) =>
  value && typeof value === 'object' && typeof (value as { score?: unknown }).score === 'number'
    ? (value as { score: number }).score
    : undefined;

const vectorOf = (value: unknown) =>
  value && typeof value === 'object' ? text((value as { vector?: unknown }).vector) : undefined;

/** The asset's name as the lists show it (its key when it has none). */
export function assetName(finding: VisibleFinding): string {
  return text(finding.assetName) ?? text(finding.assetKey) ?? '';
}

const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10);

/**
 * Where the finding is: the asset's name, and each instance's URL (with method and parameter) and state when the
 * tool named several, a fixed one as "(fixed 2026-01-02)": the scan that stopped seeing it.
 */
export function affectedAssets(finding: VisibleFinding): string[] {
  const assets = [assetName(finding)].filter(Boolean);
  const instances = Array.isArray(finding.instances) ? (finding.instances as Record<string, unknown>[]) : [];
  for (const instance of instances) {
    const uri = typeof instance.uri === 'string' ? instance.uri : undefined;
    const place = uri
      ? [instance.method, uri, instance.param].filter((part) => typeof part === 'string').join(' ')
      : '';
    const where =
      place && instance.state === 'fixed' && typeof instance.fixedAt === 'number'
        ? `${place} (fixed ${isoDay(instance.fixedAt)})`
        : place;
    if (where && !assets.includes(where)) assets.push(where);
  }
  return assets;
}

const slaStateWords: Record<string, string> = {
  onTrack: 'on track',
  dueSoon: 'due soon',
  overdue: 'overdue',
  none: '',
};

/** "CVE-2021-44228 (added 2021-12-10, ransomware use Known)", one per known-exploited CVE; empty when none. */
function knownExploitedText(signals: unknown): string | undefined {
  if (!Array.isArray(signals)) return undefined;
  const exploited = (signals as CveSignal[]).flatMap((signal) =>
    signal.knownExploited
      ? [`${signal.cve} (added ${signal.knownExploited.dateAdded}, ransomware use ${signal.knownExploited.ransomware})`]
      : [],
  );
  return exploited.length ? exploited.join('\n') : undefined;
}

const sharedColumns: ExportColumn[] = [
  { header: 'Severity', width: 10, value: (f) => f.severity },
  { header: 'Title', width: 50, value: (f) => f.title },
  { header: 'Status', width: 14, value: (f) => f.status.replace('_', ' ') },
  { header: 'Asset', width: 40, value: (f) => text(f.assetName) ?? text(f.assetKey) },
  { header: 'Asset kind', width: 12, value: (f) => text(f.assetKind) },
  { header: 'Rule', width: 24, value: (f) => text(f.ruleId) },
  { header: 'Tool', width: 12, value: (f) => text(f.tool) },
  { header: 'CVE', width: 20, value: (f) => list(f.cve) },
  { header: 'CWE', width: 12, value: (f) => list(f.cwe) },
  { header: 'CVSS', width: 8, value: (f) => score(f.cvss) },
  // The base vectors shown (the analyst's, else the tool's) and the scores computed from them (findings/finding-cvss.ts).
  { header: 'CVSS 3.1 vector', width: 46, value: (f) => vectorOf(f.cvss31) },
  { header: 'CVSS 3.1 score', width: 8, value: (f) => score(f.cvss31) },
  { header: 'CVSS 4.0 vector', width: 70, value: (f) => vectorOf(f.cvss40) },
  { header: 'CVSS 4.0 score', width: 8, value: (f) => score(f.cvss40) },
  { header: 'EPSS', width: 8, value: (f) => score(f.epss) },
  { header: 'Instances', width: 10, value: (f) => (typeof f.instanceCount === 'number' ? f.instanceCount : undefined) },
  // "3 of 12 fixed": the instances later scans no longer saw (all of a fixed finding's).
  {
    header: 'Fixed instances',
    width: 10,
    value: (f) => (typeof f.fixedInstanceCount === 'number' ? f.fixedInstanceCount : undefined),
  },
  { header: 'First seen', width: 20, value: (f) => date(f.firstSeenAt) },
  { header: 'Last seen', width: 20, value: (f) => date(f.lastSeenAt) },
  { header: 'Risk accepted until', width: 20, value: (f) => date(f.riskAcceptedUntil) },
  // The due date and SLA state when the export was made (sla/finding-sla.ts's shownSla).
  { header: 'Due', width: 20, value: (f) => date(f.dueAt) },
  { header: 'SLA state', width: 12, value: (f) => slaStateWords[String(f.slaState)] },
  // The exploit signals the threat feeds gave its CVEs (feeds/exploit-signals.ts).
  { header: 'Known exploited', width: 40, value: (f) => knownExploitedText(f.exploitSignals) },
  { header: 'EPSS score (feed)', width: 10, value: (f) => (typeof f.epssScore === 'number' ? f.epssScore : undefined) },
  // The Markdown as written; findings imported before ZAP's HTML was read as Markdown still hold it, read here.
  { header: 'Description', width: 60, value: (f) => text(scannerProse(text(f.description))) },
  { header: 'Remediation', width: 60, value: (f) => text(scannerProse(text(f.remediation))) },
  { header: 'References', width: 40, value: (f) => list(f.references) },
  { header: 'Affected assets', width: 40, value: (f) => affectedAssets(f).join('\n') },
  { header: 'Finding id', width: 34, value: (f) => f.id },
];

const analystColumns: ExportColumn[] = [
  { header: 'Published', width: 10, value: (f) => (f.published === true ? 'yes' : 'no') },
  { header: 'Tags', width: 20, value: (f) => list(f.tags) },
  { header: 'Notes', width: 40, value: (f) => text(f.notes) },
  { header: "Tool's severity", width: 10, value: (f) => text(f.toolSeverity) },
  { header: "Tool's title", width: 40, value: (f) => text(f.toolTitle) },
];

export function exportColumns(viewer: FindingViewer): ExportColumn[] {
  return viewer === 'analyst' ? [...sharedColumns, ...analystColumns] : sharedColumns;
}
