// Changing a user's access as one transaction: the access record (conditional on the version the editor
// saw, with _synced set so the user's token refreshes), the company memberships and member counts that
// follow it, and the event that records it. Either all of it lands or none of it.
import { $add, $set } from 'dynamodb-toolbox/entity/actions/update';
import { DeleteTransaction } from 'dynamodb-toolbox/entity/actions/transactDelete';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { execute } from 'dynamodb-toolbox/entity/actions/transactWrite';
import type { Caller, Membership, UserAccessRecord } from '../access/caller.js';
import { highestLevel, membershipOf } from '../access/rules.js';
import { companyEntity } from '../data/entities/companies.js';
import { membershipEntity } from '../data/entities/memberships.js';
import { userAccessEntity, userEntity } from '../data/entities/users.js';
import { failedConditions, type TransactionWrite } from '../data/transactions.js';
import { ConflictError, InvalidArgumentError } from '../errors.js';
import { eventWrite } from '../events/events.js';
import { userAccessSearchText } from '../search/row-search.js';
import type { AccessChange } from './access-policy.js';
import { loadUserRecords } from './user-records.js';
import { toMemberRow, toUserRow } from './user-rows.js';

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

function accessView(
  access: Pick<UserAccessRecord, 'claims' | 'companies' | 'servicesEnabled' | 'servicesManaged' | 'memberships'>,
) {
  return {
    userType: access.claims.userType,
    accessLevel: access.claims.accessLevel,
    companies: access.companies,
    memberships: membershipsOf(access),
    servicesEnabled: access.servicesEnabled,
    servicesManaged: access.servicesManaged,
  };
}

/** Every membership of the record, written out (a record from before memberships reads as rules.ts says). */
export function membershipsOf(
  access: Pick<UserAccessRecord, 'claims' | 'companies' | 'servicesEnabled' | 'memberships'>,
): Record<string, Membership> {
  return Object.fromEntries(access.companies.map((slug) => [slug, membershipOf(access, slug) as Membership]));
}

/**
 * A platform administrator's change of the whole record. For a customer, a level or services given apply to
 * every membership (the platform's administrators rule over every company); companies added join at them.
 */
function platformChange(current: UserAccessRecord, change: AccessChange): AccessDraft {
  const companies = change.companies ? [...new Set(change.companies)] : current.companies;
  const existing = membershipsOf(current);
  const servicesEnabled = change.servicesEnabled ? [...new Set(change.servicesEnabled)] : current.servicesEnabled;
  const memberships = Object.fromEntries(
    companies.map((slug) => {
      const membership = existing[slug] ?? {
        accessLevel: change.accessLevel ?? current.claims.accessLevel,
        servicesEnabled,
      };
      return [
        slug,
        {
          accessLevel: change.accessLevel ?? membership.accessLevel,
          servicesEnabled: change.servicesEnabled ? servicesEnabled : membership.servicesEnabled,
        },
      ];
    }),
  );
  return {
    userType: change.userType ?? current.claims.userType,
    accessLevel: change.accessLevel ?? current.claims.accessLevel,
    memberships,
    servicesEnabled,
    servicesManaged: change.servicesManaged ? [...new Set(change.servicesManaged)] : current.servicesManaged,
  };
}

/** A company administrator's change: this company's membership only; every other membership stays as it is. */
export function membershipChange(
  current: UserAccessRecord,
  slug: string,
  change: Partial<Membership> | 'remove',
): AccessDraft {
  const memberships = membershipsOf(current);
  if (change === 'remove') delete memberships[slug];
  else {
    const membership = memberships[slug] ?? { accessLevel: 0, servicesEnabled: [] };
    memberships[slug] = {
      accessLevel: change.accessLevel ?? membership.accessLevel,
      servicesEnabled: change.servicesEnabled ? [...new Set(change.servicesEnabled)] : membership.servicesEnabled,
    };
  }
  return {
    userType: current.claims.userType,
    accessLevel: current.claims.accessLevel,
    memberships,
    servicesEnabled: current.servicesEnabled,
    servicesManaged: current.servicesManaged,
  };
}

/** What a change makes of the record, before the derived fields (companies, a customer's highest level). */
export interface AccessDraft {
  userType: string;
  accessLevel: number;
  memberships: Record<string, Membership>;
  servicesEnabled: string[];
  servicesManaged: string[];
}

/**
 * The record a draft makes: companies in the order they were joined (new ones last), and a customer's level
 * for calls that name no company: their highest membership level (their own level while they have none).
 */
export function nextAccessRecord(
  current: UserAccessRecord,
  draft: AccessDraft,
  editor: { email: string },
  expectedVersion: number,
  now: number,
  revoke = false,
): UserAccessRecord {
  const slugs = Object.keys(draft.memberships);
  const companies = [
    ...current.companies.filter((slug) => slugs.includes(slug)),
    ...slugs.filter((slug) => !current.companies.includes(slug)),
  ];
  const accessLevel =
    draft.userType !== 'analyst' && companies.length > 0 ? highestLevel(draft.memberships) : draft.accessLevel;
  return {
    ...current,
    claims: {
      ...current.claims,
      userType: draft.userType,
      accessLevel,
      _synced: now,
      ...(revoke ? { _revoked: now } : {}),
    },
    companies,
    memberships: draft.memberships,
    servicesEnabled: draft.servicesEnabled,
    servicesManaged: draft.servicesManaged,
    version: expectedVersion + 1,
    updatedAt: now,
    updatedBy: editor.email,
  };
}

/** The platform administrators' change (updateUserAccess). */
export function changeAccess(
  editor: Caller,
  current: UserAccessRecord,
  expectedVersion: number,
  change: AccessChange,
  options: AccessChangeOptions,
): Promise<UserAccessRecord> {
  return writeAccess(editor, current, expectedVersion, platformChange(current, change), options);
}

/** The write of an access change, its memberships, the words the users list searches and the event: one transaction. */
export async function writeAccess(
  editor: Caller,
  current: UserAccessRecord,
  expectedVersion: number,
  draft: AccessDraft,
  options: AccessChangeOptions & {
    /** Writes that join the transaction (after the access record, its search words and memberships). */
    extraWrites?: TransactionWrite[];
    /** Told the indexes (within extraWrites) whose condition failed; throws the error to answer. */
    onExtraFailed?: (indexes: number[]) => void;
  },
): Promise<UserAccessRecord> {
  const now = Date.now();
  const next = nextAccessRecord(current, draft, editor, expectedVersion, now, options.revoke);
  const added = next.companies.filter((slug) => !current.companies.includes(slug));
  const removed = current.companies.filter((slug) => !next.companies.includes(slug));
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
          memberships: $set(next.memberships ?? {}),
          servicesEnabled: $set(next.servicesEnabled),
          servicesManaged: $set(next.servicesManaged),
          version: next.version,
          updatedAt: now,
          updatedBy: editor.email,
        })
        .options({ condition: { attr: 'version', eq: expectedVersion } }),
      accessSearchTextWrite(next),
      ...memberships,
      ...(options.extraWrites ?? []),
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
        // A company's administrator sees the member as the company holds them, nothing of their other companies.
        current: latest.access
          ? options.company
            ? toMemberRow(latest.access, latest.user, options.company.slug)
            : toUserRow(latest.access, latest.user)
          : undefined,
      });
    }
    const extraFrom = 2 + memberships.length;
    const extraFailed = failed.filter((index) => index >= extraFrom).map((index) => index - extraFrom);
    if (extraFailed.length > 0 && options.onExtraFailed) options.onExtraFailed(extraFailed);
    throw new InvalidArgumentError(`companies: unknown company (${added.join(', ')})`);
  }
  return next;
}
