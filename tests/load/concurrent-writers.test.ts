// Load without loss: 50 writers at once for 10 s on the same records, through the local API over HTTP with a
// real ID token. Every write either lands (200) or is refused as a conflict (409 ABORTED) or, for invitations,
// by their rate limit; nothing else, and no acknowledged write is lost: the records equal what was acknowledged.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { callApi, type ApiAnswer } from '../support/api-client.js';
import { idTokenFor } from '../support/id-token.js';
import { invitationLimits } from '../../lambdas/kernel/users/invitation-limits.js';
import { scanTable } from '../support/table-scan.js';
import { createTestUser } from '../support/users.js';

const stack = inject('localStack');
const writers = 50;
const durationMs = 10_000;

let token: string;
const call = (name: string, data: unknown) => callApi(stack.appUrl, name, data, { token, timeoutMs: 20_000 });

beforeAll(async () => {
  const admin = await createTestUser({ userType: 'analyst', accessLevel: 9, displayName: 'Load Admin' });
  token = await idTokenFor(stack, admin.email);
});

/** Runs `write` in `writers` loops until the time is up; returns every answer that was not a 200 or a 409 ABORTED. */
async function hammer(
  write: (writer: number, attempt: number) => Promise<ApiAnswer>,
): Promise<{ unexpected: ApiAnswer[]; conflicts: number }> {
  const until = Date.now() + durationMs;
  const unexpected: ApiAnswer[] = [];
  let conflicts = 0;
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      for (let attempt = 0; Date.now() < until; attempt += 1) {
        const answer = await write(writer, attempt);
        if (answer.status === 409 && answer.body?.error?.status === 'ABORTED') conflicts += 1;
        else if (answer.status !== 200) unexpected.push(answer);
      }
    }),
  );
  return { unexpected, conflicts };
}

const uniqueSlug = (name: string) => `${name}-${Date.now().toString(36)}-${randomUUID().slice(0, 6)}`;

describe(`${writers} concurrent writers for ${durationMs / 1000} s`, () => {
  it(
    'updateCompany on one company: each write lands or conflicts; the version counts exactly the acknowledged writes',
    { timeout: 60_000 },
    async () => {
      const slug = uniqueSlug('load-upd');
      expect((await call('createCompany', { slug, companyName: 'Load 0' })).status).toBe(200);
      /** companyName → the version its acknowledged write produced. */
      const acknowledged = new Map<string, number>();

      const { unexpected, conflicts } = await hammer(async (writer, attempt) => {
        const read = await call('getCompany', { slug });
        if (read.status !== 200) return read;
        const companyName = `Load ${writer}-${attempt}`;
        const answer = await call('updateCompany', { slug, version: read.body.result.version, companyName });
        if (answer.status === 200) acknowledged.set(companyName, answer.body.result.version);
        return answer;
      });

      const final = (await call('getCompany', { slug })).body.result;
      expect(unexpected.length, JSON.stringify(unexpected.slice(0, 3))).toBe(0);
      expect(acknowledged.size).toBeGreaterThan(0);
      expect(conflicts).toBeGreaterThan(0); // they did race
      expect(final.version).toBe(1 + acknowledged.size);
      // Each acknowledged write made its own version: none overwrote another silently.
      expect([...acknowledged.values()].sort((a, b) => a - b)).toEqual(
        Array.from({ length: acknowledged.size }, (_, index) => index + 2),
      );
      expect(acknowledged.get(final.companyName)).toBe(final.version);
    },
  );

  it(
    'inviteCompanyUser of unique e-mails into one company: the pending invitations are exactly the acknowledged ones, at most the hourly limit',
    { timeout: 60_000 },
    async () => {
      const slug = uniqueSlug('load-inv');
      expect((await call('createCompany', { slug, companyName: 'Load Invitations' })).status).toBe(200);
      const acknowledged = new Set<string>();
      const run = randomUUID().slice(0, 8);
      let limited = 0;

      const { unexpected } = await hammer(async (writer, attempt) => {
        // zz-: these people sort after everyone else in the users list the other suites read.
        const email = `zz-load-${run}-${writer}-${attempt}@test.example`;
        const answer = await call('inviteCompanyUser', { slug, email, accessLevel: 1, url: stack.appUrl });
        if (answer.status === 200) acknowledged.add(email);
        // Past the administrator's 20 an hour, a refusal with a retry time is the answer, not a loss.
        if (answer.status === 429 && answer.body?.error?.status === 'RESOURCE_EXHAUSTED') {
          limited += 1;
          return { ...answer, status: 200 };
        }
        return answer;
      });

      const pending = await scanTable({
        FilterExpression: 'gsi1pk = :invites',
        ExpressionAttributeValues: { ':invites': `INVITES#${slug}` },
      });
      expect(unexpected.length, JSON.stringify(unexpected.slice(0, 3))).toBe(0);
      // The hourly window may turn during the 10 s: then a second window's 20 count too.
      expect(acknowledged.size).toBeGreaterThanOrEqual(invitationLimits.perAdministrator.limit);
      expect(acknowledged.size).toBeLessThanOrEqual(2 * invitationLimits.perAdministrator.limit);
      expect(limited).toBeGreaterThan(0);
      expect(pending.map((item) => item.email).sort()).toEqual([...acknowledged].sort());
      expect((await call('getCompany', { slug })).body.result.memberCount).toBe(0);
    },
  );
});
