// Readable names for the services and the eight company flags of spec 3, and the services a company
// has on, derived with the rules module's own serviceFlags (never a copy of the rule).
import { serviceFlags, services, type ServiceName } from '../../../../lambdas/kernel/access/rules';
import { serviceLabel, serviceLabels } from '../../../../lambdas/kernel/search/labels';
import type { SessionCompanyDoc } from '../session/session-context';

// The labels live with the search rules (the lists' filter matches what the cells say).
export { serviceLabels };

export type CompanyFlag = keyof Omit<
  SessionCompanyDoc,
  'slug' | 'companyName' | 'memberCount' | 'version' | 'updatedAt' | 'updatedBy'
>;
export type CompanyFlags = Record<CompanyFlag, boolean>;

/** The flags in the order they are shown, grouped by the service they turn on. */
export const companyFlagGroups: readonly {
  service: ServiceName;
  flags: readonly { flag: CompanyFlag; label: string; description: string }[];
}[] = [
  {
    service: 'projectmariana',
    flags: [
      {
        flag: 'enableViewProjectMarianaResults',
        label: 'ProjectMariana results',
        description: 'Members may view ProjectMariana results.',
      },
      {
        flag: 'enableViewProjectMarianaStats',
        label: 'ProjectMariana statistics',
        description: 'Members may view ProjectMariana statistics.',
      },
    ],
  },
  {
    service: 'dast',
    flags: [
      { flag: 'enableDast', label: 'DAST', description: 'Members may view DAST results.' },
      {
        flag: 'enableDastTriggering',
        label: 'DAST triggering',
        description: 'Managers may start DAST scans and keep DAST keys.',
      },
    ],
  },
  {
    service: 'network',
    flags: [
      {
        flag: 'enableViewResultsNetwork',
        label: 'Network scanning results',
        description: 'Members may view network scanning results.',
      },
    ],
  },
  {
    service: 'cloud',
    flags: [
      {
        flag: 'enableViewCloudScanStats',
        label: 'Cloud scanning statistics',
        description: 'Members may view cloud scanning statistics.',
      },
      {
        flag: 'enableViewCloudScanResults',
        label: 'Cloud scanning results',
        description: 'Members may view cloud scanning results.',
      },
    ],
  },
  {
    service: 'password_cracking',
    flags: [
      {
        flag: 'enableViewResultsPasswordCracking',
        label: 'Password cracking results',
        description: 'Members may view password cracking results.',
      },
    ],
  },
];

export const companyFlagNames: readonly CompanyFlag[] = companyFlagGroups.flatMap((group) =>
  group.flags.map(({ flag }) => flag),
);

export const noFlags: CompanyFlags = Object.fromEntries(companyFlagNames.map((flag) => [flag, false])) as CompanyFlags;

export function flagsOf(company: Partial<CompanyFlags>): CompanyFlags {
  return Object.fromEntries(companyFlagNames.map((flag) => [flag, company[flag] === true])) as CompanyFlags;
}

export function flagLabel(flag: CompanyFlag): string {
  return companyFlagGroups.flatMap((group) => group.flags).find((entry) => entry.flag === flag)?.label ?? flag;
}

/** The services a company has on: any one of a service's flags turns it on (spec 6). */
export function enabledServicesOf(company: Partial<CompanyFlags>): ServiceName[] {
  const flags: Partial<Record<string, unknown>> = company;
  return services.filter((service) => serviceFlags[service].some((flag) => flags[flag] === true));
}

export function serviceListText(names: readonly string[]): string {
  if (names.length === 0) return 'None';
  return names.map(serviceLabel).join(', ');
}

export const serviceOptions = services.map((service) => ({ value: service, label: serviceLabels[service] }));

/** The known service names of a list (a record may hold names from an older catalogue). */
export function asServiceNames(names: readonly string[]): ServiceName[] {
  return services.filter((service) => names.includes(service));
}
