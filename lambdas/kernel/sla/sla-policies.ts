// A company's SLA policy as its people use it: every member of the company (and analysts of level 7, who see
// every company) reads it; the company's administrators (level 3 there) and analysts of level 7 change it, on the
// version they read, with the change recorded as an event in the same write.
import type { Caller } from '../access/caller.js';
import { canAccessCompany } from '../access/rules.js';
import { getSlaPolicyRecord, putSlaPolicyRecord, type SlaPolicyRecord } from '../data/entities/sla-policies.js';
import { ConflictError, PermissionDeniedError } from '../errors.js';
import { eventTransactItem } from '../events/events.js';
import { slaSeverities, type SlaDays } from '../../contracts/sla.js';
import { queueSlaRedating } from './sla-redating.js';

/** A company's administrators: level 3 in that company, or analysts of level 7. */
export const slaPolicyEditorLevel = 3;

const noCompany = () => new PermissionDeniedError('You have no access to this company.');

export async function getSlaPolicyAs(caller: Caller, slug: string): Promise<SlaPolicyRecord> {
  if (!canAccessCompany(caller.access, slug)) throw noCompany();
  return getSlaPolicyRecord(slug);
}

const daysText = (days: SlaDays) => slaSeverities.map((severity) => `${severity} ${days[severity]}`).join(', ');

export async function updateSlaPolicyAs(
  caller: Caller,
  input: { slug: string; days: SlaDays; expectedVersion: number },
): Promise<SlaPolicyRecord> {
  if (!canAccessCompany(caller.access, input.slug)) throw noCompany();
  if (!canAccessCompany(caller.access, input.slug, slaPolicyEditorLevel)) {
    throw new PermissionDeniedError("Only the company's administrators change its SLA policy.");
  }
  const current = await getSlaPolicyRecord(input.slug);
  const changed = () =>
    new ConflictError(
      `Someone else changed this SLA policy (version ${current.version}, you edited version ${input.expectedVersion}); here is the current one.`,
      { current },
    );
  if (current.version !== input.expectedVersion) throw changed();
  const now = Date.now();
  const next: SlaPolicyRecord = {
    slug: input.slug,
    days: { ...input.days },
    version: current.version + 1,
    updatedAt: now,
    updatedBy: caller.email,
  };
  const event = eventTransactItem(
    caller,
    {
      type: 'slaPolicyChanged',
      summary: `Set the SLA policy of ${input.slug} to days to fix: ${daysText(next.days)} (was ${daysText(current.days)})`,
      subject: { company: { slug: input.slug } },
      before: current,
      after: next,
    },
    now,
  );
  if (!(await putSlaPolicyRecord(next, input.expectedVersion, [event]))) throw changed();
  // The findings' due dates follow in the background (sla-redating.ts), never at read time.
  await queueSlaRedating(input.slug, next.version);
  return next;
}
