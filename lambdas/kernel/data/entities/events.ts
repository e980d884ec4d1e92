// Events: what a user did, listed newest first for that user (and, by the index, for everyone).
import { Entity } from 'dynamodb-toolbox/entity';
import { any } from 'dynamodb-toolbox/schema/any';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { eventSearchText } from '../../search/row-search.js';
import { portalTable } from '../table.js';

export const eventPartition = (uid: string) => `EVENTS#${uid}`;
export const allEventsPartition = 'EVENTS';
/** The sparse index partition of webhook events not yet fanned out (webhooks/webhook-fanout.ts). */
export const webhookOutboxPartition = 'WEBHOOK_OUTBOX';
/** Sort keys order by time; the id keeps two events of the same millisecond apart. */
export const eventSortKey = (createdAt: number, id: string) => `${String(createdAt).padStart(15, '0')}#${id}`;

const eventSchema = item({
  createdByUid: string().key(),
  createdAt: number().key(),
  id: string().key(),
  createdByEmail: string(),
  /** The actor's display name when the event was written. */
  createdByName: string().optional(),
  /** How the actor's sign-in was proved (link, code, passkey), when their token said: step-up actions always do. */
  signInProof: string().optional(),
  type: string(),
  summary: string(),
  /** What the event is about (EventSubject in kernel/events). */
  subject: any().optional(),
  before: any().optional(),
  after: any().optional(),
});

export const eventEntity = new Entity({
  name: 'event',
  table: portalTable,
  timestamps: false,
  schema: eventSchema.and((_schema) => ({
    gsi1pk: string().hidden().const(allEventsPartition),
    gsi1sk: string()
      .hidden()
      .link<typeof _schema>(({ createdAt, id }) => eventSortKey(createdAt, id)),
    /** What the events list's text filter matches (events are never changed after they are written). */
    searchText: string()
      .optional()
      .hidden()
      .link<typeof _schema>((event) => eventSearchText(event)),
    /**
     * A webhook event of a company with an enabled endpoint waits in the webhook outbox until the fan-out has queued
     * its deliveries; set by the write (kernel/events/events.ts), never for a company without one.
     */
    webhookOutbox: string().optional().hidden().savedAs('gsi2pk'),
    webhookOutboxKey: string().optional().hidden().savedAs('gsi2sk'),
  })),
  computeKey: ({ createdByUid, createdAt, id }) => ({
    pk: eventPartition(createdByUid),
    sk: eventSortKey(createdAt, id),
  }),
});
