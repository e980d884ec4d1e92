// Fresh users for tests that sign in, so the per-address throttle of one test never slows another.
import { randomUUID } from 'node:crypto';
import { ensureUser, type NewUser } from '../../lambdas/kernel/users/create-user.js';

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
