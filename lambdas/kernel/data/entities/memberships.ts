// Company memberships: one item per (company, user), so a company's members are one Query away, in
// e-mail order through the index. users_access.companies stays the authority; these items follow it in
// the same transactions.
import { Entity } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { portalTable } from '../table.js';

export const companyPartition = (slug: string) => `COMPANY#${slug}`;
/** The index partition of a company's members, sorted by e-mail. */
export const memberListPartition = (slug: string) => `MEMBERS#${slug}`;

const membershipSchema = item({
  slug: string().key(),
  uid: string().key(),
  email: string(),
  addedAt: number(),
});

export const membershipEntity = new Entity({
  name: 'membership',
  table: portalTable,
  timestamps: false,
  // Optional to read, as memberships written before the index keys lack them (docs/web.md, "Tables"); every
  // put computes them.
  schema: membershipSchema.and((_schema) => ({
    gsi1pk: string()
      .optional()
      .hidden()
      .link<typeof _schema>(({ slug }) => memberListPartition(slug)),
    gsi1sk: string()
      .optional()
      .hidden()
      .link<typeof _schema>(({ email }) => email),
  })),
  computeKey: ({ slug, uid }) => ({ pk: companyPartition(slug), sk: `MEMBER#${uid}` }),
});
