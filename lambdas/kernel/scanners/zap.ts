// ZAP's alert, read from traditional-json or traditional-xml, as one finding of the model.
// Identity: site + pluginid (+ alertRef when it differs from the pluginid); the alert's URLs and parameters are its instances.
// ZAP's own prose comes as HTML (`<p>…</p>`, lists, line breaks): description and solution are kept as Markdown, other
// info as plain text (scanner-html.ts); the evidence stays as the pages sent it (a script tag in an XSS attack),
// which every view shows as text.
import { isoTime, text } from './field-values.js';
import { scannerPlainText, scannerProse } from './scanner-html.js';
import {
  capList,
  capText,
  limits,
  type Asset,
  type Finding,
  type FindingInstance,
  type ToolInfo,
  type ZapMetrics,
} from './finding-model.js';
import { findingIdentity, normaliseHostName, normaliseSite } from './identity.js';
import type { ParsedRecord } from './scan-parser.js';
import { zapConfidence, zapSeverity } from './severity.js';

export interface ZapSite {
  name: string;
  host?: string;
  port?: string;
  ssl?: string;
}

/** The fields of an alert both report formats carry, as text. */
export const zapAlertFields = [
  'pluginid',
  'alertRef',
  'alert',
  'name',
  'riskcode',
  'confidence',
  'riskdesc',
  'desc',
  'solution',
  'otherinfo',
  'reference',
  'cweid',
  'wascid',
  'count',
  'systemic',
  'sourceid',
] as const;
export type ZapAlertField = (typeof zapAlertFields)[number];

export const zapInstanceFields = ['uri', 'method', 'param', 'attack', 'evidence', 'otherinfo'] as const;

export interface ZapAlert {
  fields: Partial<Record<ZapAlertField, string>>;
  instances: Array<Partial<Record<(typeof zapInstanceFields)[number], string>>>;
  /** Instances past the limit, counted and not kept. */
  droppedInstances: number;
}

export function zapInstance(
  read: (field: (typeof zapInstanceFields)[number]) => unknown,
): ZapAlert['instances'][number] {
  const instance: ZapAlert['instances'][number] = {};
  for (const field of zapInstanceFields) {
    const value = text(read(field));
    if (value !== undefined) instance[field] = value;
  }
  return instance;
}

export function zapRecords(site: ZapSite, alert: ZapAlert, tool: ToolInfo, generated?: string): ParsedRecord[] {
  const { fields } = alert;
  const pluginId = fields.pluginid ?? '';
  const alertRef = fields.alertRef;
  const siteName = normaliseSite(site.name);
  const host = normaliseHostName(site.host ?? safeHost(site.name) ?? siteName);
  const asset: Asset = { kind: 'url', key: `url:${siteName}`, name: siteName, url: siteName, host };
  const port = Number(site.port);
  if (Number.isInteger(port) && port > 0) asset.port = port;

  const title = fields.alert ?? fields.name ?? `ZAP plugin ${pluginId}`;
  const instances: FindingInstance[] = alert.instances.slice(0, limits.instancesPerFinding).map((instance) => ({
    uri: capText(instance.uri, limits.instanceField),
    method: capText(instance.method, limits.instanceField),
    param: capText(instance.param, limits.instanceField),
    attack: capText(instance.attack, limits.instanceField),
    evidence: capText(instance.evidence, limits.instanceField),
    otherInfo: capText(scannerPlainText(instance.otherinfo), limits.instanceField),
  }));
  const reported = Number(fields.count);
  const counted = alert.instances.length + alert.droppedInstances;

  const finding: Finding = {
    identity: findingIdentity('zap', [
      ['site', siteName],
      ['pluginid', pluginId],
      // An alertRef equal to the pluginid says nothing more (ZAP before 2.10 wrote none), so both read the same.
      ...(alertRef && alertRef !== pluginId ? [['alertRef', alertRef] as [string, string]] : []),
    ]),
    tool,
    ruleId: alertRef ?? pluginId,
    title,
    severity: zapSeverity(fields.riskcode),
    severityRaw: fields.riskdesc ?? fields.riskcode ?? '',
    confidence: zapConfidence(fields.confidence),
    description: capText(scannerProse(fields.desc)),
    remediation: capText(scannerProse(fields.solution)),
    references: capList((fields.reference ?? '').split(/<\/?p>|\n/)),
    // ZAP writes -1 (or nothing) when no CWE applies; only a positive number is a CWE.
    cwe: /^\d+$/.test(fields.cweid ?? '') && Number(fields.cweid) > 0 ? [`CWE-${Number(fields.cweid)}`] : [],
    cve: [],
    evidence: { otherInfo: capText(scannerPlainText(fields.otherinfo), limits.evidence) },
    instances,
    instanceCount: Number.isInteger(reported) && reported > counted ? reported : counted,
    asset,
    foundAt: isoTime(generated),
    extra: { pluginId },
  };
  if (fields.riskcode !== undefined) finding.extra.riskcode = fields.riskcode;
  if (fields.confidence !== undefined) finding.extra.confidence = fields.confidence;
  if (/^\d+$/.test(fields.wascid ?? '') && Number(fields.wascid) > 0) finding.extra.wascId = fields.wascid ?? '';
  if (fields.systemic !== undefined) finding.extra.systemic = fields.systemic;
  if (fields.sourceid !== undefined) finding.extra.sourceId = fields.sourceid;
  if (fields.alert && fields.name && fields.alert !== fields.name) finding.extra.name = fields.name;
  // Confidence 0 is ZAP's own "false positive" mark.
  if (fields.confidence === '0') finding.suggestedStatus = 'false_positive';
  return [
    { kind: 'asset', asset },
    { kind: 'finding', finding },
  ];
}

function safeHost(site: string): string | undefined {
  try {
    return new URL(site).hostname;
  } catch {
    return undefined;
  }
}

/** A ZAP report's counts before its first site is read (traditional JSON and XML alike). */
export function emptyZapMetrics(): ZapMetrics {
  return {
    kind: 'zap',
    sites: 0,
    siteNames: [],
    alerts: 0,
    instances: 0,
    byRisk: { high: 0, medium: 0, low: 0, info: 0 },
  };
}

/** Counts a finding record of ZAP's in the report's figures: its risk, and its site among those with alerts. */
export function countZapFinding(metrics: ZapMetrics, record: ParsedRecord): void {
  if (record.kind !== 'finding') return;
  metrics.byRisk[riskName(record.finding.severity)] += 1;
  const site = record.finding.asset.name;
  if (metrics.siteNames.length < 200 && !metrics.siteNames.includes(site)) metrics.siteNames.push(site);
}

export function riskName(severity: string): keyof ZapMetrics['byRisk'] {
  return severity === 'high' || severity === 'medium' || severity === 'low' ? severity : 'info';
}
