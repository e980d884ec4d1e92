// Creating a person is all or nothing: the Cognito identity and the records (profile, access, company
// memberships with their counts, and whatever the caller adds, such as an invitation link and an event)
// exist together or not at all; if the records cannot be written, the new identity is deleted again.
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { execute } from 'dynamodb-toolbox/entity/actions/transactWrite';
import type { Membership } from '../access/caller.js';
import { highestLevel } from '../access/rules.js';
import { isConditionalCheckFailure } from '../data/conditional.js';
import { userAccessEntity, userEntity } from '../data/entities/users.js';
import { failedConditions, type TransactionWrite } from '../data/transactions.js';
import { InvalidArgumentError } from '../errors.js';
import { userAccessSearchText } from '../search/row-search.js';
import { normaliseEmail } from '../sign-in/link-token.js';
import { membershipWrites } from './access-changes.js';
import { createIdentity, deleteIdentity } from './identity-provider.js';

export interface NewUser {
  email: string;
  displayName?: string;
  userType: string;
  accessLevel: number;
  companies?: readonly string[];
  /** A customer's level and services per company; companies listed without one hold `accessLevel` and `servicesEnabled`. */
  memberships?: Readonly<Record<string, { accessLevel: number; servicesEnabled: readonly string[] }>>;
  servicesEnabled?: readonly string[];
  servicesManaged?: readonly string[];
  createdBy: string;
}

function recordWrites(uid: string, email: string, newUser: NewUser, now: number) {
  const notThereYet = { attr: 'uid', exists: false } as const;
  const companies = [...new Set([...(newUser.companies ?? []), ...Object.keys(newUser.memberships ?? {})])];
  const servicesEnabled = [...new Set(newUser.servicesEnabled ?? [])];
  const memberships: Record<string, Membership> = Object.fromEntries(
    companies.map((slug) => {
      const given = newUser.memberships?.[slug];
      return [
        slug,
        given
          ? { accessLevel: given.accessLevel, servicesEnabled: [...given.servicesEnabled] }
          : { accessLevel: newUser.accessLevel, servicesEnabled },
      ];
    }),
  );
  const customerWithCompanies = newUser.userType !== 'analyst' && companies.length > 0;
  const access = {
    claims: {
      userType: newUser.userType,
      accessLevel: customerWithCompanies ? highestLevel(memberships) : newUser.accessLevel,
    },
    companies,
    memberships,
    servicesEnabled,
    servicesManaged: [...new Set(newUser.servicesManaged ?? [])],
  };
  return [
    userEntity
      .build(PutTransaction)
      .item({
        uid,
        email,
        displayName: newUser.displayName,
        createdAt: now,
        accessSearchText: userAccessSearchText({ ...access, ...access.claims }),
      })
      .options({ condition: notThereYet }),
    userAccessEntity
      .build(PutTransaction)
      .item({ uid, email, ...access, updatedAt: now, updatedBy: newUser.createdBy })
      .options({ condition: notThereYet }),
    ...membershipWrites({ uid, email }, access.companies, [], now),
  ];
}

/**
 * Creates the identity and every record in one go. `extraWrites` join the same transaction.
 * Answers created: false, writing nothing, when the person already exists.
 */
export async function createUser(
  newUser: NewUser,
  extraWrites: (uid: string, email: string, now: number) => TransactionWrite[] = () => [],
  /** Told the indexes (within the extra writes) whose condition failed; throws the error to answer. */
  onExtraFailed?: (indexes: number[], now: number) => void,
): Promise<{ uid: string; created: boolean }> {
  const email = normaliseEmail(newUser.email);
  const identity = await createIdentity(email);
  if (!identity.created) return { uid: identity.uid, created: false };
  const now = Date.now();
  const records = recordWrites(identity.uid, email, newUser, now) as TransactionWrite[];
  try {
    await execute(...records.concat(extraWrites(identity.uid, email, now)));
    return { uid: identity.uid, created: true };
  } catch (error) {
    await deleteIdentity(email);
    const failed = failedConditions(error);
    const extraFailed = (failed ?? []).filter((index) => index >= records.length).map((i) => i - records.length);
    if (extraFailed.length > 0) onExtraFailed?.(extraFailed, now);
    if (failed?.some((index) => index >= 2)) {
      throw new InvalidArgumentError(`companies: unknown company (${(newUser.companies ?? []).join(', ')})`);
    }
    throw error;
  }
}

/** For seeding and the first administrator: idempotent; an existing user keeps their records. */
export async function ensureUser(newUser: NewUser): Promise<{ uid: string; created: boolean }> {
  const email = normaliseEmail(newUser.email);
  const identity = await createIdentity(email);
  try {
    await execute(...(recordWrites(identity.uid, email, newUser, Date.now()) as TransactionWrite[]));
    return { uid: identity.uid, created: true };
  } catch (error) {
    if (isConditionalCheckFailure(error) && !identity.created) return { uid: identity.uid, created: false };
    if (identity.created) await deleteIdentity(email);
    throw error;
  }
}
