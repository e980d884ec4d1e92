// The records the administration pages show, as the server's contracts type them.
import type { CallOutput } from '../../api/call-client';

export type CompanyDoc = CallOutput<'listCompanies'>['companies'][number];
export type UserRow = CallOutput<'listUsers'>['users'][number];
/** A member as their company lists them: that company's level (none for a provider analyst) and services. */
export type MemberRow = CallOutput<'listCompanyUsers'>['users'][number];
export type PlatformService = CallOutput<'listPlatformServices'>['services'][number];

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A conflict's current company (error.details.current of updateCompany). */
export function asCompanyDoc(value: unknown): CompanyDoc | undefined {
  return isObject(value) && typeof value.slug === 'string' && typeof value.version === 'number'
    ? (value as CompanyDoc)
    : undefined;
}

/**
 * A conflict's current user: updateUserAccess and updateCompanyUser send the access record (claims
 * inside), the lists send rows; either becomes a row, keeping what the listed row knew beyond access.
 */
export function asUserRow(value: unknown, listed: UserRow): UserRow | undefined {
  if (!isObject(value) || typeof value.version !== 'number') return undefined;
  const claims = isObject(value.claims) ? value.claims : value;
  const list = (field: unknown, fallback: string[]) =>
    Array.isArray(field) ? field.filter((item): item is string => typeof item === 'string') : fallback;
  return {
    ...listed,
    userType: typeof claims.userType === 'string' ? claims.userType : listed.userType,
    accessLevel: typeof claims.accessLevel === 'number' ? claims.accessLevel : listed.accessLevel,
    companies: list(value.companies, listed.companies),
    servicesEnabled: list(value.servicesEnabled, listed.servicesEnabled),
    servicesManaged: list(value.servicesManaged, listed.servicesManaged),
    version: value.version,
  };
}

export function asPlatformService(value: unknown): PlatformService | undefined {
  return isObject(value) && typeof value.name === 'string' && typeof value.version === 'number'
    ? (value as PlatformService)
    : undefined;
}
