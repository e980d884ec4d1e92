// Seeds the demo data through the same domain functions the product uses (Cognito identity + records).
import { createCompany } from '../../lambdas/kernel/companies/create-company.js';
import { AlreadyExistsError } from '../../lambdas/kernel/errors.js';
import { ensureUser } from '../../lambdas/kernel/users/create-user.js';
import { demoCompanies, demoUsers } from './demo-data.js';

export async function seedDemoData(): Promise<void> {
  for (const company of demoCompanies) {
    try {
      await createCompany({ ...company, createdBy: 'seed' });
    } catch (error) {
      if (!(error instanceof AlreadyExistsError)) throw error;
    }
  }
  for (const user of demoUsers) {
    await ensureUser({ ...user, createdBy: 'seed' });
  }
}
