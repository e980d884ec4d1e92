// Inviting a person to a company: a new person gets a Cognito identity and every record at once; an
// existing one gets the company added to their access (conditional on the version read, so the words the
// platform users list searches are rebuilt from the whole record). Either way the same transaction writes
// the membership, the member count, a sign-in link and the event; then the invitation is mailed. The
// company and an existing person's records are read together: one BatchGet.
import { BatchGetRequest } from 'dynamodb-toolbox/entity/actions/batchGet';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { execute } from 'dynamodb-toolbox/entity/actions/transactWrite';
import { $set } from 'dynamodb-toolbox/entity/actions/update';
import { BatchGetCommand, execute as executeBatchGet } from 'dynamodb-toolbox/table/actions/batchGet';
import type { Caller, CompanyRecord, UserAccessRecord } from '../access/caller.js';
import { companyDenied } from '../companies/company-access.js';
import { readConfig } from '../config.js';
import { companyEntity } from '../data/entities/companies.js';
import { userAccessEntity } from '../data/entities/users.js';
import { portalTable } from '../data/table.js';
import { failedConditions } from '../data/transactions.js';
import { AlreadyExistsError, ConflictError, PermissionDeniedError } from '../errors.js';
import { eventWrite } from '../events/events.js';
import { logger } from '../logger.js';
import { sendMail } from '../mail/mailer.js';
import { invitationMail } from '../sign-in/invitation-mail.js';
import { createLinkToken, hashLinkToken, keyFor, normaliseEmail, signInLinkUrl } from '../sign-in/link-token.js';
import { signInLinkWrites } from '../sign-in/sign-in-links.js';
import { signInSecret } from '../sign-in/sign-in-secret.js';
import { accessSearchTextWrite, membershipWrites } from './access-changes.js';
import { createUser, type Write } from './create-user.js';
import { findIdentity } from './identity-provider.js';

export interface Invitation {
  slug: string;
  email: string;
  accessLevel: number;
  servicesEnabled: readonly string[];
  origin: string;
}

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

/** The caller may administer the company (rules.ts canAccessCompany), checked before this. */
export async function inviteToCompany(inviter: Caller, invitation: Invitation, requestId: string) {
  const config = readConfig();
  const email = normaliseEmail(invitation.email);
  const { slug } = invitation;
  const { company, access: existing } = await readInvitationRecords(slug, await findIdentity(email));
  if (!company) throw new PermissionDeniedError(companyDenied);
  if (existing?.companies.includes(slug))
    throw new AlreadyExistsError(`email: ${email} is already a member of this company`);
  const token = createLinkToken();
  const emailKey = keyFor(await signInSecret(), 'email', email);
  const summary = `Invited ${email} to ${company.companyName}`;
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
        subject: { user: { uid, email }, company: { slug, companyName: company.companyName } },
        after: { email, company: slug, accessLevel: invitation.accessLevel },
      },
      now,
    ),
  ];

  async function addCompanyToExisting(existing: UserAccessRecord) {
    // They have an account: add the company to it, keeping their level and services.
    const now = Date.now();
    const next = { ...existing, companies: [...existing.companies, slug], version: existing.version + 1 };
    try {
      await execute(
        userAccessEntity
          .build(UpdateTransaction)
          .item({
            uid: existing.uid,
            companies: $set(next.companies),
            version: next.version,
            claims: { _synced: now },
            updatedAt: now,
            updatedBy: inviter.email,
          })
          .options({ condition: { attr: 'version', eq: existing.version } }),
        accessSearchTextWrite(next),
        ...membershipWrites({ uid: existing.uid, email }, [slug], [], now),
        ...linkAndEvent(existing.uid, now),
      );
    } catch (error) {
      if (failedConditions(error)?.length) {
        throw new ConflictError('This person or the company changed while inviting; please try again.');
      }
      throw error;
    }
    return { uid: existing.uid, created: false };
  }

  const { uid, created } = existing
    ? await addCompanyToExisting(existing)
    : await createUser(
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
  // Their identity appeared after it was looked up (another invitation at the same moment): nothing was written.
  if (!existing && !created) throw new ConflictError('This person was invited at the same moment; please try again.');

  try {
    await sendMail({
      kind: 'invitation',
      ...invitationMail({
        to: email,
        link: signInLinkUrl(invitation.origin, token),
        origin: invitation.origin,
        productName: config.PRODUCT_NAME,
        companyName: company.companyName,
        invitedBy: inviter.user?.displayName ?? inviter.email,
        lifetimeMinutes: Math.round(config.SIGN_IN_LINK_TTL_SECONDS / 60),
      }),
    });
  } catch (error) {
    // The person exists either way; they can ask for a link on the sign-in screen.
    logger.error('Invitation mail was not accepted by the mail provider', {
      requestId,
      errorName: (error as Error).name,
    });
  }
  return { uid, created };
}
