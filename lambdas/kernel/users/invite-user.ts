// Inviting a person to a company takes their consent and tells the inviter nothing about them. Whether the
// address has an account or not, the answer is the same and the same happens: a pending invitation is
// written (with the invitee's identity and empty records first, for someone new), a sign-in link and the
// event join it in one transaction with the administrator's and the company's invitation counts, and the
// mail says who invited them where. The person becomes a member only when they accept (invitations.ts).
import { BatchGetRequest } from 'dynamodb-toolbox/entity/actions/batchGet';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { execute } from 'dynamodb-toolbox/entity/actions/transactWrite';
import { BatchGetCommand, execute as executeBatchGet } from 'dynamodb-toolbox/table/actions/batchGet';
import type { Caller, CompanyRecord, UserAccessRecord } from '../access/caller.js';
import { membershipOf } from '../access/rules.js';
import { companyDenied } from '../companies/company-access.js';
import { readConfig } from '../config.js';
import { companyEntity } from '../data/entities/companies.js';
import { invitationEntity } from '../data/entities/invitations.js';
import { userAccessEntity } from '../data/entities/users.js';
import { portalTable } from '../data/table.js';
import { failedConditions, type TransactionWrite } from '../data/transactions.js';
import { AlreadyExistsError, ConflictError, PermissionDeniedError } from '../errors.js';
import { eventWrite } from '../events/events.js';
import { logger } from '../logger.js';
import { sendMail } from '../mail/mailer.js';
import { invitationMail } from '../sign-in/invitation-mail.js';
import { createLinkToken, hashLinkToken, keyFor, normaliseEmail, signInLinkUrl } from '../sign-in/link-token.js';
import { signInLinkWrites } from '../sign-in/sign-in-links.js';
import { signInSecret } from '../sign-in/sign-in-secret.js';
import { createUser } from './create-user.js';
import { plainNameOr } from './display-name.js';
import { findIdentity } from './identity-provider.js';
import { invitationCountWrites, invitationLimitError } from './invitation-limits.js';

export interface Invitation {
  slug: string;
  email: string;
  accessLevel: number;
  servicesEnabled: readonly string[];
  origin: string;
}

/** How long an invitation waits for its answer. */
export const invitationLifetimeDays = 14;

/** The company and, when the person has an identity already, their access record: one BatchGet. */
async function readInvitationRecords(
  slug: string,
  uid: string | undefined,
): Promise<{ company: CompanyRecord | undefined; access: UserAccessRecord | undefined }> {
  const command = portalTable
    .build(BatchGetCommand)
    .requests(
      companyEntity.build(BatchGetRequest).key({ slug }),
      ...(uid ? [userAccessEntity.build(BatchGetRequest).key({ uid })] : []),
    );
  const { Responses } = await executeBatchGet({ maxAttempts: 3 }, command);
  const [company, access] = (Responses?.[0] ?? []) as [CompanyRecord | undefined, UserAccessRecord | undefined];
  return { company: company ?? undefined, access: access ?? undefined };
}

/** The caller may administer the company at the invitation's level (checked before this). */
export async function inviteToCompany(
  inviter: Caller,
  invitation: Invitation,
  requestId: string,
): Promise<{ invited: true }> {
  const config = readConfig();
  const email = normaliseEmail(invitation.email);
  const { slug } = invitation;
  const { company, access: existing } = await readInvitationRecords(slug, await findIdentity(email));
  if (!company) throw new PermissionDeniedError(companyDenied);
  // A member is in the company's own list already: saying so tells the administrator nothing new.
  if (existing && membershipOf(existing, slug))
    throw new AlreadyExistsError(`email: ${email} is already a member of this company`);
  const token = createLinkToken();
  const emailKey = keyFor(await signInSecret(), 'email', email);
  const invitedByName = plainNameOr(inviter.user?.displayName, inviter.email);
  const writes = (uid: string, now: number): TransactionWrite[] => {
    const expiresAt = now + invitationLifetimeDays * 24 * 3600 * 1000;
    return [
      ...invitationCountWrites(inviter.uid, slug, now),
      // A second invitation to the same company replaces the first (a new level, a new expiry).
      invitationEntity.build(PutTransaction).item({
        uid,
        slug,
        companyName: company.companyName,
        email,
        accessLevel: invitation.accessLevel,
        servicesEnabled: [...new Set(invitation.servicesEnabled)],
        invitedBy: inviter.email,
        invitedByName,
        invitedAt: now,
        expiresAt,
        ttl: Math.ceil(expiresAt / 1000) + 24 * 3600,
      }),
      ...signInLinkWrites({
        emailKey,
        uid,
        tokenHash: hashLinkToken(token),
        now,
        lifetimeSeconds: config.SIGN_IN_LINK_TTL_SECONDS,
      }),
      eventWrite(
        inviter,
        {
          type: 'userInvited',
          summary: `Invited ${email} to ${company.companyName}`,
          subject: { user: { uid, email }, company: { slug, companyName: company.companyName } },
          after: { email, company: slug, accessLevel: invitation.accessLevel },
        },
        now,
      ),
    ];
  };
  const refuseOverLimit = (failed: number[], now: number) => {
    const limit = invitationLimitError(failed, now);
    if (limit) throw limit;
  };

  if (existing) {
    const now = Date.now();
    try {
      await execute(...writes(existing.uid, now));
    } catch (error) {
      const failed = failedConditions(error);
      if (!failed?.length) throw error;
      refuseOverLimit(failed, now);
      throw new ConflictError('This invitation could not be written; please try again.');
    }
  } else {
    // Someone new: their identity and empty records (no company until they accept), with the same writes.
    const { created } = await createUser(
      { email, userType: 'customer', accessLevel: 0, createdBy: inviter.email },
      (uid, _email, now) => writes(uid, now),
      refuseOverLimit,
    );
    // Their identity appeared after it was looked up (another invitation at the same moment): nothing was written.
    if (!created) throw new ConflictError('This person was invited at the same moment; please try again.');
  }

  try {
    await sendMail({
      kind: 'invitation',
      ...invitationMail({
        to: email,
        link: signInLinkUrl(invitation.origin, token),
        origin: invitation.origin,
        productName: config.PRODUCT_NAME,
        companyName: company.companyName,
        invitedBy: invitedByName,
        lifetimeMinutes: Math.round(config.SIGN_IN_LINK_TTL_SECONDS / 60),
        invitationDays: invitationLifetimeDays,
      }),
    });
  } catch (error) {
    // The invitation waits either way; they can ask for a link on the sign-in screen.
    logger.error('Invitation mail was not accepted by the mail provider', {
      requestId,
      errorName: (error as Error).name,
    });
  }
  return { invited: true };
}
