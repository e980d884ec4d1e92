// The dashboard figures of a company's service (customer reports and the analysts' view of them), kept up to
// date where findings change and never counted on read: an import counts the service's findings anew when it
// ends (`refreshServiceReport`, one hook in import-run.ts), and every curation that moves a finding's status,
// severity or published flag moves the counters in its own transaction (`reportMovesOf`, in finding-curation.ts
// and bulk-updates.ts). Two views: `all` (analysts) and `pub` (published findings: what customers see).
// Top assets are counters too, in an item of their own beside the report (`a_<view>_<hash of the asset key>_
// <severity>`, open findings of severity low and above, with the asset's name in `an_<hash>`): an import keeps, of
// each view, the 30 assets with the most; a single finding's curation moves the counters of the asset it touches;
// a bulk update moves none and counts the report anew as it ends (`recountServiceReport`), so the item stays small
// whatever the number of findings. The page ranks the item's assets and shows ten.
//
// Customers see nothing an analyst has not published: not the tools' own figures of a scan (ZAP's sites and
// risks, a password audit's counts, Prowler's frameworks: analysts' only), not a scan none of whose changes they
// can see (its date, tool, trend point), not when the counters last moved. Their filter choices (DAST sites, cloud
// frameworks and categories) are counters of published findings (`x_pub_<facet>_<value>`), and the changes of
// every scan in the trend are kept live for them (`n_|f_|r_pub_<importId>_…`), so 'new in the last scan' names the
// last scan whose changes they can see.
import { createHash } from 'node:crypto';
import type { ServiceReportOutput } from '../../contracts/reports.js';
import type { ServiceName } from '../access/rules.js';
import {
  findingFactsOf,
  getServiceReportItem,
  putServiceReport,
  serviceReportDeltaWrites,
  type FindingFacts,
  type StoredServiceReport,
} from '../data/entities/service-reports.js';
import type { TransactItem } from '../data/transactions.js';
import { logger } from '../logger.js';
import { severities, type Severity } from '../scanners/finding-model.js';
import { progressKeysOf, progressOf } from './progress-counters.js';

export type ReportView = 'all' | 'pub';
export const reportStatuses = ['open', 'fixed', 'risk_accepted', 'false_positive', 'out_of_scope'] as const;
export type SeverityCounts = Record<Severity, number>;

/** Scans kept for the trend (older ones drop off). */
export const trendScans = 30;
/** Assets shown in the top list. */
const topAssetCount = 10;
/**
 * Assets of each view whose counters an import keeps: enough for the ten shown to stay right as curations move
 * them, and an item of a few kilobytes at any number of findings.
 */
const keptAssets = 30;

export const countKey = (view: ReportView, status: string, severity: string) => `c_${view}_${status}_${severity}`;
export const changeKey = (kind: 'n' | 'f' | 'r', view: ReportView, importId: string, severity: string) =>
  `${kind}_${view}_${importId}_${severity}`;

/** The filters whose choices a report gives (customers: of published findings; analysts: of the last scan). */
export const choiceFacets = ['site', 'framework', 'category'] as const;
export type ChoiceFacet = (typeof choiceFacets)[number];
export const choiceKey = (facet: ChoiceFacet, value: string) => `x_pub_${facet}_${value}`;
/** Longer values (a site's address) are left out of the choices rather than made into a long attribute name. */
const maxChoiceLength = 200;

/** The filter choices a published finding gives: its DAST site, its Prowler frameworks and categories. */
function choicesOf(facts: FindingFacts): string[] {
  const keys: string[] = [];
  const add = (facet: ChoiceFacet, value: unknown) => {
    if (typeof value === 'string' && value !== '' && value.length <= maxChoiceLength)
      keys.push(choiceKey(facet, value));
  };
  // The site filter reads `url:<site>` asset keys (finding-records.ts), as ZAP names its sites.
  if (facts.service === 'dast' && facts.assetKey?.startsWith('url:')) add('site', facts.assetKey.slice('url:'.length));
  if (facts.service === 'cloud') {
    for (const framework of Object.keys(facts.compliance ?? {})) add('framework', framework);
    for (const category of new Set(facts.toolTags ?? [])) add('category', category);
  }
  return keys;
}

export const assetHash = (assetKey: string) => createHash('sha256').update(assetKey).digest('hex').slice(0, 12);
export const assetKey = (view: ReportView, hash: string, severity: string) => `a_${view}_${hash}_${severity}`;
export const assetNameKey = (hash: string) => `an_${hash}`;

export const zeroCounts = (): SeverityCounts => ({ critical: 0, high: 0, medium: 0, low: 0, info: 0 });
const shownSeverity = (facts: FindingFacts) => (facts.analystSeverity ?? facts.toolSeverity) as Severity;

/** The counters one finding adds to its service's report at `now` (the progress counters count recent fixes). */
function countersOf(facts: FindingFacts, now: number): string[] {
  const severity = shownSeverity(facts);
  const keys: string[] = [];
  const views = facts.published === true ? (['all', 'pub'] as const) : (['all'] as const);
  keys.push(...progressKeysOf(facts, views, now));
  for (const view of views) {
    keys.push(countKey(view, facts.status, severity));
    if (facts.firstImportId) keys.push(changeKey('n', view, facts.firstImportId, severity));
    const change = facts.lastChange;
    if (change?.change === 'fixed') keys.push(changeKey('f', view, change.importId, severity));
    if (change?.change === 'reopened') keys.push(changeKey('r', view, change.importId, severity));
    if (facts.status === 'open' && severity !== 'info' && facts.assetKey) {
      keys.push(assetKey(view, assetHash(facts.assetKey), severity));
    }
  }
  if (facts.published === true) keys.push(...choicesOf(facts));
  return keys;
}

/**
 * The counter moves of a finding going from `before` to `after` at `now` (a curation: status, severity, published,
 * its SLA clock).
 */
export function reportMovesOf(
  before: FindingFacts,
  after: FindingFacts,
  now: number,
  into = new Map<string, number>(),
) {
  for (const key of countersOf(before, now)) into.set(key, (into.get(key) ?? 0) - 1);
  for (const key of countersOf(after, now)) into.set(key, (into.get(key) ?? 0) + 1);
  return into;
}

/** The counter moves of a finding that did not exist before (a manual finding written by an analyst). */
export function reportMovesOfNew(after: FindingFacts, now: number, into = new Map<string, number>()) {
  for (const key of countersOf(after, now)) into.set(key, (into.get(key) ?? 0) + 1);
  return into;
}

/**
 * The report's transaction items for these moves (none when nothing a report counts changed). A bulk update
 * leaves the assets' counters out (`assets: false`) and recounts them as it ends.
 */
export function reportDeltaWrites(
  slug: string,
  service: string,
  moves: ReadonlyMap<string, number>,
  at: number,
  assets: ReadonlyArray<Pick<FindingFacts, 'assetKey' | 'assetName'>> | false = [],
): TransactItem[] {
  if (assets === false) {
    const withoutAssets = new Map([...moves].filter(([move]) => !move.startsWith('a_')));
    return serviceReportDeltaWrites(slug, service, withoutAssets, at);
  }
  const names = new Map<string, string>();
  for (const { assetKey: key, assetName } of assets) {
    const hash = key ? assetHash(key) : undefined;
    if (hash && [...moves.keys()].some((move) => move.startsWith('a_') && move.includes(`_${hash}_`))) {
      names.set(assetNameKey(hash), assetName ?? key!);
    }
  }
  return serviceReportDeltaWrites(slug, service, moves, at, names);
}

interface TopAsset {
  key: string;
  name: string;
  open: SeverityCounts;
}

/** The tool's own figures a report shows (customers included): counts and shares, never a secret. */
const figureFields: Record<string, readonly string[]> = {
  zap: ['sites', 'siteNames', 'alerts', 'instances', 'byRisk'],
  nuclei: ['results', 'hosts', 'byType'],
  subfinder: ['results', 'domains', 'bySource'],
  httpx: ['live', 'failed', 'technologies', 'certificatesExpiringWithin30Days', 'byStatusCode'],
  nmap: ['hostsUp', 'hostsDown', 'openPorts', 'services', 'vulnersEntries'],
  openvas: ['results', 'hosts', 'belowQod70'],
  prowler: ['pass', 'fail', 'manual', 'muted', 'failBySeverity', 'byFramework', 'accounts', 'regions', 'categories'],
  'password-audit': [
    'accounts',
    'uniqueHashes',
    'crackedAccounts',
    'crackedPercent',
    'uniqueHashesCracked',
    'lmHashes',
    'belowPolicyLength',
    'policyMinimumLength',
    'usernameIsPassword',
    'privilegedCracked',
    'kerberoastableCracked',
    'emptyPasswords',
    'lengthHistogram',
    'topPasswords',
    'reuse',
    'groups',
  ],
};

export function toolFiguresOf(metrics: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  const kind = typeof metrics?.kind === 'string' ? metrics.kind : undefined;
  const fields = kind ? figureFields[kind] : undefined;
  if (!metrics || !kind || !fields) return undefined;
  const figures: Record<string, unknown> = { kind };
  for (const field of fields) if (metrics[field] !== undefined) figures[field] = metrics[field];
  // Prowler's pass rate: PASS out of PASS and FAIL (MANUAL needs a person; muted findings are accepted).
  if (kind === 'prowler') {
    const pass = Number(metrics.pass ?? 0);
    const fail = Number(metrics.fail ?? 0);
    figures.passRate = pass + fail > 0 ? Math.round((pass / (pass + fail)) * 1000) / 10 : undefined;
  }
  return figures;
}

/** Critical first, then high…, then by name. */
const byWeight = (a: TopAsset, b: TopAsset) => {
  for (const severity of severities) {
    if (a.open[severity] !== b.open[severity]) return b.open[severity] - a.open[severity];
  }
  return a.name.localeCompare(b.name);
};

/** The view's assets of a stored report, from its counters, most open findings first. */
function assetsOf(stored: Record<string, unknown>, view: ReportView): TopAsset[] {
  const assets = new Map<string, TopAsset>();
  const prefix = `a_${view}_`;
  for (const [key, value] of Object.entries(stored)) {
    if (!key.startsWith(prefix) || typeof value !== 'number' || value <= 0) continue;
    const [hash = '', severity] = key.slice(prefix.length).split('_') as [string, Severity];
    const name = stored[assetNameKey(hash)];
    const entry = assets.get(hash) ?? { key: hash, name: typeof name === 'string' ? name : hash, open: zeroCounts() };
    entry.open[severity] = value;
    assets.set(hash, entry);
  }
  return [...assets.values()].sort(byWeight);
}

/**
 * Brings a service's report up to an import as it ends (its findings written, before it is marked done),
 * keeping the trend of earlier scans. An import that changed no finding adds its scan to the trend from the
 * report's own counters, without reading a finding; the same file again (nothing written) changes nothing.
 * Otherwise the findings are counted anew. Either write is conditional on no curation moving the counters
 * meanwhile; it counts again if one did.
 */
export async function refreshServiceReport(
  scan: { importId: string; slug: string; service: ServiceName },
  end: {
    at: number;
    tool?: string;
    metrics?: Record<string, unknown>;
    counts: { new: number; fixed: number; reopened: number; changed: number };
    /** The import wrote something (findings or assets' sightings): false for the very same file again. */
    wrote: boolean;
    /** Findings' SLA clocks moved without a change the counts show (retests the scan settled). */
    clocksMoved?: boolean;
  },
): Promise<void> {
  const unchanged =
    end.counts.new + end.counts.fixed + end.counts.reopened + end.counts.changed === 0 && end.clocksMoved !== true;
  if (unchanged && !end.wrote) return;
  const of = { importId: scan.importId, at: end.at, tool: end.tool, metrics: end.metrics };
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const previous = await getServiceReportItem(scan.slug, scan.service, true);
    const { report, assets } =
      unchanged && previous
        ? { report: reportAfterQuietScan(previous, of), assets: undefined }
        : await countServiceReport(scan.slug, scan.service, previous, of);
    if (await putServiceReport(report, previous?.deltaVersion, assets)) return;
  }
  logger.warn('The service report was changed by curations five times while it was counted', {
    importId: scan.importId,
  });
}

/** Whether the service's report holds this import's scan in its trend (one consistent GetItem). */
export async function reportHoldsImport(slug: string, service: ServiceName, importId: string): Promise<boolean> {
  const report = await getServiceReportItem(slug, service, true);
  return ((report?.trend as TrendPoint[] | undefined) ?? []).some((point) => point.importId === importId);
}

/** A scan that changed no finding: the same counters, its trend point, no new, fixed or reopened. */
function reportAfterQuietScan(previous: StoredServiceReport, scan: ScanOfReport): StoredServiceReport {
  const item: StoredServiceReport = { slug: previous.slug, service: previous.service };
  const kept = trendImportsOf(previous);
  for (const [key, value] of Object.entries(previous)) {
    if (['pk', 'sk', 'trend', 'lastScan', 'toolFigures', 'deltaVersion'].includes(key)) continue;
    // The published changes of the scans still in the trend stay (customers' trend); the others are history.
    const change = parseChangeKey(key);
    if (change && (change.view !== 'pub' || !kept.has(change.importId))) continue;
    item[key] = value;
  }
  return finishReport(item, previous, scan, (view) => openOf(previous, view), {});
}

const openOf = (counters: Record<string, unknown>, view: ReportView) =>
  Object.fromEntries(
    severities.map((severity) => [severity, Number(counters[countKey(view, 'open', severity)] ?? 0)]),
  ) as SeverityCounts;

interface ScanOfReport {
  importId: string;
  at: number;
  tool?: string;
  metrics?: Record<string, unknown>;
}

export interface TrendPoint {
  importId: string;
  at: number;
  tool?: string;
  open: Record<ReportView, SeverityCounts>;
  new: Record<ReportView, number>;
  fixed: Record<ReportView, number>;
  reopened: Record<ReportView, number>;
}

/** `n|f|r_<view>_<importId>_<severity>`, read back. */
function parseChangeKey(key: string): { kind: string; view: string; importId: string; severity: string } | undefined {
  const match = /^([nfr])_(all|pub)_(.+)_([a-z]+)$/.exec(key);
  return match ? { kind: match[1]!, view: match[2]!, importId: match[3]!, severity: match[4]! } : undefined;
}

/** The imports of a stored report's trend. */
const trendImportsOf = (report: StoredServiceReport | undefined) =>
  new Set(((report?.trend as TrendPoint[] | undefined) ?? []).map((point) => point.importId));

/**
 * Every finding of a service counted: the report's counters and the assets'. Of the changes, `importId`'s (both
 * views) and, published ones, those of the scans in `trendImports` (the customers' trend); older ones are history.
 */
async function countFindings(
  slug: string,
  service: ServiceName,
  importId: string | undefined,
  trendImports: ReadonlySet<string> = new Set(),
) {
  const counters = new Map<string, number>();
  const assetNames = new Map<string, string>();
  const now = Date.now();
  for await (const facts of findingFactsOf(slug, service)) {
    for (const key of countersOf(facts, now)) {
      const change = parseChangeKey(key);
      const kept =
        !change || change.importId === importId || (change.view === 'pub' && trendImports.has(change.importId));
      if (!kept) continue;
      counters.set(key, (counters.get(key) ?? 0) + 1);
    }
    if (facts.assetKey) assetNames.set(assetHash(facts.assetKey), facts.assetName ?? facts.assetKey);
  }
  const report: StoredServiceReport = { slug, service };
  const counted: Record<string, unknown> = {};
  for (const [key, count] of counters) (key.startsWith('a_') ? counted : report)[key] = count;
  for (const [hash, name] of assetNames) counted[assetNameKey(hash)] = name;
  return { report, counters, assets: keptAssetsOf(counted) };
}

/** Of each view, the counters of the assets with the most open findings, with their names: the assets item. */
function keptAssetsOf(counted: Record<string, unknown>): Record<string, unknown> {
  const item: Record<string, unknown> = {};
  for (const view of ['all', 'pub'] as const) {
    for (const asset of assetsOf(counted, view).slice(0, keptAssets)) {
      for (const severity of severities) {
        if (asset.open[severity] > 0) item[assetKey(view, asset.key, severity)] = asset.open[severity];
      }
      item[assetNameKey(asset.key)] = asset.name;
    }
  }
  return item;
}

async function countServiceReport(
  slug: string,
  service: ServiceName,
  previous: StoredServiceReport | undefined,
  scan: ScanOfReport,
): Promise<{ report: StoredServiceReport; assets: Record<string, unknown> }> {
  const { report, counters, assets } = await countFindings(slug, service, scan.importId, trendImportsOf(previous));
  const changes = (kind: 'n' | 'f' | 'r', view: ReportView) =>
    severities.reduce((sum, severity) => sum + (counters.get(changeKey(kind, view, scan.importId, severity)) ?? 0), 0);
  return {
    report: finishReport(report, previous, scan, (view) => openOf(report, view), { changes }),
    assets: { ...assets, slug, service, updatedAt: Date.now() },
  };
}

/**
 * Counts a service's report anew outside an import (a feed or a new SLA policy moved findings' due dates without
 * moving the counters; a bulk update moved no asset's counter), keeping what imports wrote (the trend, the last scan, the tools' figures); nothing when the
 * service has no report yet. Conditional on no curation moving the report meanwhile, counting again if one did.
 */
export async function recountServiceReport(slug: string, service: ServiceName): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const previous = await getServiceReportItem(slug, service, true);
    if (!previous) return;
    const lastScan = previous.lastScan as { importId?: string } | undefined;
    const { report, assets } = await countFindings(slug, service, lastScan?.importId, trendImportsOf(previous));
    for (const kept of ['trend', 'lastScan', 'toolFigures', 'refreshedAt']) {
      if (previous[kept] !== undefined) report[kept] = previous[kept];
    }
    report.updatedAt = Date.now();
    const assetsItem = { ...assets, slug, service, updatedAt: report.updatedAt };
    if (await putServiceReport(report, previous.deltaVersion ?? 0, assetsItem)) return;
  }
  logger.warn('The service report was changed by curations five times while it was counted', { slug, service });
}

/** The trend point of this scan, the last scan, the tools' figures: the parts of a report an import adds. */
function finishReport(
  item: StoredServiceReport,
  previous: StoredServiceReport | undefined,
  scan: ScanOfReport,
  open: (view: ReportView) => SeverityCounts,
  counted: { changes?: (kind: 'n' | 'f' | 'r', view: ReportView) => number },
): StoredServiceReport {
  const changes = counted.changes ?? (() => 0);
  const point: TrendPoint = {
    importId: scan.importId,
    at: scan.at,
    tool: scan.tool,
    open: { all: open('all'), pub: open('pub') },
    new: { all: changes('n', 'all'), pub: changes('n', 'pub') },
    fixed: { all: changes('f', 'all'), pub: changes('f', 'pub') },
    reopened: { all: changes('r', 'all'), pub: changes('r', 'pub') },
  };
  const earlier = ((previous?.trend as TrendPoint[] | undefined) ?? []).filter(
    (entry) => entry.importId !== scan.importId,
  );
  item.trend = [...earlier, point].sort((a, b) => a.at - b.at).slice(-trendScans);
  item.lastScan = { importId: scan.importId, at: scan.at, tool: scan.tool };
  const figures = toolFiguresOf(scan.metrics);
  const toolFigures = { ...((previous?.toolFigures as Record<string, unknown> | undefined) ?? {}) };
  if (figures) toolFigures[String(figures.kind)] = { importId: scan.importId, at: scan.at, ...figures };
  item.toolFigures = toolFigures;
  item.refreshedAt = Date.now();
  item.updatedAt = item.refreshedAt;
  return item;
}

/** Changes by severity: what a scan brought (new), fixed and reopened. */
interface ScanChanges {
  new: SeverityCounts;
  fixed: SeverityCounts;
  reopened: SeverityCounts;
}

const total = (counts: SeverityCounts) => severities.reduce((sum, severity) => sum + counts[severity], 0);

/** The published changes of each scan the report keeps them for (`n|f|r_pub_<importId>_<severity>`). */
function publishedChangesOf(stored: StoredServiceReport | undefined): Map<string, ScanChanges> {
  const byImport = new Map<string, ScanChanges>();
  for (const [key, value] of Object.entries(stored ?? {})) {
    const change = parseChangeKey(key);
    if (!change || change.view !== 'pub' || !(severities as readonly string[]).includes(change.severity)) continue;
    const changes = byImport.get(change.importId) ?? { new: zeroCounts(), fixed: zeroCounts(), reopened: zeroCounts() };
    const kind = ({ n: 'new', f: 'fixed', r: 'reopened' } as const)[change.kind as 'n' | 'f' | 'r'];
    changes[kind][change.severity as Severity] = Math.max(0, Number(value ?? 0));
    byImport.set(change.importId, changes);
  }
  return byImport;
}

/** A customer's filter choices: the values of their published findings (counters above zero), sorted. */
function publishedChoicesOf(stored: StoredServiceReport | undefined): Record<ChoiceFacet, string[]> {
  const choices: Record<ChoiceFacet, string[]> = { site: [], framework: [], category: [] };
  for (const [key, value] of Object.entries(stored ?? {})) {
    if (typeof value !== 'number' || value <= 0) continue;
    for (const facet of choiceFacets) {
      const prefix = choiceKey(facet, '');
      if (key.startsWith(prefix)) choices[facet].push(key.slice(prefix.length));
    }
  }
  for (const facet of choiceFacets) choices[facet].sort();
  return choices;
}

/** An analyst's filter choices: the last scan's, from the tools' figures (ZAP's sites, Prowler's frameworks…). */
function figureChoicesOf(figures: Record<string, Record<string, unknown>>): Record<ChoiceFacet, string[]> {
  const texts = (value: unknown) =>
    Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  const frameworks = figures.prowler?.byFramework;
  return {
    site: texts(figures.zap?.siteNames),
    framework: frameworks && typeof frameworks === 'object' ? Object.keys(frameworks).sort() : [],
    category: texts(figures.prowler?.categories).sort(),
  };
}

/** The trend, last scan and its changes a customer may see: of the scans whose changes of published findings show. */
function publishedScans(
  stored: StoredServiceReport | undefined,
  points: readonly TrendPoint[],
  open: SeverityCounts,
): Pick<ServiceReportOutput, 'trend' | 'lastScan' | 'lastScanChanges'> {
  const live = publishedChangesOf(stored);
  const none: ScanChanges = { new: zeroCounts(), fixed: zeroCounts(), reopened: zeroCounts() };
  const shown = points.flatMap((point) => {
    const changes = live.get(point.importId);
    // A report counted before the published changes of every trend scan were kept: the point's own totals.
    const totals = changes
      ? { new: total(changes.new), fixed: total(changes.fixed), reopened: total(changes.reopened) }
      : { new: point.new.pub, fixed: point.fixed.pub, reopened: point.reopened.pub };
    // A scan none of whose changes a customer can see (nothing of it published yet) is not theirs to see.
    if (totals.new + totals.fixed + totals.reopened === 0) return [];
    return [{ point, changes: changes ?? none, totals }];
  });
  const last = shown.at(-1);
  return {
    lastScan: last ? { at: last.point.at, tool: last.point.tool, importId: last.point.importId } : undefined,
    lastScanChanges: last?.changes ?? none,
    // The last point is now: curations since it moved the counters.
    trend: shown.map(({ point, totals }, index) => ({
      at: point.at,
      tool: point.tool,
      open: index === shown.length - 1 ? open : point.open.pub,
      ...totals,
    })),
  };
}

/**
 * A service's dashboard as the viewer sees it, from the stored report. Analysts: every finding, the tools' own
 * figures, every scan. Customers: published findings only, and nothing of a scan but what it changed of them.
 */
export function serviceReportFor(
  service: ServiceName,
  viewer: 'analyst' | 'customer',
  stored: StoredServiceReport | undefined,
  /** The assets item: without it (the overview), no top assets. */
  storedAssets?: Record<string, unknown>,
  /** The time the SLA states and windows are read at. */
  now = Date.now(),
): ServiceReportOutput {
  const view: ReportView = viewer === 'customer' ? 'pub' : 'all';
  const progress = progressOf(stored, view, now);
  const number = (key: string) => Math.max(0, Number(stored?.[key] ?? 0));
  const bySeverity = (read: (severity: Severity) => number) =>
    Object.fromEntries(severities.map((severity) => [severity, read(severity)])) as SeverityCounts;
  const open = bySeverity((severity) => number(countKey(view, 'open', severity)));
  const points = (stored?.trend as TrendPoint[] | undefined) ?? [];
  const byStatus = Object.fromEntries(
    reportStatuses.map((status) => [
      status,
      severities.reduce((sum, severity) => sum + number(countKey(view, status, severity)), 0),
    ]),
  );
  const topAssets = storedAssets
    ? assetsOf(storedAssets, view)
        .slice(0, topAssetCount)
        .map(({ name, open: counts }) => ({ key: name, name, open: counts }))
    : [];
  if (viewer === 'customer') {
    return {
      service,
      view: viewer,
      ...publishedScans(stored, points, open),
      open,
      openTotal: total(open),
      byStatus,
      topAssets,
      figures: {},
      filterChoices: publishedChoicesOf(stored),
      ...progress,
    };
  }
  const lastScan = stored?.lastScan as { importId: string; at: number; tool?: string } | undefined;
  const changes = (kind: 'n' | 'f' | 'r') =>
    bySeverity((severity) => (lastScan ? number(changeKey(kind, view, lastScan.importId, severity)) : 0));
  const lastScanChanges = { new: changes('n'), fixed: changes('f'), reopened: changes('r') };
  const trend = points.map((point, index) => {
    // The last scan's point is now: curations since it moved the counters.
    const last = index === points.length - 1 && point.importId === lastScan?.importId;
    return {
      at: point.at,
      tool: point.tool,
      open: last ? open : point.open[view],
      new: last ? total(lastScanChanges.new) : point.new[view],
      fixed: last ? total(lastScanChanges.fixed) : point.fixed[view],
      reopened: last ? total(lastScanChanges.reopened) : point.reopened[view],
    };
  });
  const figures = Object.fromEntries(
    Object.entries((stored?.toolFigures as Record<string, Record<string, unknown>> | undefined) ?? {}).map(
      ([kind, { importId: _importId, ...figure }]) => [kind, figure],
    ),
  );
  return {
    service,
    view: viewer,
    lastScan: lastScan ? { at: lastScan.at, tool: lastScan.tool, importId: lastScan.importId } : undefined,
    open,
    openTotal: total(open),
    lastScanChanges,
    trend,
    updatedAt: stored?.updatedAt as number | undefined,
    byStatus,
    topAssets,
    figures,
    filterChoices: figureChoicesOf(figures),
    ...progress,
  };
}
