// The access rules of spec section 6, in one module: the server applies them as the authority and the
// web imports the same functions to decide which menus and pages to show. Pure functions, no imports
// beyond types, so the web's bundle carries only these few lines.
import type { AccessRule, CompanyRecord, Membership, UserAccessRecord } from './caller.js';

/** Spec section 9: admin 5; all-service view 2; analyst search above 5; all companies 7. */
export const thresholds = {
  admin: 5,
  allServicesView: 2,
  templateSearchAbove: 5,
  allCompanies: 7,
} as const;

export const services = ['projectmariana', 'password_cracking', 'dast', 'network', 'cloud'] as const;
export type ServiceName = (typeof services)[number];

/** The parts of users_access the rules read. */
export type AccessClaims = Pick<
  UserAccessRecord,
  'claims' | 'companies' | 'servicesEnabled' | 'servicesManaged' | 'memberships'
>;
type CompanyFlags = Omit<
  CompanyRecord,
  'slug' | 'companyName' | 'version' | 'updatedAt' | 'updatedBy' | 'memberCount' | 'webhookEndpointsOn'
>;

/** A check passes when the level is at least the given number. */
export function hasLevel(access: Pick<UserAccessRecord, 'claims'> | undefined, level: number): boolean {
  const accessLevel = access?.claims.accessLevel;
  return typeof accessLevel === 'number' && accessLevel >= level;
}

export function isAdmin(access: Pick<UserAccessRecord, 'claims'> | undefined): boolean {
  return hasLevel(access, thresholds.admin);
}

export function isAnalyst(access: Pick<UserAccessRecord, 'claims'> | undefined): boolean {
  return access?.claims.userType === 'analyst';
}

/** Analysts with level 7 or more see and may open every company. */
export function canListAllCompanies(access: Pick<UserAccessRecord, 'claims'> | undefined): boolean {
  return isAnalyst(access) && hasLevel(access, thresholds.allCompanies);
}

/** The remediation loop's queue across companies: analysts of level 7 and up, who may decide every request. */
export function canDecideEveryReview(access: Pick<UserAccessRecord, 'claims'> | undefined): boolean {
  return isAnalyst(access) && hasLevel(access, menuLevels.reviewRequests);
}

/** Finding-template search credentials: analysts above level 5. */
export function canSearchTemplates(access: Pick<UserAccessRecord, 'claims'> | undefined): boolean {
  return isAnalyst(access) && (access?.claims.accessLevel ?? 0) > thresholds.templateSearchAbove;
}

/**
 * A member's standing in one company, or undefined for a company they do not belong to. A record written
 * before memberships existed holds one level and one services list for all its companies: that is what
 * each of its memberships reads until the backfill writes them.
 */
export function membershipOf(
  access: Pick<AccessClaims, 'claims' | 'companies' | 'servicesEnabled' | 'memberships'> | undefined,
  companySlug: string,
): Membership | undefined {
  if (!access?.companies.includes(companySlug)) return undefined;
  return (
    access.memberships?.[companySlug] ?? {
      accessLevel: access.claims.accessLevel,
      servicesEnabled: access.servicesEnabled,
    }
  );
}

/**
 * The access record as it applies in one company: a customer holds a level and services per membership
 * (none in a company they do not belong to); an analyst keeps one platform level everywhere. Every rule
 * about a company reads this, never the record's own top-level numbers.
 */
export function accessIn<T extends AccessClaims>(access: T, companySlug: string): T;
export function accessIn<T extends AccessClaims>(access: T | undefined, companySlug: string): T | undefined;
export function accessIn<T extends AccessClaims>(access: T | undefined, companySlug: string): T | undefined {
  if (!access || isAnalyst(access)) return access;
  const membership = membershipOf(access, companySlug);
  return {
    ...access,
    claims: { ...access.claims, accessLevel: membership?.accessLevel ?? 0 },
    servicesEnabled: membership?.servicesEnabled ?? [],
  };
}

/** The caller's level in this company (an analyst's platform level; 0 where a customer is no member). */
export function levelIn(access: AccessClaims | undefined, companySlug: string): number {
  return accessIn(access, companySlug)?.claims.accessLevel ?? 0;
}

/**
 * Whether the caller may read or act on this company: a member, or an analyst who sees every company;
 * with `level`, only one who holds at least that level there.
 */
export function canAccessCompany(access: AccessClaims | undefined, companySlug: string, level = 0): boolean {
  if (!access) return false;
  if (!canListAllCompanies(access) && !access.companies.includes(companySlug)) return false;
  return level <= 0 || hasLevel(accessIn(access, companySlug), level);
}

/** The highest level of these memberships: a customer's level for calls that name no company. */
export function highestLevel(memberships: Record<string, Membership>): number {
  return Math.max(0, ...Object.values(memberships).map((membership) => membership.accessLevel));
}

/** The company flags that turn each service on (any one of them is enough). */
export const serviceFlags: Record<ServiceName, readonly (keyof CompanyFlags)[]> = {
  projectmariana: ['enableViewProjectMarianaResults', 'enableViewProjectMarianaStats'],
  dast: ['enableDast'],
  network: ['enableViewResultsNetwork'],
  cloud: ['enableViewCloudScanStats', 'enableViewCloudScanResults'],
  password_cracking: ['enableViewResultsPasswordCracking'],
};

function isServiceName(service: string): service is ServiceName {
  return (services as readonly string[]).includes(service);
}

/**
 * Service viewing: the company has the service's flag on AND the user has level 2 or more or lists the
 * service in servicesEnabled. 'dast-triggering' also needs enableDastTriggering. Unknown services and a
 * missing company record are denied.
 */
export function canViewService(
  company: CompanyFlags | undefined,
  access: AccessClaims | undefined,
  service: string,
): boolean {
  if (!company || !access) return false;
  const triggering = service === 'dast-triggering';
  const name = triggering ? 'dast' : service;
  if (!isServiceName(name)) return false;
  if (!serviceFlags[name].some((flag) => company[flag] === true)) return false;
  if (triggering && company.enableDastTriggering !== true) return false;
  return hasLevel(access, thresholds.allServicesView) || access.servicesEnabled.includes(name);
}

/** The separate check of spec 6: is the service in the user's servicesManaged list. */
export function managesService(access: AccessClaims | undefined, service: string): boolean {
  return access?.servicesManaged.includes(service) ?? false;
}

export interface AccessContext {
  access: AccessClaims | undefined;
  /** The selected company's record, if any. */
  company: CompanyFlags | undefined;
  /** Services the platform offers (all when not given); the others leave every menu and report. */
  offeredServices?: readonly string[];
}

/** Whether the platform offers the service (turned off services leave every menu and page). */
export function offered(context: AccessContext, service: string): boolean {
  return context.offeredServices?.includes(service) ?? true;
}

/**
 * Spec section 6's menu levels, named once: the rules below read them, and so do the words the web
 * shows when a page is refused (what the page needs), so the two cannot drift apart.
 */
export const menuLevels = {
  report: 1,
  templates: 7,
  analystSection: 5,
  analystServicePage: 7,
  reviewRequests: 7,
  vaultLinks: 5,
  agents: 7,
  locations: 7,
  administration: 3,
  createCompany: 7,
  manageCompanies: 7,
  platformUsers: 9,
  platformServices: 9,
  emailKeys: 9,
  threatFeeds: 9,
  manageUsers: 3,
  dastKeys: 3,
} as const;

/**
 * Spec section 6's menu table, one rule per entry. The web shows an entry (and lets its page open)
 * only when its rule passes; the calls behind each page apply the same rules on the server.
 */
export const menuRules = {
  /** Reports entries: level 1 plus the service enabled for the company, or an admin-type override. */
  report: (context: AccessContext, service: ServiceName) =>
    offered(context, service) &&
    ((hasLevel(context.access, menuLevels.report) && canViewService(context.company, context.access, service)) ||
      isAdmin(context.access)),
  reports: (context: AccessContext) => services.some((service) => menuRules.report(context, service)),
  templates: ({ access }: AccessContext) => hasLevel(access, menuLevels.templates),
  analystSection: ({ access }: AccessContext) => hasLevel(access, menuLevels.analystSection),
  /** Analyst service pages: 7; password cracking also for a user who manages that service. */
  analystServicePage: (context: AccessContext, service: ServiceName) =>
    offered(context, service) &&
    (hasLevel(context.access, menuLevels.analystServicePage) ||
      (service === 'password_cracking' && managesService(context.access, service))),
  /** The review requests of every company (the analysts who decide them; customers never). */
  reviewRequests: ({ access }: AccessContext) => canDecideEveryReview(access),
  vaultLinks: ({ access }: AccessContext) => hasLevel(access, menuLevels.vaultLinks),
  agents: ({ access }: AccessContext) => hasLevel(access, menuLevels.agents),
  locations: ({ access }: AccessContext) => hasLevel(access, menuLevels.locations),
  administration: ({ access }: AccessContext) => hasLevel(access, menuLevels.administration),
  createCompany: ({ access }: AccessContext) => hasLevel(access, menuLevels.createCompany),
  manageCompanies: ({ access }: AccessContext) => hasLevel(access, menuLevels.manageCompanies),
  platformUsers: ({ access }: AccessContext) => hasLevel(access, menuLevels.platformUsers),
  platformServices: ({ access }: AccessContext) => hasLevel(access, menuLevels.platformServices),
  emailKeys: ({ access }: AccessContext) => hasLevel(access, menuLevels.emailKeys),
  threatFeeds: ({ access }: AccessContext) => hasLevel(access, menuLevels.threatFeeds),
  manageUsers: ({ access }: AccessContext) => hasLevel(access, menuLevels.manageUsers),
  dastKeys: (context: AccessContext) =>
    offered(context, 'dast') &&
    hasLevel(context.access, menuLevels.dastKeys) &&
    context.company?.enableDastTriggering === true,
} as const;

export type MenuEntry = keyof typeof menuRules;

/**
 * Company selection (spec section 4): none available, none selected; one, that one; several, the
 * preferred one if available, else the first.
 */
export function selectCompany(available: readonly string[], defaultCompany: string | undefined): string | undefined {
  if (defaultCompany && available.includes(defaultCompany)) return defaultCompany;
  return available[0];
}

export const publicAccess = { kind: 'public', describe: 'anyone, signed in or not' } as const satisfies AccessRule;

/**
 * The calls of scanning agents: no user token (an agent has none), so the route has no JWT authorizer; the call
 * itself checks the agent's credential (or enrollment token) in its input before it reads or writes anything else.
 */
export const agentAccess = {
  kind: 'public',
  describe: 'scanning agents, by the credential (or enrollment token) in the input',
  agentCredential: true,
} as const satisfies AccessRule;

export const signedIn = {
  kind: 'signedIn',
  describe: 'any signed-in user',
  allows: () => true,
} as const satisfies AccessRule;

/** A call open to signed-in users of at least this level. */
export function levelAtLeast(level: number) {
  return {
    kind: 'signedIn',
    describe: `signed-in users with access level ${level} or more`,
    allows: (caller) => hasLevel(caller.access, level),
  } as const satisfies AccessRule;
}

/** The finding-template library (menu level 7): analysts only, whatever a customer's level. */
export function canUseTemplateLibrary(access: Pick<UserAccessRecord, 'claims'> | undefined): boolean {
  return isAnalyst(access) && hasLevel(access, menuLevels.templates);
}

/** The template library's calls. */
export const templateLibraryAccess = {
  kind: 'signedIn',
  describe: `analysts with access level ${menuLevels.templates} or more`,
  allows: (caller) => canUseTemplateLibrary(caller.access),
} as const satisfies AccessRule;

/** Search credentials for the template index (spec 6): analysts above level 5. */
export const templateSearchAccess = {
  kind: 'signedIn',
  describe: `analysts with access level above ${thresholds.templateSearchAbove}`,
  allows: (caller) => canSearchTemplates(caller.access),
} as const satisfies AccessRule;
