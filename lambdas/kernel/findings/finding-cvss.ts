// A finding's CVSS 3.1 and 4.0 base vectors and scores. The tool's vector (nuclei's cvss-metrics, OpenVAS's
// severity vector, kept as the tool wrote it in `cvss`) counts when it is a strict base vector of that
// version; an analyst's vector (`analystCvss31`, `analystCvss40`: `{vector, score}`, set by updateFinding)
// replaces it, and clearing it shows the tool's again, as the analyst's severity does the tool's. Every
// score is computed here from its vector, never taken from a caller.
import { scoreCvssVector, type CvssScored, type CvssVersion } from '../../contracts/cvss.js';
import type { EditableFindingField } from '../../contracts/finding-limits.js';
import { InvalidArgumentError } from '../errors.js';

export const cvssFields = { cvss31: '3.1', cvss40: '4.0' } as const satisfies Partial<
  Record<EditableFindingField, CvssVersion>
>;
export type CvssField = keyof typeof cvssFields;

export const isCvssField = (field: string): field is CvssField => field in cvssFields;

/** Where the analyst's vector of each field is stored. */
export const analystCvssAttributes = { cvss31: 'analystCvss31', cvss40: 'analystCvss40' } as const satisfies Record<
  CvssField,
  string
>;

/** A shown vector and its score, and whose it is. */
export interface ShownCvss extends CvssScored {
  source: 'analyst' | 'tool';
}

/**
 * The analyst's vector of a field as stored (in the specification's order), or null to show the tool's again;
 * INVALID_ARGUMENT naming the field and what is wrong ("cvss31: expected a CVSS 3.1 base vector, AV is missing").
 */
export function analystCvssValue(field: CvssField, value: unknown): CvssScored | null {
  if (value === null || value === '') return null;
  if (typeof value !== 'string') throw new InvalidArgumentError(`${field}: must be a CVSS vector or null`);
  const scored = scoreCvssVector(cvssFields[field], value.trim());
  if ('problem' in scored) throw new InvalidArgumentError(`${field}: ${scored.problem}`);
  return scored;
}

interface CvssAttributes {
  cvss?: { vector?: string };
  analystCvss31?: CvssScored;
  analystCvss40?: CvssScored;
}

/** The tool's vector of this version with its score, when the tool gave a strict base vector of it. */
export function toolCvss(finding: object, version: CvssVersion): CvssScored | undefined {
  const vector = (finding as CvssAttributes).cvss?.vector;
  if (typeof vector !== 'string' || !vector.startsWith(`CVSS:${version}/`)) return undefined;
  const scored = scoreCvssVector(version, vector.trim());
  return 'problem' in scored ? undefined : scored;
}

/** The vectors a finding shows: the analyst's of each version, else the tool's. */
export function shownCvss(item: object): { cvss31?: ShownCvss; cvss40?: ShownCvss } {
  const finding = item as CvssAttributes;
  const shown: { cvss31?: ShownCvss; cvss40?: ShownCvss } = {};
  for (const field of Object.keys(cvssFields) as CvssField[]) {
    const analyst = finding[analystCvssAttributes[field]];
    const tool = analyst ? undefined : toolCvss(finding, cvssFields[field]);
    if (analyst) shown[field] = { vector: analyst.vector, score: analyst.score, source: 'analyst' };
    else if (tool) shown[field] = { ...tool, source: 'tool' };
  }
  return shown;
}
