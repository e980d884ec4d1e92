// listEvents: the events the current user created, newest first, a page at a time.
import * as z from 'zod/mini';
import { pageCursor } from '../../contracts/scope.js';
import { listDescending, listFilter } from '../shared/schemas.js';

export const listEventsInput = z.strictObject({
  /** 'everyone' (level 9): every user's events, newest first. */
  scope: z.optional(z.enum(['mine', 'everyone'])),
  /** Only events whose type, summary or author holds this text. */
  filter: z.optional(listFilter),
  /** By time, newest first (the default), or oldest first when false. */
  descending: z.optional(listDescending),
  cursor: z.optional(pageCursor),
  limit: z.optional(z.int().check(z.minimum(1, 'limit must be 1 to 100'), z.maximum(100, 'limit must be 1 to 100'))),
});

export const eventRecord = z.object({
  id: z.string(),
  type: z.string(),
  summary: z.string(),
  createdAt: z.number(),
  createdByUid: z.string(),
  createdByEmail: z.string(),
  /** The actor's display name when the event was written; absent if they had none. */
  createdByName: z.optional(z.string()),
  /** How the actor's sign-in was proved (link, code, passkey), when their token said (step-up actions always). */
  signInProof: z.optional(z.string()),
  /** What the event is about: a user, a company, a service (events written before this field lack it). */
  subject: z.optional(
    z.object({
      user: z.optional(z.object({ uid: z.string(), email: z.string() })),
      company: z.optional(z.object({ slug: z.string(), companyName: z.optional(z.string()) })),
      service: z.optional(z.object({ name: z.string(), displayName: z.string() })),
      template: z.optional(z.object({ templateId: z.string(), title: z.string() })),
      finding: z.optional(
        z.object({ slug: z.string(), service: z.string(), findingId: z.string(), title: z.string() }),
      ),
    }),
  ),
  /** The record before and after the change, for changes of records. */
  before: z.optional(z.unknown()),
  after: z.optional(z.unknown()),
});

export const listEventsOutput = z.object({
  events: z.array(eventRecord),
  nextCursor: z.optional(z.string()),
});

export type EventRecordOutput = z.infer<typeof eventRecord>;
