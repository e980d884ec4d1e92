// Who may import and read a company's scans and findings of a service (spec 6's analyst service pages):
// analysts of level 7, for every company; for password cracking also a member of the company whose
// servicesManaged holds it. The same answer whether the company, the import or the cursor exists or not.
import type { AccessRule, Caller, CompanyRecord } from '../access/caller.js';
import { accessIn, canAccessCompany, hasLevel, managesService, menuLevels, type ServiceName } from '../access/rules.js';
import { companyDenied } from '../companies/company-access.js';
import { PermissionDeniedError } from '../errors.js';
import type { StoredScanImport } from '../data/entities/scan-imports.js';

export const serviceFindingsAccess = {
  kind: 'signedIn',
  describe: `users of access level ${menuLevels.analystServicePage} or more, and users who manage password cracking (that service only, their companies only)`,
  allows: (caller) =>
    hasLevel(caller.access, menuLevels.analystServicePage) || managesService(caller.access, 'password_cracking'),
} as const satisfies AccessRule;

export function mayWorkOnService(caller: Pick<Caller, 'access'>, slug: string, service: ServiceName): boolean {
  if (!canAccessCompany(caller.access, slug)) return false;
  return (
    hasLevel(accessIn(caller.access, slug), menuLevels.analystServicePage) ||
    (service === 'password_cracking' && managesService(caller.access, service))
  );
}

/**
 * Refuses a caller who may not work on the company's service. Reads need no company record: whoever passes
 * sees every company (level 7) or holds this one in their own access record.
 */
export function assertServiceAccess(caller: Caller, slug: string, service: ServiceName): void {
  if (!mayWorkOnService(caller, slug, service)) throw new PermissionDeniedError(companyDenied);
}

/** For writes: the company must exist too (the same refusal when it does not). */
export async function assertServiceCompany(
  caller: Caller,
  slug: string,
  service: ServiceName,
  companyRead: Promise<CompanyRecord | undefined>,
): Promise<CompanyRecord> {
  assertServiceAccess(caller, slug, service);
  const company = await companyRead;
  if (!company) throw new PermissionDeniedError(companyDenied);
  return company;
}

export const importDenied = 'You do not have access to this import.';

/** The import, if the caller may work on its company and service; an unknown id gets the same refusal. */
export async function assertImportAccess(
  caller: Caller,
  importRead: Promise<StoredScanImport | undefined>,
): Promise<StoredScanImport> {
  const scan = await importRead;
  if (!scan || !mayWorkOnService(caller, scan.slug, scan.service)) throw new PermissionDeniedError(importDenied);
  return scan;
}
