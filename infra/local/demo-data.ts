// The demo accounts and companies of the local stack (listed in the README), seeded idempotently.
import type { ServiceName } from '../../lambdas/kernel/access/rules.js';
import type { NewUser } from '../../lambdas/kernel/users/create-user.js';
import { companyFlags, type CompanyFlag } from '../../lambdas/kernel/data/entities/companies.js';

export const demoUsers: Omit<NewUser, 'createdBy'>[] = [
  { email: 'admin@example.com', displayName: 'Ada Admin', userType: 'analyst', accessLevel: 9 },
  { email: 'analyst@example.com', displayName: 'Ana Analyst', userType: 'analyst', accessLevel: 7 },
  { email: 'junior@example.com', displayName: 'Jun Junior', userType: 'analyst', accessLevel: 5 },
  {
    email: 'manager@acme.example',
    displayName: 'Max Manager',
    userType: 'customer',
    accessLevel: 3,
    companies: ['acme'],
  },
  {
    email: 'viewer@acme.example',
    displayName: 'Vic Viewer',
    userType: 'customer',
    accessLevel: 1,
    companies: ['acme'],
    servicesEnabled: ['dast'],
  },
  {
    email: 'multi@example.com',
    displayName: 'Mia Multi',
    userType: 'customer',
    accessLevel: 2,
    companies: ['acme', 'globex'],
  },
];

/** Each demo company is created by a demo analyst (createdBy), so it shows on their Home as an event. */
export const demoCompanies: { slug: string; companyName: string; flags: CompanyFlag[]; createdBy: string }[] = [
  {
    slug: 'acme',
    companyName: 'Acme Corp',
    flags: [...companyFlags], // every service of spec section 3
    createdBy: 'admin@example.com',
  },
  {
    slug: 'globex',
    companyName: 'Globex',
    flags: ['enableViewResultsNetwork', 'enableViewCloudScanStats', 'enableViewCloudScanResults'],
    createdBy: 'analyst@example.com',
  },
];

/**
 * Invitations waiting for a demo account's answer, so a newcomer meets one on Home: Globex (its creator, Ana
 * Analyst) invites the Acme viewer at level 1 with network results.
 */
export const demoInvitations: {
  slug: string;
  email: string;
  accessLevel: number;
  servicesEnabled: ServiceName[];
  invitedBy: string;
}[] = [
  {
    slug: 'globex',
    email: 'viewer@acme.example',
    accessLevel: 1,
    servicesEnabled: ['network'],
    invitedBy: 'analyst@example.com',
  },
];
