// Step-up: the calls that matter (a risk acceptance asked for or accepted, a DAST key made or rolled, someone's
// access level changed) ask for a sign-in proof from the last 10 minutes. The API handler is the authority: it
// reads the token's auth_time, refuses a stale one with UNAUTHENTICATED and reason STEP_UP_REQUIRED before the
// call writes anything, and a fresh one goes through, its event naming how the sign-in was proved.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { handler } from '../../lambdas/api/handler.js';
import { listEventsCreatedBy } from '../../lambdas/kernel/events/events.js';
import { callEvent, parseResult } from '../support/call-event.js';
import { prepareCallInputs, type CallInputs } from '../support/call-inputs.js';
import { dynamoDbRequestsOf } from '../support/dynamodb-requests.js';
import { createTestUser } from '../support/users.js';

const { appUrl } = inject('localStack');
const minute = 60_000;
const writeCommands = ['PutCommand', 'UpdateCommand', 'DeleteCommand', 'TransactWriteCommand', 'BatchWriteCommand'];

let administrator: { uid: string; email: string };
let inputs: CallInputs;

beforeAll(async () => {
  administrator = await createTestUser({ userType: 'analyst', accessLevel: 9, displayName: 'Step-up Admin' });
  inputs = await prepareCallInputs(appUrl, administrator);
});

function claims(authTimeMs: number, signInProof?: string): Record<string, string> {
  return {
    sub: administrator.uid,
    email: administrator.email,
    token_use: 'id',
    auth_time: String(Math.floor(authTimeMs / 1000)),
    ...(signInProof !== undefined && { signInProof }),
  };
}

async function send(name: string, data: unknown, tokenClaims: Record<string, string>) {
  return parseResult(await handler(callEvent(name, data, { claims: tokenClaims, origin: appUrl })));
}

/** A risk acceptance waiting for an analyst's answer, asked for (freshly) on a customer's behalf. */
async function pendingRiskAcceptance() {
  const request: Record<string, unknown> = {
    ...((await inputs.requestFindingReview!()) as Record<string, unknown>),
    kind: 'riskAcceptance',
    until: Date.now() + 30 * 24 * 60 * minute,
  };
  const answer = await send('requestFindingReview', request, claims(Date.now()));
  expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
  return { request, requestedAt: answer.body.result.review.at as number };
}

/** The inputs that ask for a fresh proof, made just before each send (conditional writes see current versions). */
const stepUpCalls: Record<string, () => Promise<unknown>> = {
  createDastKey: () => inputs.createDastKey!(),
  rollDastKey: () => inputs.rollDastKey!(),
  updateUserAccess: () => inputs.updateUserAccess!(),
  // The bench's input changes the member's level.
  updateCompanyUser: () => inputs.updateCompanyUser!(),
  requestFindingReview: async () => ({
    ...((await inputs.requestFindingReview!()) as Record<string, unknown>),
    kind: 'riskAcceptance',
    note: 'The service is retired next month',
    until: Date.now() + 30 * 24 * 60 * minute,
  }),
  decideFindingReview: async () => {
    const { request, requestedAt } = await pendingRiskAcceptance();
    return {
      slug: request.slug,
      service: request.service,
      findingId: request.findingId,
      decision: 'accept',
      note: 'Accepted until the date asked',
      requestedAt,
    };
  },
};

describe('a call that asks for a fresh proof', () => {
  for (const [name, makeInput] of Object.entries(stepUpCalls)) {
    it(`${name}: a sign-in older than 10 minutes is refused with STEP_UP_REQUIRED, and nothing is written`, async () => {
      const input = await makeInput();
      const { result: answer, requests } = await dynamoDbRequestsOf(() =>
        send(name, input, claims(Date.now() - 11 * minute, 'link')),
      );

      expect(answer.statusCode).toBe(401);
      expect(answer.body.error).toEqual({
        status: 'UNAUTHENTICATED',
        message: "Confirm it's you: this action needs a sign-in proof from the last 10 minutes.",
        details: { reason: 'STEP_UP_REQUIRED', maxAgeSeconds: 600 },
      });
      expect(requests.filter((command) => writeCommands.includes(command))).toEqual([]);
    });

    it(`${name}: a sign-in from the last 10 minutes goes through, and its event names the proof`, async () => {
      const input = await makeInput();
      const since = Date.now();
      const answer = await send(name, input, claims(Date.now() - 9 * minute, 'code'));

      expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
      const { events: items } = await listEventsCreatedBy(administrator.uid, { limit: 10, descending: true });
      const recorded = items.filter((event) => event.createdAt >= since);
      expect(recorded.length).toBeGreaterThan(0);
      for (const event of recorded) expect(event).toMatchObject({ signInProof: 'code' });
    });
  }

  it('the proof a token names is recorded as such (a passkey), and a token without one records none', async () => {
    const since = Date.now();
    expect((await send('createDastKey', await inputs.createDastKey!(), claims(Date.now(), 'passkey'))).statusCode).toBe(
      200,
    );
    const [withPasskey] = (await listEventsCreatedBy(administrator.uid, { limit: 1, descending: true })).events;
    expect(withPasskey).toMatchObject({ signInProof: 'passkey' });
    expect(withPasskey!.createdAt).toBeGreaterThanOrEqual(since);

    expect((await send('createDastKey', await inputs.createDastKey!(), claims(Date.now(), 'forged'))).statusCode).toBe(
      200,
    );
    const [unknownProof] = (await listEventsCreatedBy(administrator.uid, { limit: 1, descending: true })).events;
    expect(unknownProof!.signInProof).toBeUndefined();
  });
});

describe('the same calls without what matters ask for no fresh proof', () => {
  const stale = () => claims(Date.now() - 60 * minute);

  it('requestFindingReview for a retest', async () => {
    expect((await send('requestFindingReview', await inputs.requestFindingReview!(), stale())).statusCode).toBe(200);
  });

  it('decideFindingReview fixing a retest', async () => {
    expect((await send('decideFindingReview', await inputs.decideFindingReview!(), stale())).statusCode).toBe(200);
  });

  it("updateCompanyUser changing a member's services only", async () => {
    const { accessLevel: _level, ...input } = (await inputs.updateCompanyUser!()) as Record<string, unknown>;
    const answer = await send('updateCompanyUser', { ...input, servicesEnabled: [] }, stale());
    expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
  });

  it('a stale token is still a session: other calls answer', async () => {
    expect((await send('getSession', {}, stale())).statusCode).toBe(200);
  });
});

describe('bad input comes first', () => {
  it('a stale token with an invalid input gets INVALID_ARGUMENT, not a step-up', async () => {
    const answer = await send('createDastKey', { slug: 'x' }, claims(Date.now() - 60 * minute));
    expect(answer.statusCode).toBe(400);
    expect(answer.body.error.status).toBe('INVALID_ARGUMENT');
  });
});
