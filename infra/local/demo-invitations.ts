// The demo's pending invitations (demo-data.ts), written as inviteCompanyUser writes them: the invitation and
// the inviter's event in one transaction. Without its mail and sign-in link: a link issued at every start would
// make the demo account's own first link wait a minute. Written on every start while the invitee has neither
// joined nor answered, so it comes back when it lapses unanswered, and never again after Accept or Decline
// (those leave an event in the invitee's partition; `npm start -- --reset` brings it back).
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { execute } from 'dynamodb-toolbox/entity/actions/transactWrite';
import { membershipOf } from '../../lambdas/kernel/access/rules.js';
import { getCompanyRecord } from '../../lambdas/kernel/companies/company-records.js';
import { eventEntity, eventPartition } from '../../lambdas/kernel/data/entities/events.js';
import { invitationEntity } from '../../lambdas/kernel/data/entities/invitations.js';
import { portalTable } from '../../lambdas/kernel/data/table.js';
import { eventWrite, type EventActor } from '../../lambdas/kernel/events/events.js';
import { invitationLifetimeDays } from '../../lambdas/kernel/users/invite-user.js';
import { loadUserRecords } from '../../lambdas/kernel/users/user-records.js';
import { demoInvitations } from './demo-data.js';

/** The event types of an answer (lambdas/kernel/users/invitations.ts). */
const answerTypes = ['invitationAccepted', 'invitationDeclined'];

/** Whether the person ever answered an invitation of this company: their events say so. */
async function answeredBefore(uid: string, slug: string): Promise<boolean> {
  const { Items = [] } = await portalTable
    .build(QueryCommand)
    .entities(eventEntity)
    .query({ partition: eventPartition(uid) })
    .options({ filters: { event: { attr: 'type', in: answerTypes } }, maxPages: Infinity })
    .send();
  return Items.some((event) => (event.subject as { company?: { slug?: string } } | undefined)?.company?.slug === slug);
}

type Person = EventActor & { uid: string; email: string };

/** `people` by e-mail: the inviters and invitees, seeded before. */
export async function seedDemoInvitations(
  people: ReadonlyMap<string, Person>,
  invitations = demoInvitations,
): Promise<void> {
  for (const invitation of invitations) {
    const inviter = people.get(invitation.invitedBy);
    const invitee = people.get(invitation.email);
    const company = await getCompanyRecord(invitation.slug);
    if (!inviter || !invitee || !company) {
      throw new Error(
        `Demo invitation of ${invitation.email} to ${invitation.slug}: a person or the company is not seeded`,
      );
    }
    const records = await loadUserRecords(invitee.uid);
    if (membershipOf(records.access, invitation.slug)) continue;
    if (records.invitations.some((pending) => pending.slug === invitation.slug)) continue;
    if (await answeredBefore(invitee.uid, invitation.slug)) continue;

    const now = Date.now();
    const expiresAt = now + invitationLifetimeDays * 24 * 3600 * 1000;
    await execute(
      // Replaces a lapsed one (DynamoDB Local never runs the TTL that removes it on AWS).
      invitationEntity.build(PutTransaction).item({
        uid: invitee.uid,
        slug: invitation.slug,
        companyName: company.companyName,
        email: invitee.email,
        accessLevel: invitation.accessLevel,
        servicesEnabled: invitation.servicesEnabled,
        invitedBy: inviter.email,
        invitedByName: inviter.user?.displayName,
        invitedAt: now,
        expiresAt,
        ttl: Math.ceil(expiresAt / 1000) + 24 * 3600,
      }),
      eventWrite(
        inviter,
        {
          type: 'userInvited',
          summary: `Invited ${invitee.email} to ${company.companyName}`,
          subject: {
            user: { uid: invitee.uid, email: invitee.email },
            company: { slug: invitation.slug, companyName: company.companyName },
          },
          after: { email: invitee.email, company: invitation.slug, accessLevel: invitation.accessLevel },
        },
        now,
      ),
    );
  }
}
