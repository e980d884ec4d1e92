// Recording what users do, and listing it back to them newest first.
import { randomUUID } from 'node:crypto';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import type { Caller } from '../access/caller.js';
import { decodeCursor, encodeCursor } from '../data/cursor.js';
import { allEventsPartition, eventEntity, eventPartition } from '../data/entities/events.js';
import { portalTable } from '../data/table.js';

/** What an event is about, by the names it had then, so Home can tell it in words and link to it. */
export interface EventSubject {
  user?: { uid: string; email: string };
  /** The name is left out where the call did not read the company. */
  company?: { slug: string; companyName?: string };
  service?: { name: string; displayName: string };
}

export interface EventInput {
  type: string;
  summary: string;
  subject?: EventSubject;
  before?: unknown;
  after?: unknown;
}

/** Who acts: the caller, whose display name (if they have one) is kept with the event. */
export type EventActor = Pick<Caller, 'uid' | 'email'> & { user?: Pick<NonNullable<Caller['user']>, 'displayName'> };

/** The write of one event, to go in the same transaction as the change it records. */
export function eventWrite(actor: EventActor, event: EventInput, now = Date.now()) {
  return eventEntity.build(PutTransaction).item({
    createdByUid: actor.uid,
    createdByEmail: actor.email,
    createdByName: actor.user?.displayName?.trim() || undefined,
    createdAt: now,
    id: randomUUID(),
    type: event.type,
    summary: event.summary,
    subject: event.subject,
    before: event.before,
    after: event.after,
  });
}

export function listEventsCreatedBy(uid: string, page: { cursor?: string; limit: number }) {
  return listEventsPage({ attribute: 'pk', value: eventPartition(uid) }, page);
}

export function listAllEvents(page: { cursor?: string; limit: number }) {
  return listEventsPage({ attribute: 'gsi1pk', value: allEventsPartition, index: 'gsi1' }, page);
}

async function listEventsPage(
  where: { attribute: 'pk' | 'gsi1pk'; value: string; index?: 'gsi1' },
  page: { cursor?: string; limit: number },
) {
  const { Items = [], LastEvaluatedKey } = await portalTable
    .build(QueryCommand)
    .entities(eventEntity)
    .query({ partition: where.value, ...(where.index ? { index: where.index } : {}) })
    .options({
      reverse: true,
      limit: page.limit,
      exclusiveStartKey: decodeCursor(page.cursor, { attribute: where.attribute, value: where.value }),
    })
    .send();
  return {
    events: Items.map(
      ({ id, type, summary, createdAt, createdByUid, createdByEmail, createdByName, subject, before, after }) => ({
        id,
        type,
        summary,
        createdAt,
        createdByUid,
        createdByEmail,
        createdByName,
        subject: subject as EventSubject | undefined,
        before,
        after,
      }),
    ),
    nextCursor: encodeCursor(LastEvaluatedKey as Record<string, string | number> | undefined),
  };
}
