// Creating a person is all or nothing: the Cognito identity and the records exist together or not at all.
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { execute } from 'dynamodb-toolbox/entity/actions/transactWrite';
import { isConditionalCheckFailure } from '../data/conditional.js';
import { userAccessEntity, userEntity } from '../data/entities/users.js';
import { normaliseEmail } from '../sign-in/link-token.js';
import { createIdentity, deleteIdentity } from './identity-provider.js';

export interface NewUser {
  email: string;
  displayName?: string;
  userType: string;
  accessLevel: number;
  companies?: string[];
  servicesEnabled?: string[];
  servicesManaged?: string[];
  createdBy: string;
}

/** Idempotent: an existing user keeps their records, which are not overwritten. */
export async function ensureUser(newUser: NewUser): Promise<{ uid: string; created: boolean }> {
  const email = normaliseEmail(newUser.email);
  const identity = await createIdentity(email);
  const notThereYet = { attr: 'uid', exists: false } as const;
  try {
    await execute(
      userEntity
        .build(PutTransaction)
        .item({ uid: identity.uid, email, displayName: newUser.displayName })
        .options({ condition: notThereYet }),
      userAccessEntity
        .build(PutTransaction)
        .item({
          uid: identity.uid,
          email,
          claims: { userType: newUser.userType, accessLevel: newUser.accessLevel },
          companies: newUser.companies ?? [],
          servicesEnabled: newUser.servicesEnabled ?? [],
          servicesManaged: newUser.servicesManaged ?? [],
          updatedBy: newUser.createdBy,
        })
        .options({ condition: notThereYet }),
    );
    return { uid: identity.uid, created: true };
  } catch (error) {
    if (isConditionalCheckFailure(error) && !identity.created) return { uid: identity.uid, created: false };
    if (identity.created) await deleteIdentity(email);
    throw error;
  }
}
