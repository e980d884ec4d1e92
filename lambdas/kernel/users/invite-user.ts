// Inviting a person to a company: a new person gets a Cognito identity and every record at once; an
// existing one gets the company added to their access. Either way the same transaction writes the
// membership, the member count, a sign-in link and the event; then the invitation is mailed.
import { $add, $append } from 'dynamodb-toolbox/entity/actions/update';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { execute } from 'dynamodb-toolbox/entity/actions/transactWrite';
import type { Caller, CompanyRecord } from '../access/caller.js';
import { readConfig } from '../config.js';
import { userAccessEntity } from '../data/entities/users.js';
import { failedConditions } from '../data/transactions.js';
import { AlreadyExistsError, ConflictError } from '../errors.js';
import { eventWrite } from '../events/events.js';
import { logger } from '../logger.js';
import { sendMail } from '../mail/mailer.js';
import { invitationMail } from '../sign-in/invitation-mail.js';
import { createLinkToken, hashLinkToken, keyFor, normaliseEmail, signInLinkUrl } from '../sign-in/link-token.js';
import { signInLinkWrites } from '../sign-in/sign-in-links.js';
import { signInSecret } from '../sign-in/sign-in-secret.js';
import { membershipWrites } from './access-changes.js';
import { createUser, type Write } from './create-user.js';

export interface Invitation {
  company: CompanyRecord;
  email: string;
  accessLevel: number;
  servicesEnabled: readonly string[];
  origin: string;
}

export async function inviteToCompany(inviter: Caller, invitation: Invitation, requestId: string) {
  const config = readConfig();
  const email = normaliseEmail(invitation.email);
  const token = createLinkToken();
  const emailKey = keyFor(await signInSecret(), 'email', email);
  const slug = invitation.company.slug;
  const summary = `Invited ${email} to ${invitation.company.companyName}`;
  const linkAndEvent = (uid: string, now: number): Write[] => [
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
        summary,
        subject: { user: { uid, email }, company: { slug, companyName: invitation.company.companyName } },
        after: { email, company: slug, accessLevel: invitation.accessLevel },
      },
      now,
    ),
  ];

  const { uid, created } = await createUser(
    {
      email,
      userType: 'customer',
      accessLevel: invitation.accessLevel,
      companies: [slug],
      servicesEnabled: invitation.servicesEnabled,
      createdBy: inviter.email,
    },
    (newUid, _email, now) => linkAndEvent(newUid, now),
  );

  if (!created) {
    // They have an account: add the company to it, keeping their level and services.
    const now = Date.now();
    try {
      await execute(
        userAccessEntity
          .build(UpdateTransaction)
          .item({
            uid,
            companies: $append([slug]),
            version: $add(1),
            claims: { _synced: now },
            updatedAt: now,
            updatedBy: inviter.email,
          })
          .options({
            condition: { and: [{ attr: 'uid', exists: true }, { not: { attr: 'companies', contains: slug } }] },
          }),
        ...membershipWrites({ uid, email }, [slug], [], now),
        ...linkAndEvent(uid, now),
      );
    } catch (error) {
      const failed = failedConditions(error);
      if (failed?.includes(0)) throw new AlreadyExistsError(`email: ${email} is already a member of this company`);
      if (failed?.length) throw new ConflictError('The company changed while inviting; please try again.');
      throw error;
    }
  }

  try {
    await sendMail(
      invitationMail({
        to: email,
        link: signInLinkUrl(invitation.origin, token),
        origin: invitation.origin,
        productName: config.PRODUCT_NAME,
        companyName: invitation.company.companyName,
        invitedBy: inviter.user?.displayName ?? inviter.email,
        lifetimeMinutes: Math.round(config.SIGN_IN_LINK_TTL_SECONDS / 60),
      }),
    );
  } catch (error) {
    // The person exists either way; they can ask for a link on the sign-in screen.
    logger.error('Invitation mail was not accepted by the mail provider', {
      requestId,
      errorName: (error as Error).name,
    });
  }
  return { uid, created };
}
