// The demo's pending invitation: viewer@acme.example finds Globex's waiting on Home after a start, and a start
// writes an invitation again only while its invitee has neither joined nor answered (here with fresh people, so
// the demo accounts the browser tests sign in with keep theirs).
import { describe, expect, it } from 'vitest';
import { seedDemoInvitations } from '../../infra/local/demo-invitations.js';
import { findUserByEmail, loadUserRecords } from '../../lambdas/kernel/users/user-records.js';
import { signedInCaller } from '../support/signed-in-call.js';
import { createTestUser } from '../support/users.js';

async function seededPerson(displayName: string, memberships = {}) {
  const user = await createTestUser({ displayName, memberships });
  return { ...user, user: { displayName } };
}

describe('the demo invitation', () => {
  it('waits for viewer@acme.example: Globex, at level 1, from Ana Analyst', async () => {
    const viewer = await findUserByEmail('viewer@acme.example');

    const session = await signedInCaller(viewer!)('getSession', {});

    expect(session.statusCode).toBe(200);
    expect(session.body.result.invitations).toEqual([
      expect.objectContaining({ slug: 'globex', companyName: 'Globex', accessLevel: 1, invitedBy: 'Ana Analyst' }),
    ]);
  });

  it('is written once while unanswered, and never again after a Decline or an Accept', async () => {
    const [inviter, decliner, accepter] = await Promise.all([
      seededPerson('Ivo Inviter'),
      seededPerson('Dee Decliner', { acme: { accessLevel: 1, servicesEnabled: [] } }),
      seededPerson('Abe Accepter'),
    ]);
    const people = new Map([inviter, decliner, accepter].map((person) => [person.email, person]));
    const invitations = [decliner, accepter].map(({ email }) => ({
      slug: 'globex',
      email,
      accessLevel: 1,
      servicesEnabled: ['network' as const],
      invitedBy: inviter.email,
    }));
    const pending = async (uid: string) => (await loadUserRecords(uid)).invitations;

    await seedDemoInvitations(people, invitations);
    const first = await pending(decliner.uid);
    await seedDemoInvitations(people, invitations);

    expect(first).toEqual([expect.objectContaining({ slug: 'globex', accessLevel: 1, invitedBy: inviter.email })]);
    expect(await pending(decliner.uid)).toEqual(first);

    const declined = await signedInCaller(decliner)('respondToInvitation', { slug: 'globex', answer: 'decline' });
    const accepted = await signedInCaller(accepter)('respondToInvitation', { slug: 'globex', answer: 'accept' });
    await seedDemoInvitations(people, invitations);

    expect([declined.statusCode, accepted.statusCode]).toEqual([200, 200]);
    expect(await pending(decliner.uid)).toEqual([]);
    expect(await pending(accepter.uid)).toEqual([]);
    expect((await loadUserRecords(accepter.uid)).access?.companies).toEqual(['globex']);
  });
});
