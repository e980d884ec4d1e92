// The authorization matrix, generated from the registry: every call × every kind of demo account (plus a
// user of another company and an anonymous caller) → allowed or denied, as the server answers it. A call
// added to the registry without a row here fails this suite. Each call's DynamoDB requests are counted:
// at most 3, and never a Scan.
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { handler } from '../../lambdas/api/handler.js';
import { callRegistry } from '../../lambdas/calls/registry.js';
import { createCompany } from '../../lambdas/kernel/companies/create-company.js';
import { AlreadyExistsError } from '../../lambdas/kernel/errors.js';
import { callEvent, parseResult } from '../support/call-event.js';
import { dynamoDbRequestsOf } from '../support/dynamodb-requests.js';
import { createTestUser } from '../support/users.js';

const { appUrl } = inject('localStack');

/** The demo accounts' access (README), as fresh users so this suite never disturbs a signed-in demo user. */
const accountProfiles = {
  admin: { userType: 'analyst', accessLevel: 9 },
  analyst: { userType: 'analyst', accessLevel: 7 },
  junior: { userType: 'analyst', accessLevel: 5 },
  manager: { userType: 'customer', accessLevel: 3, companies: ['acme'] },
  viewer: { userType: 'customer', accessLevel: 1, companies: ['acme'], servicesEnabled: ['dast'] },
  multi: { userType: 'customer', accessLevel: 2, companies: ['acme', 'globex'] },
  outsider: { userType: 'customer', accessLevel: 3, companies: ['initech'] },
} as const;
type Account = keyof typeof accountProfiles | 'anonymous';
const accounts: Account[] = [...(Object.keys(accountProfiles) as (keyof typeof accountProfiles)[]), 'anonymous'];

type Expectation = 'allow' | 'deny' | 'unauthenticated';
interface MatrixRow {
  input: () => unknown;
  expect: Record<Account, Expectation>;
}

const everyoneSignedIn: Record<Account, Expectation> = {
  admin: 'allow',
  analyst: 'allow',
  junior: 'allow',
  manager: 'allow',
  viewer: 'allow',
  multi: 'allow',
  outsider: 'allow',
  anonymous: 'unauthenticated',
};
/** Acme's members and the analysts who see every company (level 7+); not junior (analyst 5, no companies). */
const acmeReaders: Record<Account, Expectation> = { ...everyoneSignedIn, junior: 'deny', outsider: 'deny' };

let unique = 0;
const matrix: Record<string, MatrixRow> = {
  sendSignInLink: {
    input: () => ({ email: `matrix-${Date.now()}-${(unique += 1)}@test.example`, url: appUrl }),
    expect: { ...everyoneSignedIn, anonymous: 'allow' },
  },
  getSession: { input: () => ({}), expect: everyoneSignedIn },
  watchSession: { input: () => ({}), expect: everyoneSignedIn },
  listEvents: { input: () => ({ limit: 5 }), expect: everyoneSignedIn },
  handleSupportEmail: { input: () => ({ message: 'matrix', request_type: 'question' }), expect: everyoneSignedIn },
  getCompany: { input: () => ({ slug: 'acme' }), expect: acmeReaders },
  setDefaultCompany: { input: () => ({ slug: 'acme' }), expect: acmeReaders },
};

const statusOf: Record<Expectation, number> = { allow: 200, deny: 403, unauthenticated: 401 };
const claimsOf = new Map<Account, Record<string, string>>();

beforeAll(async () => {
  try {
    await createCompany({ slug: 'initech', companyName: 'Initech', flags: ['enableDast'], createdBy: 'test' });
  } catch (error) {
    if (!(error instanceof AlreadyExistsError)) throw error;
  }
  for (const [account, profile] of Object.entries(accountProfiles)) {
    const { uid, email } = await createTestUser({ ...profile, companies: [...(('companies' in profile && profile.companies) || [])] });
    // Every token claims the highest access: the server must go by the access record, not the token.
    claimsOf.set(account as Account, {
      sub: uid,
      email,
      token_use: 'id',
      auth_time: String(Math.floor(Date.now() / 1000)),
      userType: 'analyst',
      accessLevel: '9',
    });
  }
});

describe('authorization matrix', () => {
  it('covers every call of the registry, and nothing else', () => {
    expect(Object.keys(matrix).sort()).toEqual(callRegistry.list().map((call) => call.name).sort());
  });

  for (const call of callRegistry.list()) {
    describe(call.name, () => {
      for (const account of accounts) {
        it(`${account}: ${matrix[call.name]?.expect[account] ?? 'no row'}`, async () => {
          const row = matrix[call.name];
          expect(row, `add ${call.name} to the authorization matrix`).toBeDefined();
          const expected = row!.expect[account];
          const claims = claimsOf.get(account);
          const event = callEvent(call.name, row!.input(), {
            origin: appUrl,
            sourceIp: `10.${createHash('sha1').update(account).digest()[0]}.0.1`,
            ...(claims ? { claims } : {}),
          });

          const { result, requests } = await dynamoDbRequestsOf(() => handler(event as never));
          const answer = parseResult(result);

          expect(answer.statusCode, JSON.stringify(answer.body)).toBe(statusOf[expected]);
          if (expected === 'deny') expect(answer.body.error.status).toBe('PERMISSION_DENIED');
          expect(requests.length, requests.join(', ')).toBeLessThanOrEqual(3);
          if (claims && call.access.kind === 'signedIn') expect(requests[0]).toBe('QueryCommand'); // the caller's own records, read by the server
          expect(requests).not.toContain('ScanCommand');
        });
      }
    });
  }
});
