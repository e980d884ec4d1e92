// What each list's text filter matches: the fields its table shows, as they are shown (labels, not
// codes). Times and counts are left out: "3 minutes ago" changes as it is read. Where a list filters on
// the server, the text is stored on the item its Query reads (see docs/web.md, "Tables"); the web matches
// loaded rows with the same functions.
import { serviceFlags, services } from '../access/rules.js';
import { levelLabel, serviceLabel, userTypeLabel } from './labels.js';
import { matchesFilter, searchText } from './search-text.js';

export interface UserProfileFields {
  email: string;
  displayName?: string;
}

export interface UserAccessFields {
  userType: string;
  accessLevel: number;
  companies: readonly string[];
  servicesEnabled: readonly string[];
  servicesManaged: readonly string[];
}

/** Platform users, from the profile: e-mail and name (stored on the profile item by profile writes). */
export function userProfileSearchText(user: UserProfileFields): string {
  return searchText([user.email, user.displayName]);
}

/** Platform users, from the access record: type, level, companies and services (stored on the profile item by access writes). */
export function userAccessSearchText(access: UserAccessFields): string {
  return searchText([
    userTypeLabel(access.userType),
    levelLabel(access.accessLevel),
    ...access.companies,
    ...access.servicesEnabled.map(serviceLabel),
    ...access.servicesManaged.map(serviceLabel),
  ]);
}

export function userRowMatches(row: UserProfileFields & UserAccessFields, filter: string): boolean {
  return matchesFilter(userProfileSearchText(row), filter) || matchesFilter(userAccessSearchText(row), filter);
}

/** A company's members, as Manage users shows them: e-mail, name, level and enabled services. */
export function memberSearchText(
  row: UserProfileFields & Pick<UserAccessFields, 'servicesEnabled'> & { accessLevel?: number; userType?: string },
) {
  return searchText([
    row.email,
    row.displayName,
    row.accessLevel === undefined ? userTypeLabel(row.userType ?? 'analyst') : levelLabel(row.accessLevel),
    ...row.servicesEnabled.map(serviceLabel),
  ]);
}

export interface CompanyFields {
  slug: string;
  companyName: string;
  updatedBy?: string;
}

/** Companies: name, slug, the services its flags turn on, and who changed it last. */
export function companySearchText(company: CompanyFields): string {
  const flags = company as CompanyFields & Partial<Record<string, unknown>>;
  const enabled = services.filter((service) => serviceFlags[service].some((flag) => flags[flag] === true));
  return searchText([company.companyName, company.slug, ...enabled.map(serviceLabel), company.updatedBy]);
}

export interface EventFields {
  type: string;
  summary: string;
  createdByEmail: string;
  createdByName?: string;
  /** EventSubject of kernel/events: the names the sentence on Home shows. */
  subject?: unknown;
}

/** Events: what happened (type and summary), who did it, and the names of what it is about. */
export function eventSearchText(event: EventFields): string {
  const subject = (event.subject ?? {}) as {
    user?: { email?: string };
    company?: { slug?: string; companyName?: string };
    service?: { displayName?: string };
    template?: { title?: string };
  };
  return searchText([
    event.type,
    event.summary,
    event.createdByEmail,
    event.createdByName,
    subject.user?.email,
    subject.company?.companyName,
    subject.company?.slug,
    subject.service?.displayName,
    subject.template?.title,
  ]);
}

export interface PlatformServiceFields {
  name: string;
  displayName: string;
  description: string;
  offered: boolean;
  updatedBy?: string;
}

/** Platform services (filtered in the browser: the catalogue is small and read whole). */
export function platformServiceSearchText(service: PlatformServiceFields): string {
  return searchText([
    service.displayName,
    service.name,
    service.description,
    service.offered ? 'Offered' : 'Not offered',
    service.updatedBy,
  ]);
}
