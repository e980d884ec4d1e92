// Support messages from the contact dialog, kept before any mail is sent so a mail failure loses nothing.
import { Entity } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { portalTable } from '../table.js';

export const supportPartition = (uid: string) => `SUPPORT#${uid}`;

export const supportMessageEntity = new Entity({
  name: 'supportMessage',
  table: portalTable,
  timestamps: false,
  schema: item({
    createdByUid: string().key(),
    createdAt: number().key(),
    id: string().key(),
    message: string(),
    requestType: string(),
    createdByEmail: string(),
    /** pending until the provider's mail server took it; failed messages wait for an operator. */
    delivery: string().enum('pending', 'sent', 'failed'),
  }),
  // Per sender, by time: what a user sent (and what still waits for delivery) is one Query away.
  computeKey: ({ createdByUid, createdAt, id }) => ({
    pk: supportPartition(createdByUid),
    sk: `MESSAGE#${String(createdAt).padStart(15, '0')}#${id}`,
  }),
});
