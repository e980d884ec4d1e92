// The demo accounts and companies of the local stack (listed in the README), seeded idempotently.
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

export const demoCompanies: { slug: string; companyName: string; flags: CompanyFlag[] }[] = [
  {
    slug: 'acme',
    companyName: 'Acme Corp',
    flags: [...companyFlags], // every service of spec section 3
  },
  {
    slug: 'globex',
    companyName: 'Globex',
    flags: ['enableViewResultsNetwork', 'enableViewCloudScanStats', 'enableViewCloudScanResults'],
  },
];
