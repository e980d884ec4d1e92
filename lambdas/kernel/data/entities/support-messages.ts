// Support messages from the contact dialog, kept before any mail is sent so a mail failure loses nothing.
import { Entity } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { portalTable } from '../table.js';

export const supportMessageEntity = new Entity({
  name: 'supportMessage',
  table: portalTable,
  timestamps: false,
  schema: item({
    id: string().key(),
    message: string(),
    requestType: string(),
    createdAt: number(),
    createdByUid: string(),
    createdByEmail: string(),
    /** pending until the provider's mail server took it; failed messages wait for an operator. */
    delivery: string().enum('pending', 'sent', 'failed'),
  }),
  computeKey: ({ id }) => ({ pk: `SUPPORT#${id}`, sk: 'MESSAGE' }),
});
