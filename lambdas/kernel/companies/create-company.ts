// Creating a company record; an existing slug is never overwritten.
import { isConditionalCheckFailure } from '../data/conditional.js';
import type { CompanyFlag } from '../data/entities/companies.js';
import { portalData } from '../data/portal-data.js';
import { AlreadyExistsError } from '../errors.js';

export async function createCompany(input: {
  slug: string;
  companyName: string;
  flags: readonly CompanyFlag[];
  createdBy: string;
}): Promise<void> {
  const flags = Object.fromEntries(input.flags.map((flag) => [flag, true]));
  try {
    await portalData()
      .company.create({ slug: input.slug, companyName: input.companyName, ...flags, updatedBy: input.createdBy })
      .go({ response: 'none' });
  } catch (error) {
    if (isConditionalCheckFailure(error)) throw new AlreadyExistsError(`A company with the slug "${input.slug}" already exists`);
    throw error;
  }
}
