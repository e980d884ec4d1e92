// Changing a user's access as one transaction: the access record (conditional on the version the editor
// saw, with _synced set so the user's token refreshes), the company memberships and member counts that
// follow it, and the event that records it. Either all of it lands or none of it.
import { $add, $set } from 'dynamodb-toolbox/entity/actions/update';
import { DeleteTransaction } from 'dynamodb-toolbox/entity/actions/transactDelete';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { execute } from 'dynamodb-toolbox/entity/actions/transactWrite';
import type { Caller, UserAccessRecord } from '../access/caller.js';
import { companyEntity } from '../data/entities/companies.js';
import { membershipEntity } from '../data/entities/memberships.js';
import { userAccessEntity, userEntity } from '../data/entities/users.js';
import { failedConditions } from '../data/transactions.js';
import { ConflictError, InvalidArgumentError } from '../errors.js';
import { eventWrite } from '../events/events.js';
import { userAccessSearchText } from '../search/row-search.js';
import type { AccessChange } from './access-policy.js';
import { loadUserRecords } from './user-records.js';
import { toUserRow } from './user-rows.js';

export interface AccessChangeOptions {
  /** End every session of the user (sets _revoked). */
  revoke?: boolean;
  eventType: string;
  summary: string;
  /** The company the change was made in (company administration), for the event. */
  company?: { slug: string };
}

/** Membership writes for companies added and removed, with the member counts kept in step. */
export function membershipWrites(
  user: { uid: string; email: string },
  added: readonly string[],
  removed: readonly string[],
  now: number,
) {
  return [
    ...added.flatMap((slug) => [
      membershipEntity.build(PutTransaction).item({ slug, uid: user.uid, email: user.email, addedAt: now }),
      companyEntity
        .build(UpdateTransaction)
        .item({ slug, memberCount: $add(1) })
        .options({ condition: { attr: 'slug', exists: true } }),
    ]),
    ...removed.flatMap((slug) => [
      membershipEntity.build(DeleteTransaction).key({ slug, uid: user.uid }),
      companyEntity
        .build(UpdateTransaction)
        .item({ slug, memberCount: $add(-1) })
        .options({ condition: { attr: 'slug', exists: true } }),
    ]),
  ];
}

/**
 * The access record's words on the profile item, which the platform users list filters on (row-search.ts),
 * written in the same transaction as the access record they come from. The profile must exist.
 */
export function accessSearchTextWrite(
  access: Pick<UserAccessRecord, 'uid' | 'claims' | 'companies' | 'servicesEnabled' | 'servicesManaged'>,
) {
  return userEntity
    .build(UpdateTransaction)
    .item({ uid: access.uid, accessSearchText: userAccessSearchText({ ...access, ...access.claims }) })
    .options({ condition: { attr: 'uid', exists: true } });
}

function accessView(access: Pick<UserAccessRecord, 'claims' | 'companies' | 'servicesEnabled' | 'servicesManaged'>) {
  return {
    userType: access.claims.userType,
    accessLevel: access.claims.accessLevel,
    companies: access.companies,
    servicesEnabled: access.servicesEnabled,
    servicesManaged: access.servicesManaged,
  };
}

export async function changeAccess(
  editor: Caller,
  current: UserAccessRecord,
  expectedVersion: number,
  change: AccessChange,
  options: AccessChangeOptions,
): Promise<UserAccessRecord> {
  const now = Date.now();
  const companies = change.companies ? [...new Set(change.companies)] : current.companies;
  const added = companies.filter((slug) => !current.companies.includes(slug));
  const removed = current.companies.filter((slug) => !companies.includes(slug));
  const next: UserAccessRecord = {
    ...current,
    claims: {
      ...current.claims,
      userType: change.userType ?? current.claims.userType,
      accessLevel: change.accessLevel ?? current.claims.accessLevel,
      _synced: now,
      ...(options.revoke ? { _revoked: now } : {}),
    },
    companies,
    servicesEnabled: change.servicesEnabled ? [...new Set(change.servicesEnabled)] : current.servicesEnabled,
    servicesManaged: change.servicesManaged ? [...new Set(change.servicesManaged)] : current.servicesManaged,
    version: expectedVersion + 1,
    updatedAt: now,
    updatedBy: editor.email,
  };
  const memberships = membershipWrites(current, added, removed, now);
  try {
    await execute(
      userAccessEntity
        .build(UpdateTransaction)
        .item({
          uid: current.uid,
          claims: next.claims,
          // $set replaces the lists (a plain array would update element by element).
          companies: $set(next.companies),
          servicesEnabled: $set(next.servicesEnabled),
          servicesManaged: $set(next.servicesManaged),
          version: next.version,
          updatedAt: now,
          updatedBy: editor.email,
        })
        .options({ condition: { attr: 'version', eq: expectedVersion } }),
      accessSearchTextWrite(next),
      ...memberships,
      eventWrite(
        editor,
        {
          type: options.eventType,
          summary: options.summary,
          subject: {
            user: { uid: current.uid, email: current.email },
            ...(options.company ? { company: options.company } : {}),
          },
          before: accessView(current),
          after: accessView(next),
        },
        now,
      ),
    );
  } catch (error) {
    const failed = failedConditions(error);
    if (!failed?.length) throw error;
    if (failed.includes(0) || failed.includes(1)) {
      const latest = await loadUserRecords(current.uid);
      throw new ConflictError('This user was changed by someone else; here is the current value.', {
        current: latest.access ? toUserRow(latest.access, latest.user) : undefined,
      });
    }
    throw new InvalidArgumentError(`companies: unknown company (${added.join(', ')})`);
  }
  return next;
}
