// The companies a caller may select, and the company check of company-scoped calls.
import type { Caller, CompanyRecord } from '../access/caller.js';
import { canAccessCompany, canListAllCompanies } from '../access/rules.js';
import { PermissionDeniedError } from '../errors.js';
import { getCompanyRecord, getCompanyRecords, listAllCompanies } from './company-records.js';

/** Analysts of level 7 or more see every company; everyone else the companies of their access record. */
export function selectableCompanies(caller: Caller): Promise<CompanyRecord[]> {
  return canListAllCompanies(caller.access) ? listAllCompanies() : getCompanyRecords(caller.access.companies);
}

/** The same answer whether the company does not exist or the caller may not see it. */
export const companyDenied = 'You do not have access to this company.';

/** Reads a company the caller may access, or refuses without telling whether it exists. */
export async function readAccessibleCompany(caller: Caller, slug: string): Promise<CompanyRecord> {
  if (!canAccessCompany(caller.access, slug)) throw new PermissionDeniedError(companyDenied);
  const company = await getCompanyRecord(slug);
  if (!company) throw new PermissionDeniedError(companyDenied);
  return company;
}
