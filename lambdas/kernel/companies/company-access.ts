// The companies a caller may select, and the company check of company-scoped calls.
import type { Caller, CompanyRecord } from '../access/caller.js';
import { canAccessCompany, canListAllCompanies } from '../access/rules.js';
import { PermissionDeniedError } from '../errors.js';
import { getCompanyRecords, listAllCompanies } from './company-records.js';

/** Analysts of level 7 or more see every company; everyone else the companies of their access record. */
export function selectableCompanies(caller: Caller): Promise<CompanyRecord[]> {
  return canListAllCompanies(caller.access) ? listAllCompanies() : getCompanyRecords(caller.access.companies);
}

/** The same answer whether the company does not exist or the caller may not see it. */
export const companyDenied = 'You do not have access to this company.';

/**
 * A company the caller may access, from its record read ahead of the caller's (`getCompanyRecord`), or the
 * refusal that does not tell whether it exists. The read is awaited only for a caller who may see it.
 */
export async function accessibleCompany(
  caller: Caller,
  slug: string,
  companyRead: Promise<CompanyRecord | undefined>,
): Promise<CompanyRecord> {
  if (!canAccessCompany(caller.access, slug)) throw new PermissionDeniedError(companyDenied);
  const company = await companyRead;
  if (!company) throw new PermissionDeniedError(companyDenied);
  return company;
}
