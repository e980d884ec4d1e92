// Creating a company record; an existing slug is never overwritten.
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { isConditionalCheckFailure } from '../data/conditional.js';
import { companyEntity, type CompanyFlag } from '../data/entities/companies.js';
import { AlreadyExistsError } from '../errors.js';

export async function createCompany(input: {
  slug: string;
  companyName: string;
  flags: readonly CompanyFlag[];
  createdBy: string;
}): Promise<void> {
  const flags = Object.fromEntries(input.flags.map((flag) => [flag, true])) as Partial<Record<CompanyFlag, boolean>>;
  try {
    await companyEntity
      .build(PutItemCommand)
      .item({ slug: input.slug, companyName: input.companyName, ...flags, updatedBy: input.createdBy })
      .options({ condition: { attr: 'slug', exists: false } })
      .send();
  } catch (error) {
    if (isConditionalCheckFailure(error)) throw new AlreadyExistsError(`A company with the slug "${input.slug}" already exists`);
    throw error;
  }
}
