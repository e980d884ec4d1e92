// Seeds the demo data through the same domain functions the product uses (Cognito identity + records).
import { createCompanyAs } from '../../lambdas/kernel/companies/company-admin.js';
import { AlreadyExistsError } from '../../lambdas/kernel/errors.js';
import { ensureUser } from '../../lambdas/kernel/users/create-user.js';
import { demoCompanies, demoUsers } from './demo-data.js';

/** Seeded records say they were made by the seed, in updatedBy and in their events. */
const seeder = { uid: 'seed', email: 'seed' };

export async function seedDemoData(): Promise<void> {
  for (const company of demoCompanies) {
    try {
      const flags = Object.fromEntries(company.flags.map((flag) => [flag, true]));
      await createCompanyAs(seeder, { slug: company.slug, companyName: company.companyName, flags });
    } catch (error) {
      if (!(error instanceof AlreadyExistsError)) throw error;
    }
  }
  for (const user of demoUsers) {
    await ensureUser({ ...user, createdBy: 'seed' });
  }
}
