// Shared set-up for the local Cognito endpoint's tests: the endpoint on an ephemeral port with a
// temporary data directory, test triggers that hand out one-time codes, AWS's SDK client for the
// Admin calls, and token verifiers built on aws-jwt-verify.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { AdminCreateUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { JwtRsaVerifier } from 'aws-jwt-verify';
import type { KeyValueStorageInterface } from 'aws-amplify/utils';
import {
  createLocalCognito,
  type CognitoTriggers,
  type LocalCognito,
  type WebAuthnSettings,
} from '../../../infra/local/cognito/index.js';

export const REGION = 'eu-west-1';
export const USER_POOL_ID = 'eu-west-1_local';
export const CLIENT_ID = 'local-web-client';
/** The passkey settings test pools use: the relying party is localhost, the site is on port 5173. */
export const PASSKEY_ORIGIN = 'http://localhost:5173';
export const PASSKEY_RP_ID = 'localhost';
export const passkeySettings: WebAuthnSettings = { relyingPartyId: PASSKEY_RP_ID, origins: [PASSKEY_ORIGIN] };

export interface TriggerLog {
  /** The code Create issued last, by e-mail: what the magic link would carry. */
  codes: Map<string, string>;
  events: Array<{ triggerSource: string; event: any }>;
  /** Makes the next Define call throw, as a broken trigger would. */
  failDefineWith?: string;
}

/** Triggers in the shape the real ones have: one code, one attempt, tokens after a right answer. */
export function testTriggers(log: TriggerLog): CognitoTriggers {
  const record = (event: any) => log.events.push({ triggerSource: event.triggerSource, event: structuredClone(event) });
  return {
    async defineAuthChallenge(event) {
      record(event);
      if (log.failDefineWith) {
        const message = log.failDefineWith;
        log.failDefineWith = undefined;
        throw new Error(message);
      }
      const last = event.request.session.at(-1);
      if (!last) event.response = { challengeName: 'CUSTOM_CHALLENGE', issueTokens: false, failAuthentication: false };
      else if (last.challengeResult === true && !event.request.userNotFound)
        event.response = { issueTokens: true, failAuthentication: false };
      else event.response = { issueTokens: false, failAuthentication: true };
      return event;
    },
    async createAuthChallenge(event) {
      record(event);
      const code = randomBytes(16).toString('hex');
      if (!event.request.userNotFound) log.codes.set(event.request.userAttributes.email, code);
      event.response.publicChallengeParameters = { kind: 'magic-link' };
      event.response.privateChallengeParameters = { code };
      event.response.challengeMetadata = 'MAGIC_LINK';
      return event;
    },
    async verifyAuthChallengeResponse(event) {
      record(event);
      event.response.answerCorrect =
        !event.request.userNotFound && event.request.challengeAnswer === event.request.privateChallengeParameters.code;
      return event;
    },
    async preTokenGeneration(event) {
      record(event);
      event.response = {
        claimsOverrideDetails: {
          // accessLevel as a number: V1 claims are strings, so the pool turns it into '7'.
          // sub and iss are reserved: the pool must ignore them.
          claimsToAddOrOverride: { userType: 'analyst', accessLevel: 7, sub: 'forged', iss: 'https://evil.example' },
        },
      };
      return event;
    },
  };
}

export interface RunningPool {
  cognito: LocalCognito;
  endpoint: string;
  issuer: string;
  origin: string;
  stop(): Promise<void>;
}

/** Starts the endpoint on 127.0.0.1 and an ephemeral port; the issuer lives on the same origin. */
export async function startPool(
  dataDir: string,
  triggers: CognitoTriggers,
  options: { port?: number; authSessionValiditySeconds?: number; webAuthn?: WebAuthnSettings } = {},
): Promise<RunningPool> {
  let cognito: LocalCognito | undefined;
  const server: Server = createServer((req, res) => {
    if (!cognito) {
      res.writeHead(503).end();
      return;
    }
    void cognito.handle(req, res);
  });
  // A restart passes the old port: the issuer (and so the tokens' iss) includes it.
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const issuer = `${origin}/cognito/${USER_POOL_ID}`;
  cognito = await createLocalCognito({
    region: REGION,
    userPoolId: USER_POOL_ID,
    clientId: CLIENT_ID,
    issuer,
    dataDir,
    triggers,
    ...(options.webAuthn && { webAuthn: options.webAuthn }),
    ...(options.authSessionValiditySeconds !== undefined && {
      authSessionValiditySeconds: options.authSessionValiditySeconds,
    }),
  });
  const running = cognito;
  return {
    cognito: running,
    endpoint: `${origin}/cognito`,
    issuer,
    origin,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
      await running.close();
    },
  };
}

export async function tempDataDir(): Promise<{ path: string; remove(): Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), 'local-cognito-'));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

export function adminClient(endpoint: string): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    region: REGION,
    endpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });
}

export async function createUser(client: CognitoIdentityProviderClient, email: string) {
  const { User } = await client.send(
    new AdminCreateUserCommand({
      UserPoolId: USER_POOL_ID,
      Username: email,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
      MessageAction: 'SUPPRESS',
    }),
  );
  if (!User?.Username) throw new Error('AdminCreateUser returned no user');
  return User;
}

/** Verifiers as the API adapter builds them: aws-jwt-verify with the JWKS fetched from the pool. */
export async function tokenVerifiers(pool: RunningPool) {
  const jwksUri = `${pool.issuer}/.well-known/jwks.json`;
  // aws-jwt-verify fetches only over https; fetch the JWKS ourselves and hand it over.
  const jwks = await (await fetch(jwksUri)).json();
  const idVerifier = JwtRsaVerifier.create({
    issuer: pool.issuer,
    audience: CLIENT_ID,
    jwksUri,
    customJwtCheck: ({ payload }) => {
      if (payload.token_use !== 'id') throw new Error('not an ID token');
    },
  });
  const accessVerifier = JwtRsaVerifier.create({
    issuer: pool.issuer,
    audience: null,
    jwksUri,
    customJwtCheck: ({ payload }) => {
      if (payload.token_use !== 'access' || payload.client_id !== CLIENT_ID) throw new Error('not our access token');
    },
  });
  idVerifier.cacheJwks(jwks);
  accessVerifier.cacheJwks(jwks);
  return { idVerifier, accessVerifier };
}

/** Where Amplify keeps its tokens in the test, so a test can read what a browser would store. */
export class MemoryKeyValueStorage implements KeyValueStorageInterface {
  readonly items = new Map<string, string>();
  async setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  async getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  async removeItem(key: string) {
    this.items.delete(key);
  }
  async clear() {
    this.items.clear();
  }
  /** The refresh token Amplify holds (it never exposes it through its API). */
  refreshToken(): string | undefined {
    for (const [key, value] of this.items) if (key.endsWith('.refreshToken')) return value;
    return undefined;
  }
}

/** POSTs one operation as a raw JSON 1.1 request, for what the clients would never send. */
export async function callPool(
  endpoint: string,
  target: string,
  body: string | object,
  headers: Record<string, string> = {},
) {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, any> };
}

/** The same sign-in as Amplify's, as raw protocol calls: for tests about the pool, not the client. */
export async function signInRaw(endpoint: string, log: TriggerLog, email: string) {
  const started = await callPool(endpoint, 'InitiateAuth', {
    AuthFlow: 'CUSTOM_AUTH',
    ClientId: CLIENT_ID,
    AuthParameters: { USERNAME: email },
  });
  if (started.status !== 200) throw new Error(`InitiateAuth failed: ${JSON.stringify(started.body)}`);
  const answered = await callPool(endpoint, 'RespondToAuthChallenge', {
    ChallengeName: 'CUSTOM_CHALLENGE',
    ClientId: CLIENT_ID,
    Session: started.body.Session,
    ChallengeResponses: {
      USERNAME: started.body.ChallengeParameters.USERNAME,
      ANSWER: log.codes.get(email.toLowerCase()),
    },
  });
  if (answered.status !== 200) throw new Error(`RespondToAuthChallenge failed: ${JSON.stringify(answered.body)}`);
  return answered.body.AuthenticationResult as {
    AccessToken: string;
    IdToken: string;
    RefreshToken: string;
    ExpiresIn: number;
  };
}

/** The claims of a JWT, unverified: for comparing two tokens' claims. */
export function claimsOf(jwt: string): Record<string, any> {
  return JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8'));
}
