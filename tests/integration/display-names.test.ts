// A display name is a plain name: updateProfile refuses a web or e-mail address, markup or hidden characters
// with INVALID_ARGUMENT naming displayName and the rule's words, and writes nothing (the profile, its version
// and the event log stay as they were); a plain name in any script is saved.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../lambdas/kernel/config.js';
import { documentClient } from '../../lambdas/kernel/data/client.js';
import { eventPartition } from '../../lambdas/kernel/data/entities/events.js';
import { loadUserRecords } from '../../lambdas/kernel/users/user-records.js';
import { signedInCaller } from '../support/signed-in-call.js';
import { createTestUser } from '../support/users.js';

async function eventCount(uid: string): Promise<number> {
  const { Count = 0 } = await documentClient.send(
    new QueryCommand({
      TableName: readConfig().TABLE_NAME,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': eventPartition(uid) },
      ConsistentRead: true,
    }),
  );
  return Count;
}

describe('updateProfile and display names', () => {
  it('refuses a web address as a display name and writes nothing', async () => {
    const user = await createTestUser({ displayName: 'Plain Person' });
    const call = signedInCaller(user);
    const before = await loadUserRecords(user.uid);
    const eventsBefore = await eventCount(user.uid);

    const refused = await call('updateProfile', { version: 1, displayName: 'Visit http://evil.example now' });

    expect(refused.statusCode).toBe(400);
    expect(refused.body.error).toMatchObject({
      status: 'INVALID_ARGUMENT',
      message: 'displayName: must be a plain name, without web or e-mail addresses',
    });
    const after = await loadUserRecords(user.uid);
    expect(after.user).toEqual(before.user);
    expect(after.preferences).toEqual(before.preferences);
    expect(await eventCount(user.uid)).toBe(eventsBefore);
    expect((await call('getSession', {})).body.result.user).toMatchObject({ displayName: 'Plain Person' });
  });

  it.each([
    ['an e-mail address', 'ada@evil.example', 'must be a plain name, without web or e-mail addresses'],
    ['markup', '<img src=x>', 'must not contain < or >'],
    ['a text-direction override', 'Bob\u202Egnp.exe', 'must not contain control or text-direction characters'],
  ])('refuses %s with the rule’s words', async (_what, displayName, problem) => {
    const user = await createTestUser();
    const refused = await signedInCaller(user)('updateProfile', { version: 1, displayName });

    expect(refused.statusCode).toBe(400);
    expect(refused.body.error.message).toBe(`displayName: ${problem}`);
  });

  it('saves a plain name in any script', async () => {
    const user = await createTestUser();
    const saved = await signedInCaller(user)('updateProfile', { version: 1, displayName: ' José Álvarez-Núñez ' });

    expect(saved.statusCode).toBe(200);
    expect(saved.body.result.user).toMatchObject({ displayName: 'José Álvarez-Núñez', version: 2 });
  });
});
