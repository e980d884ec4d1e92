// A report's filters live in the address (?severity=high,critical&status=open&sla=overdue&exploit=kev&confidence=certain,firm&new=1&
// cve=1&fix=1&subnet=10.0.0.0/24&framework=…&category=…&site=…&finding=<id>), so a view can be shared or
// bookmarked; anything unknown in it is ignored.
import { slaFilterStates, type SlaFilterState } from '../../../../lambdas/contracts/finding-filter';
import { confidences, type Confidence } from '../../../../lambdas/kernel/scanners/finding-model';
import {
  findingStatuses,
  severities,
  type FindingStatus,
  type Severity,
} from '../analyst/services/finding-values/finding-labels';
import { exploitFilters, type ExploitFilter } from '../analyst/services/finding-values/exploit-signals';

export interface ReportFilters {
  severity: Severity[];
  status: FindingStatus[];
  /** Open findings past their due date, or due within 7 days ('' for any). */
  sla: SlaFilterState | '';
  /** Known exploited (`kev`), or an EPSS score at least 10, 50 or 90 % ('' for any). */
  exploit: ExploitFilter | '';
  /** The tool's confidence (DAST's, or the network scan's quality of detection). */
  confidence: Confidence[];
  /** Only the findings the last scan found first. */
  newOnly: boolean;
  /** Network: only findings that name a CVE. */
  hasCve: boolean;
  /** Network: only findings the vendor has a fix for. */
  fixAvailable: boolean;
  /** Network: only findings on an address in this CIDR block ('' for any). */
  subnet: string;
  /** Cloud: checks of these compliance frameworks. */
  framework: string[];
  /** Cloud: checks of these categories. */
  category: string[];
  /** DAST: findings of these sites. */
  site: string[];
}

export const noReportFilters: ReportFilters = {
  severity: [],
  status: [],
  sla: '',
  exploit: '',
  confidence: [],
  newOnly: false,
  hasCve: false,
  fixAvailable: false,
  subnet: '',
  framework: [],
  category: [],
  site: [],
};

/** The address's parameters the filters are read from. */
export const filterParams = [
  'severity',
  'status',
  'sla',
  'exploit',
  'confidence',
  'new',
  'cve',
  'fix',
  'subnet',
  'framework',
  'category',
  'site',
] as const;

const listOf = <T extends string>(value: string | null, allowed?: readonly T[]): T[] =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item): item is T => item !== '' && (!allowed || (allowed as readonly string[]).includes(item)))
    .filter((item, index, all) => all.indexOf(item) === index)
    .slice(0, 20);

export function filtersOf(params: URLSearchParams): ReportFilters {
  return {
    severity: listOf(params.get('severity'), severities),
    status: listOf(params.get('status'), findingStatuses),
    sla: listOf(params.get('sla'), slaFilterStates)[0] ?? '',
    exploit: listOf(params.get('exploit'), exploitFilters)[0] ?? '',
    confidence: listOf(params.get('confidence'), confidences),
    newOnly: params.get('new') === '1',
    hasCve: params.get('cve') === '1',
    fixAvailable: params.get('fix') === '1',
    subnet: (params.get('subnet') ?? '').trim().slice(0, 50),
    framework: listOf(params.get('framework')),
    category: listOf(params.get('category')),
    site: listOf(params.get('site')),
  };
}

export function withFilters(params: URLSearchParams, filters: ReportFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of ['severity', 'status', 'confidence', 'framework', 'category', 'site'] as const) {
    if (filters[key].length) next.set(key, filters[key].join(','));
    else next.delete(key);
  }
  for (const [key, on] of [
    ['new', filters.newOnly],
    ['cve', filters.hasCve],
    ['fix', filters.fixAvailable],
  ] as const) {
    if (on) next.set(key, '1');
    else next.delete(key);
  }
  if (filters.sla) next.set('sla', filters.sla);
  else next.delete('sla');
  if (filters.exploit) next.set('exploit', filters.exploit);
  else next.delete('exploit');
  if (filters.subnet) next.set('subnet', filters.subnet);
  else next.delete('subnet');
  next.delete('finding');
  return next;
}

/** Whether any filter narrows the list. */
export const filtersActive = (filters: ReportFilters) =>
  Object.entries(filters).some(([, value]) => (Array.isArray(value) ? value.length > 0 : Boolean(value)));

/** A light check of a CIDR block's shape before the server judges it (`10.0.0.0/24`, `2001:db8::/48`). */
export const looksLikeCidr = (text: string) =>
  /^(\d{1,3}\.){3}\d{1,3}\/\d{1,2}$/.test(text) || /^[0-9a-f:]*:[0-9a-f:.]*\/\d{1,3}$/i.test(text);
