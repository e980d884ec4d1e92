// Reads that need only a call's input go out together with the read of the caller's own records (a call's
// readAhead), as DynamoDB sees them: sent before that read was answered. What they read reaches only a caller
// who is allowed, and every refusal is the one it was when the reads came after the caller's records.
import { describe, expect, it } from 'vitest';
import { handler } from '../../lambdas/api/handler.js';
import { callEvent, parseResult } from '../support/call-event.js';
import { captureDynamoDbRequests } from '../support/dynamodb-capture.js';
import { createTestUser } from '../support/users.js';

async function callAs(user: { uid: string; email: string }, name: string, data: unknown) {
  const claims = {
    sub: user.uid,
    email: user.email,
    token_use: 'id',
    auth_time: String(Math.floor(Date.now() / 1000)),
  };
  const { result, requests } = await captureDynamoDbRequests(() => handler(callEvent(name, data, { claims })));
  const answer = parseResult(result);
  return {
    ...answer,
    /** Each request: its operation and partition, and which earlier requests were answered before it went out. */
    requests: requests.map((request) => ({
      operation: request.operation,
      partition: partitionOf(request.input),
      sentAfter: request.sentAfter,
    })),
  };
}

function partitionOf(input: Record<string, unknown>): string {
  const values = (input.ExpressionAttributeValues ?? {}) as Record<string, { S?: string }>;
  const key = (input.Key ?? {}) as Record<string, { S?: string }>;
  return key.pk?.S ?? values[':c0_1']?.S ?? '?';
}

describe('reads started with the caller’s records', () => {
  it('getSession: the catalogue goes out with the caller’s records; the companies, which depend on them, after', async () => {
    const user = await createTestUser({ userType: 'analyst', accessLevel: 9 });

    const { statusCode, body, requests } = await callAs(user, 'getSession', {});

    expect(statusCode).toBe(200);
    expect(body.result.offeredServices.length).toBeGreaterThan(0);
    expect(requests).toEqual([
      { operation: 'Query', partition: `USER#${user.uid}`, sentAfter: [] },
      { operation: 'Query', partition: 'SERVICES', sentAfter: [] },
      { operation: 'Query', partition: 'COMPANIES', sentAfter: expect.arrayContaining([0]) },
    ]);
  });

  it('watchSession: the catalogue and the selected company go out with the caller’s records', async () => {
    const user = await createTestUser({ accessLevel: 1, companies: ['acme'] });

    const { statusCode, body, requests } = await callAs(user, 'watchSession', { company: 'acme' });

    expect(statusCode).toBe(200);
    expect(body.result.company).toMatchObject({ slug: 'acme', accessible: true, version: expect.any(Number) });
    expect(requests.map((request) => request.sentAfter)).toEqual([[], [], []]);
  });

  it('watchSession: a company the caller does not hold reads as not accessible, though it was read', async () => {
    const user = await createTestUser({ accessLevel: 3, companies: ['acme'] });

    const { body } = await callAs(user, 'watchSession', { company: 'globex' });

    expect(body.result.company).toEqual({ slug: 'globex', accessible: false });
  });

  it('listCompanies: the page goes out with the caller’s records', async () => {
    const user = await createTestUser({ userType: 'analyst', accessLevel: 7 });

    const { statusCode, body, requests } = await callAs(user, 'listCompanies', { limit: 5 });

    expect(statusCode).toBe(200);
    expect(body.result.companies.length).toBeGreaterThan(0);
    expect(requests.map((request) => [request.partition, request.sentAfter])).toEqual([
      [`USER#${user.uid}`, []],
      ['COMPANIES', []],
    ]);
  });

  it('a caller without the right gets PERMISSION_DENIED and nothing of the page, whatever the cursor', async () => {
    const customer = await createTestUser({ accessLevel: 3, companies: ['acme'] });

    const valid = await callAs(customer, 'listCompanies', { limit: 5 });
    const forged = await callAs(customer, 'listCompanies', { cursor: 'not-a-cursor' });

    expect(valid.statusCode).toBe(403);
    expect(valid.body).toEqual({ error: { status: 'PERMISSION_DENIED', message: expect.any(String) } });
    expect(forged.body.error.status).toBe('PERMISSION_DENIED');
  });

  it('input the schema refuses: the caller’s right is checked first, and nothing is read ahead', async () => {
    const administrator = await createTestUser({ userType: 'analyst', accessLevel: 9 });
    const customer = await createTestUser({ accessLevel: 3, companies: ['acme'] });

    const allowed = await callAs(administrator, 'listUsers', { limit: 500 });
    const refused = await callAs(customer, 'listUsers', { limit: 500 });

    expect(allowed.statusCode).toBe(400);
    expect(allowed.body.error).toMatchObject({ status: 'INVALID_ARGUMENT', message: 'limit: must be 1 to 50' });
    expect(allowed.requests.map((request) => request.partition)).toEqual([`USER#${administrator.uid}`]);
    expect(refused.body.error.status).toBe('PERMISSION_DENIED');
  });

  it('a target read ahead: another company’s administrator gets the company refusal, not the user one', async () => {
    const manager = await createTestUser({ accessLevel: 3, companies: ['acme'] });
    const globexMember = await createTestUser({ accessLevel: 1, companies: ['globex'] });

    const answer = await callAs(manager, 'updateCompanyUser', {
      slug: 'globex',
      uid: globexMember.uid,
      version: 1,
      accessLevel: 2,
    });

    expect(answer.body.error).toEqual({
      status: 'PERMISSION_DENIED',
      message: 'You do not have access to this company.',
    });
  });
});
