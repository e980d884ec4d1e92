// Each tool's severity (and confidence) on the portal's scale, as the research file's table sets it
// (shared/research/service-reports.md section 2). The raw value is always kept beside the result.
import type { Confidence, Severity } from './finding-model.js';

/** nuclei's scale is the portal's; `unknown` and anything else become info. */
export function nucleiSeverity(raw: string | undefined): Severity {
  const value = (raw ?? '').trim().toLowerCase();
  return value === 'critical' || value === 'high' || value === 'medium' || value === 'low' ? value : 'info';
}

/** ZAP riskcode 3/2/1/0 → high/medium/low/info; ZAP has no critical. */
export function zapSeverity(riskcode: string | undefined): Severity {
  switch ((riskcode ?? '').trim()) {
    case '3':
      return 'high';
    case '2':
      return 'medium';
    case '1':
      return 'low';
    default:
      return 'info';
  }
}

/** ZAP confidence 1/2/3/4 → tentative/firm/certain/certain; 0 is ZAP's "false positive". */
export function zapConfidence(confidence: string | undefined): Confidence | undefined {
  switch ((confidence ?? '').trim()) {
    case '0':
    case '1':
      return 'tentative';
    case '2':
      return 'firm';
    case '3':
    case '4':
      return 'certain';
    default:
      return undefined;
  }
}

/** CVSS bands (NVD, DefectDojo's nmap `convert_cvss_score`): 0 info, <4 low, <7 medium, <9 high, else critical. */
export function cvssSeverity(score: number | undefined): Severity {
  if (score === undefined || !Number.isFinite(score) || score <= 0) return 'info';
  if (score < 4) return 'low';
  if (score < 7) return 'medium';
  if (score < 9) return 'high';
  return 'critical';
}

/**
 * OpenVAS: the float `severity` banded like CVSS, so 9.8 is critical (the research file's proposal;
 * `threat` has no critical and is empty on some results). Log (0) and negative values (false positive,
 * debug) are info.
 */
export function openvasSeverity(severity: number | undefined, threat: string | undefined): Severity {
  if (severity !== undefined && Number.isFinite(severity)) return cvssSeverity(severity);
  switch ((threat ?? '').trim().toLowerCase()) {
    case 'high':
      return 'high';
    case 'medium':
      return 'medium';
    case 'low':
      return 'low';
    default:
      return 'info';
  }
}

/** Greenbone's quality of detection: 95+ (remote active checks, exploits) certain, 70+ firm, else tentative. */
export function qodConfidence(qod: number | undefined): Confidence | undefined {
  if (qod === undefined || !Number.isFinite(qod)) return undefined;
  if (qod >= 95) return 'certain';
  if (qod >= 70) return 'firm';
  return 'tentative';
}

/** Prowler critical/high/medium/low/informational; CSV writes them lower case, OCSF capitalised. */
export function prowlerSeverity(raw: string | undefined): Severity {
  const value = (raw ?? '').trim().toLowerCase();
  return value === 'critical' || value === 'high' || value === 'medium' || value === 'low' ? value : 'info';
}
