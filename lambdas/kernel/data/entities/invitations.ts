// Invitations to a company that wait for their invitee's answer. They live in the invitee's partition, so
// they come with the caller's records (one Query), and are listed per company through the index, by e-mail.
import { Entity } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { list } from 'dynamodb-toolbox/schema/list';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { portalTable } from '../table.js';
import { userPartition } from './users.js';

/** The index partition of a company's pending invitations, sorted by e-mail. */
export const invitationListPartition = (slug: string) => `INVITES#${slug}`;

const invitationSchema = item({
  uid: string().key(),
  slug: string().key(),
  companyName: string(),
  email: string(),
  /** The level and services the invitee holds in the company once they accept. */
  accessLevel: number(),
  servicesEnabled: list(string()),
  invitedBy: string(),
  invitedByName: string().optional(),
  invitedAt: number(),
  /** An invitation not answered by then is void (checked in code; TTL removes it later). */
  expiresAt: number(),
  ttl: number(),
});

export const invitationEntity = new Entity({
  name: 'invitation',
  table: portalTable,
  timestamps: false,
  schema: invitationSchema.and((_schema) => ({
    gsi1pk: string()
      .hidden()
      .link<typeof _schema>(({ slug }) => invitationListPartition(slug)),
    gsi1sk: string()
      .hidden()
      .link<typeof _schema>(({ email }) => email),
  })),
  computeKey: ({ uid, slug }) => ({ pk: userPartition(uid), sk: `INVITATION#${slug}` }),
});
