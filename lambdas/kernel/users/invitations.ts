// A person's answer to an invitation. Accepting adds the company's membership at the invitation's level and
// services in one transaction with the invitation's removal (conditional on it still waiting), the member
// count and the event; declining removes the invitation and records it. Nothing else of theirs changes.
import { DeleteTransaction } from 'dynamodb-toolbox/entity/actions/transactDelete';
import { execute } from 'dynamodb-toolbox/entity/actions/transactWrite';
import type { Caller, InvitationRecord } from '../access/caller.js';
import { invitationEntity } from '../data/entities/invitations.js';
import { failedConditions } from '../data/transactions.js';
import { ConflictError, NotFoundError } from '../errors.js';
import { eventWrite } from '../events/events.js';
import { membershipChange, writeAccess } from './access-changes.js';

const noInvitation = 'slug: no invitation from this company is waiting for you';

/** The caller's pending invitation from this company (their records carry them), or not found. */
export function pendingInvitation(caller: Caller, slug: string, now = Date.now()): InvitationRecord {
  const invitation = (caller.invitations ?? []).find((item) => item.slug === slug && item.expiresAt > now);
  if (!invitation) throw new NotFoundError(noInvitation);
  return invitation;
}

function invitationRemoval(invitation: InvitationRecord) {
  return invitationEntity
    .build(DeleteTransaction)
    .key({ uid: invitation.uid, slug: invitation.slug })
    .options({ condition: { attr: 'uid', exists: true } });
}

export async function acceptInvitation(caller: Caller, slug: string): Promise<{ slug: string; companyName: string }> {
  const invitation = pendingInvitation(caller, slug);
  const access = caller.access;
  await writeAccess(
    caller,
    access,
    access.version,
    membershipChange(access, slug, {
      accessLevel: invitation.accessLevel,
      servicesEnabled: invitation.servicesEnabled,
    }),
    {
      eventType: 'invitationAccepted',
      summary: `Accepted the invitation to ${invitation.companyName}`,
      company: { slug },
      extraWrites: [invitationRemoval(invitation)],
      onExtraFailed: () => {
        throw new NotFoundError(noInvitation);
      },
    },
  );
  return { slug, companyName: invitation.companyName };
}

export async function declineInvitation(caller: Caller, slug: string): Promise<{ slug: string; companyName: string }> {
  const invitation = pendingInvitation(caller, slug);
  try {
    await execute(
      invitationRemoval(invitation),
      eventWrite(caller, {
        type: 'invitationDeclined',
        summary: `Declined the invitation to ${invitation.companyName}`,
        subject: {
          user: { uid: caller.uid, email: caller.email },
          company: { slug, companyName: invitation.companyName },
        },
      }),
    );
  } catch (error) {
    if (failedConditions(error)?.includes(0)) throw new NotFoundError(noInvitation);
    if (failedConditions(error)?.length) throw new ConflictError();
    throw error;
  }
  return { slug, companyName: invitation.companyName };
}
