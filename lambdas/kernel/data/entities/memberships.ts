// Company memberships: one item per (company, user), so a company's members are one Query away.
// users_access.companies stays the authority; these items follow it in the same transactions.
import { Entity } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { portalTable } from '../table.js';

export const companyPartition = (slug: string) => `COMPANY#${slug}`;

export const membershipEntity = new Entity({
  name: 'membership',
  table: portalTable,
  timestamps: false,
  schema: item({
    slug: string().key(),
    uid: string().key(),
    email: string(),
    addedAt: number(),
  }),
  computeKey: ({ slug, uid }) => ({ pk: companyPartition(slug), sk: `MEMBER#${uid}` }),
});
