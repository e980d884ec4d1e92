// Recording what users do, and listing it back to them newest first.
import { randomUUID } from 'node:crypto';
import { PutCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import type { Caller } from '../access/caller.js';
import { documentClient } from '../data/client.js';
import {
  allEventsPartition,
  eventEntity,
  eventPartition,
  eventSortKey,
  webhookOutboxPartition,
} from '../data/entities/events.js';
import { webhookEventOf } from '../webhooks/finding-event-types.js';
import { listPartitionPage, type ListPartition } from '../data/list-query.js';
import { InvalidArgumentError } from '../errors.js';

/** What an event is about, by the names it had then, so Home can tell it in words and link to it. */
export interface EventSubject {
  user?: { uid: string; email: string };
  /** The name is left out where the call did not read the company. */
  company?: { slug: string; companyName?: string };
  service?: { name: string; displayName: string };
  template?: { templateId: string; title: string };
  finding?: { slug: string; service: string; findingId: string; title: string };
}

export interface EventInput {
  type: string;
  summary: string;
  subject?: EventSubject;
  before?: unknown;
  after?: unknown;
  /**
   * The company the event is about has an enabled webhook endpoint (webhooks/webhook-outbox.ts): a webhook event
   * (finding-event-types.ts) is then put in the webhook outbox with it. Without it, no event is.
   */
  webhookOutbox?: boolean;
}

/**
 * Who acts: the caller, whose display name (if they have one) is kept with the event, and how their sign-in was
 * proved (link, code or passkey) when the token said.
 */
export type EventActor = Pick<Caller, 'uid' | 'email'> &
  Partial<Pick<Caller, 'signInProof'>> & { user?: Pick<NonNullable<Caller['user']>, 'displayName'> };

/** The write of one event, to go in the same transaction as the change it records. */
export function eventWrite(actor: EventActor, event: EventInput, now = Date.now()) {
  const id = randomUUID();
  const outbox = event.webhookOutbox === true && webhookEventOf(event) !== undefined;
  return eventEntity.build(PutTransaction).item({
    createdByUid: actor.uid,
    createdByEmail: actor.email,
    createdByName: actor.user?.displayName?.trim() || undefined,
    signInProof: actor.signInProof,
    createdAt: now,
    id,
    type: event.type,
    summary: event.summary,
    subject: event.subject,
    before: event.before,
    after: event.after,
    ...(outbox ? { webhookOutbox: webhookOutboxPartition, webhookOutboxKey: eventSortKey(now, id) } : {}),
  });
}

/** The same write as an item of a raw lib-dynamodb transaction (TransactWriteCommand), beside other items. */
export function eventTransactItem(actor: EventActor, event: EventInput, now = Date.now()) {
  const { ToolboxItem: _item, ...write } = eventWrite(actor, event, now).params() as { ToolboxItem?: unknown };
  return write as NonNullable<TransactWriteCommandInput['TransactItems']>[number];
}

/**
 * Records one event on its own, for what has no other write to join (a refused attempt, where nothing else is
 * written; or a change made outside DynamoDB). One PutItem.
 */
export async function recordEvent(actor: EventActor, event: EventInput, now = Date.now()): Promise<void> {
  const { Put } = eventTransactItem(actor, event, now);
  if (Put) await documentClient.send(new PutCommand(Put as never));
}

/**
 * Runs a check of the input; when it refuses with INVALID_ARGUMENT, the refusal (`refused` names it, from the
 * error) is recorded as an event of the actor before the error is thrown again. Other errors pass unrecorded.
 */
export async function checkedOrAudited<T>(
  actor: EventActor,
  refused: (error: InvalidArgumentError) => EventInput,
  check: () => T | Promise<T>,
): Promise<T> {
  try {
    return await check();
  } catch (error) {
    if (error instanceof InvalidArgumentError) await recordEvent(actor, refused(error));
    throw error;
  }
}

export interface EventsPageRequest {
  cursor?: string;
  limit: number;
  /** Normalised (search-text.ts filterKey). */
  filter?: string;
  descending: boolean;
}

export function listEventsCreatedBy(uid: string, page: EventsPageRequest) {
  return listEventsPage({ partition: eventPartition(uid) }, page);
}

export function listAllEvents(page: EventsPageRequest) {
  return listEventsPage({ partition: allEventsPartition, index: 'gsi1' }, page);
}

async function listEventsPage(where: ListPartition, page: EventsPageRequest) {
  const { items, nextCursor } = await listPartitionPage(eventEntity, where, {
    cursor: page.cursor,
    limit: page.limit,
    descending: page.descending,
    ...(page.filter ? { filter: { text: page.filter, attributes: ['searchText'] } } : {}),
    // Nothing is read again afterwards: besides the caller's records, two Queries fit the budget.
    maxQueries: 2,
  });
  return {
    events: items.map(
      ({
        id,
        type,
        summary,
        createdAt,
        createdByUid,
        createdByEmail,
        createdByName,
        signInProof,
        subject,
        before,
        after,
      }) => ({
        id,
        type,
        summary,
        createdAt,
        createdByUid,
        createdByEmail,
        createdByName,
        signInProof,
        subject: subject as EventSubject | undefined,
        before,
        after,
      }),
    ),
    nextCursor,
  };
}
