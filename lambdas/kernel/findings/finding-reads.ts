// The read a call on one finding starts with: the finding, and beside it in the same consistent BatchGetItem what
// the call decides by — the company's record (the service flags a customer's access needs) and the company's SLA
// policy (due dates, and a waiting request pausing the clock). One request whatever is asked for.
import type { CompanyRecord } from '../access/caller.js';
import { companyItemKey } from '../data/entities/companies.js';
import { findingKey, stripFindingKeys, type StoredFinding } from '../data/entities/findings.js';
import { slaPolicyKey, slaPolicyOfItem, type SlaPolicyRecord } from '../data/entities/sla-policies.js';
import { batchGetConsistent } from '../data/transactions.js';

export interface FindingRef {
  slug: string;
  service: string;
  findingId: string;
}

/** What is read beside the finding. */
export interface FindingReadParts {
  company?: boolean;
  policy?: boolean;
}

export type FindingRead<P extends FindingReadParts> = {
  finding: StoredFinding | undefined;
} & (P['company'] extends true ? { company: CompanyRecord | undefined } : unknown) &
  (P['policy'] extends true
    ? { policy: SlaPolicyRecord }
    : P['policy'] extends false | undefined
      ? unknown
      : { policy: SlaPolicyRecord | undefined });

export async function readFindingWith<P extends FindingReadParts>(ref: FindingRef, parts: P): Promise<FindingRead<P>> {
  const findingAt = findingKey(ref.slug, ref.service, ref.findingId);
  const companyAt = companyItemKey(ref.slug);
  const policyAt = slaPolicyKey(ref.slug);
  const items = await batchGetConsistent([
    findingAt,
    ...(parts.company ? [companyAt] : []),
    ...(parts.policy ? [policyAt] : []),
  ]);
  const itemOf = (key: { pk: string; sk: string }) => items.find((item) => item.pk === key.pk && item.sk === key.sk);
  const finding = itemOf(findingAt);
  return {
    finding: finding ? stripFindingKeys(finding) : undefined,
    ...(parts.company ? { company: itemOf(companyAt) as CompanyRecord | undefined } : {}),
    ...(parts.policy ? { policy: slaPolicyOfItem(ref.slug, itemOf(policyAt)) } : {}),
  } as FindingRead<P>;
}
