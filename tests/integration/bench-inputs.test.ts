// The bench's inputs (tests/support/call-inputs.ts) are the ones `npm run bench` counts every call's DynamoDB
// requests with: each is sent once here, as the bench sends it (a level-9 administrator, through the API
// handler), and must be accepted. A call whose input it refuses would have its refusal measured instead of its
// work; this fails the suite the day a call changes, not the day someone runs the bench.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { handler } from '../../lambdas/api/handler.js';
import { callRegistry } from '../../lambdas/calls/registry.js';
import { callEvent, parseResult } from '../support/call-event.js';
import { callerOfInput, prepareCallInputs, type CallInputs } from '../support/call-inputs.js';
import { createTestUser } from '../support/users.js';

const { appUrl } = inject('localStack');

function claimsOf(user: { uid: string; email: string }): Record<string, string> {
  return { sub: user.uid, email: user.email, token_use: 'id', auth_time: String(Math.floor(Date.now() / 1000)) };
}

let administrator: { uid: string; email: string };
let inputs: CallInputs;

beforeAll(async () => {
  administrator = await createTestUser({ userType: 'analyst', accessLevel: 9, displayName: 'Bench Inputs Admin' });
  inputs = await prepareCallInputs(appUrl, administrator);
});

describe('bench inputs', () => {
  it('has an input for every call of the registry, and for nothing else', () => {
    expect(Object.keys(inputs).sort()).toEqual(
      callRegistry
        .list()
        .map((call) => call.name)
        .sort(),
    );
  });

  for (const call of callRegistry.list()) {
    it(`${call.name} accepts its bench input`, async () => {
      const makeInput = inputs[call.name];
      expect(makeInput, `add ${call.name} to tests/support/call-inputs.ts`).toBeDefined();
      const caller = await callerOfInput(call, administrator);

      const answer = parseResult(
        await handler(callEvent(call.name, await makeInput!(), { claims: claimsOf(caller), origin: appUrl })),
      );

      expect(answer.statusCode, `${call.name} answered ${JSON.stringify(answer.body)}`).toBeGreaterThanOrEqual(200);
      expect(answer.statusCode, `${call.name} answered ${JSON.stringify(answer.body)}`).toBeLessThan(300);
    });
  }
});
