// Invitations are mail sent to any address a company administrator types: without a limit they would be a
// spam channel. Each administrator may send at most 20 an hour and each company 100 a day, counted in fixed
// windows by conditional increments that join the invitation's own transaction (no request of their own).
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $add } from 'dynamodb-toolbox/entity/actions/update';
import { signInThrottleEntity } from '../data/entities/sign-in.js';
import { ResourceExhaustedError } from '../errors.js';

export const invitationLimits = {
  perAdministrator: { limit: 20, windowSeconds: 3600, what: 'You have sent 20 invitations this hour' },
  perCompany: { limit: 100, windowSeconds: 24 * 3600, what: 'This company has sent 100 invitations today' },
} as const;

type LimitName = keyof typeof invitationLimits;

function windowOf(name: LimitName, now: number) {
  const windowMs = invitationLimits[name].windowSeconds * 1000;
  const start = Math.floor(now / windowMs) * windowMs;
  return { start, end: start + windowMs };
}

function countWrite(name: LimitName, subjectKey: string, now: number) {
  const { start, end } = windowOf(name, now);
  return signInThrottleEntity
    .build(UpdateTransaction)
    .item({ subjectKey, windowStart: start, count: $add(1), ttl: Math.ceil(end / 1000) + 3600 })
    .options({
      condition: {
        or: [
          { attr: 'count', exists: false },
          { attr: 'count', lt: invitationLimits[name].limit },
        ],
      },
    });
}

/** The two counts an invitation moves, first in its transaction: [per administrator, per company]. */
export function invitationCountWrites(inviterUid: string, slug: string, now: number) {
  return [
    countWrite('perAdministrator', `invite-by#${inviterUid}`, now),
    countWrite('perCompany', `invite-to#${slug}`, now),
  ];
}

/** The refusal for the counts whose condition failed (indexes into `invitationCountWrites`), or undefined. */
export function invitationLimitError(failed: readonly number[], now: number): ResourceExhaustedError | undefined {
  const name: LimitName | undefined = failed.includes(0)
    ? 'perAdministrator'
    : failed.includes(1)
      ? 'perCompany'
      : undefined;
  if (!name) return undefined;
  const retryAfterSeconds = Math.max(1, Math.ceil((windowOf(name, now).end - now) / 1000));
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return new ResourceExhaustedError(
    `${invitationLimits[name].what}; try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    retryAfterSeconds,
  );
}
