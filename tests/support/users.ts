// Fresh users for tests that sign in, so the per-address throttle of one test never slows another.
import { randomUUID } from 'node:crypto';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { invitationEntity } from '../../lambdas/kernel/data/entities/invitations.js';
import { ensureUser, type NewUser } from '../../lambdas/kernel/users/create-user.js';
import { demoUsers } from '../../infra/local/demo-data.js';

export async function createTestUser(overrides: Partial<NewUser> = {}): Promise<{ uid: string; email: string }> {
  const email = overrides.email ?? `user-${randomUUID().slice(0, 8)}@test.example`;
  const { uid } = await ensureUser({
    userType: 'customer',
    accessLevel: 1,
    createdBy: 'test',
    ...overrides,
    email,
  });
  return { uid, email };
}

/** A pending invitation for this user, as inviteCompanyUser writes it (without its mail and sign-in link). */
export async function seedInvitation(
  user: { uid: string; email?: string },
  slug: string,
  accessLevel = 1,
): Promise<void> {
  const now = Date.now();
  await invitationEntity
    .build(PutItemCommand)
    .item({
      uid: user.uid,
      slug,
      companyName: slug,
      email: user.email ?? `${user.uid}@test.example`,
      accessLevel,
      servicesEnabled: [],
      invitedBy: 'test@test.example',
      invitedAt: now,
      expiresAt: now + 3600_000,
      ttl: Math.ceil(now / 1000) + 7200,
    })
    .send();
}

/**
 * A fresh user with a demo account's name, type, level, companies and services: a test sees what that demo
 * account sees without signing the shared account in (one link a minute per address) or changing its state.
 */
export async function createDemoLookalike(demoEmail: string): Promise<{ uid: string; email: string }> {
  const demo = demoUsers.find((user) => user.email === demoEmail);
  if (!demo) throw new Error(`${demoEmail} is not a demo account (infra/local/demo-data.ts)`);
  const localPart = demoEmail.split('@')[0]!;
  return createTestUser({ ...demo, email: `${localPart}-${randomUUID().slice(0, 8)}@test.example` });
}
