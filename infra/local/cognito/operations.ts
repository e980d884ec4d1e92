// The operations the pool answers, by x-amz-target name: the public ones the Amplify client calls
// with the app client's id or the user's access token, and the Admin ones the backend calls with
// AWS's SDK (flagged `admin`, see index.ts for how those are guarded locally).
import { z } from 'zod';
import type { CustomAuth } from './custom-auth.js';
import { CognitoError, invalidParameter, notAuthorized, parseInput, userNotFound } from './protocol.js';
import type { RefreshTokenStore } from './refresh-tokens.js';
import type { TokenIssuer } from './token-issuer.js';
import { attributeList, type PoolUser, type UserStore } from './user-store.js';
import type { PoolWebAuthn } from './webauthn.js';

export interface Operation {
  admin?: boolean;
  run(input: unknown): Promise<object>;
}

export interface PoolServices {
  userPoolId: string;
  clientId: string;
  users: UserStore;
  refreshTokens: RefreshTokenStore;
  tokens: TokenIssuer;
  auth: CustomAuth;
  webAuthn: PoolWebAuthn;
}

const stringMap = z.record(z.string(), z.string());
const attributes = z.array(z.object({ Name: z.string().min(1), Value: z.string() }));
const nonEmpty = z.string().min(1, 'Member must have length greater than or equal to 1');

const epochSeconds = (ms: number) => ms / 1000;

function describeUser(user: PoolUser) {
  return {
    Username: user.sub,
    UserCreateDate: epochSeconds(user.createdAt),
    UserLastModifiedDate: epochSeconds(user.updatedAt),
    Enabled: user.enabled,
    UserStatus: 'CONFIRMED',
  };
}

export function poolOperations(pool: PoolServices): Record<string, Operation> {
  const { users, refreshTokens, tokens, auth, webAuthn } = pool;

  const checkClient = (clientId: string) => {
    if (clientId !== pool.clientId) {
      throw new CognitoError('ResourceNotFoundException', `User pool client ${clientId} does not exist.`);
    }
  };
  const checkPool = (userPoolId: string) => {
    if (userPoolId !== pool.userPoolId) {
      throw new CognitoError('ResourceNotFoundException', `User pool ${userPoolId} does not exist.`);
    }
  };
  const adminUser = (userPoolId: string, username: string): PoolUser => {
    checkPool(userPoolId);
    const user = users.find(username);
    if (!user) throw userNotFound();
    return user;
  };
  /** The caller of a token-authenticated operation: signature, expiry, then revocation. */
  const tokenUser = async (accessToken: string): Promise<PoolUser> => {
    const claims = await tokens.verifyAccessToken(accessToken, pool.clientId);
    if (refreshTokens.isOriginRevoked(claims.origin_jti)) throw notAuthorized('Access Token has been revoked');
    const user = users.find(claims.sub);
    if (!user) throw userNotFound();
    if (!user.enabled) throw notAuthorized('User is disabled.');
    return user;
  };

  const adminInput = z.object({ UserPoolId: nonEmpty, Username: nonEmpty });

  return {
    InitiateAuth: {
      async run(input) {
        const { AuthFlow, ClientId, AuthParameters, ClientMetadata } = parseInput(
          z.object({
            AuthFlow: nonEmpty,
            ClientId: nonEmpty,
            AuthParameters: stringMap.optional(),
            ClientMetadata: stringMap.optional(),
          }),
          input,
        );
        checkClient(ClientId);
        if (AuthFlow === 'CUSTOM_AUTH') {
          const username = AuthParameters?.USERNAME;
          if (!username) throw invalidParameter('Missing required parameter USERNAME');
          return auth.initiate(username);
        }
        if (AuthFlow === 'REFRESH_TOKEN_AUTH' || AuthFlow === 'REFRESH_TOKEN') {
          const refreshToken = AuthParameters?.REFRESH_TOKEN;
          if (!refreshToken) throw invalidParameter('Missing required parameter REFRESH_TOKEN');
          return { AuthenticationResult: await auth.refresh(refreshToken, ClientMetadata), ChallengeParameters: {} };
        }
        if (AuthFlow === 'USER_AUTH') {
          // Choice-based sign-in, with passkeys as its one choice (the pool allows no passwords or codes).
          const username = AuthParameters?.USERNAME;
          if (!username) throw invalidParameter('Missing required parameter USERNAME');
          return webAuthn.initiate(username, AuthParameters?.PREFERRED_CHALLENGE);
        }
        // The app client allows only the custom flow, passkeys and refresh (no passwords, no SRP).
        throw invalidParameter(`${AuthFlow} flow not enabled for this client`);
      },
    },

    RespondToAuthChallenge: {
      async run(input) {
        const { ChallengeName, ClientId, Session, ChallengeResponses, ClientMetadata } = parseInput(
          z.object({
            ChallengeName: nonEmpty,
            ClientId: nonEmpty,
            Session: z.string().optional(),
            ChallengeResponses: stringMap.optional(),
            ClientMetadata: stringMap.optional(),
          }),
          input,
        );
        checkClient(ClientId);
        if (ChallengeName === 'WEB_AUTHN') {
          const credential = ChallengeResponses?.CREDENTIAL;
          if (credential === undefined) throw invalidParameter('Missing required parameter CREDENTIAL');
          if (!Session) throw notAuthorized('Invalid session for the user, session is expired.');
          return webAuthn.respond(Session, credential, ClientMetadata);
        }
        if (ChallengeName !== 'CUSTOM_CHALLENGE') throw invalidParameter(`Unsupported challenge name ${ChallengeName}`);
        const answer = ChallengeResponses?.ANSWER;
        if (answer === undefined) throw invalidParameter('Missing required parameter ANSWER');
        if (!Session) throw notAuthorized('Invalid session for the user, session is expired.');
        return auth.respond(Session, ChallengeResponses?.USERNAME, answer, ClientMetadata);
      },
    },

    GetTokensFromRefreshToken: {
      async run(input) {
        const { RefreshToken, ClientId, ClientMetadata } = parseInput(
          z.object({ RefreshToken: nonEmpty, ClientId: nonEmpty, ClientMetadata: stringMap.optional() }),
          input,
        );
        checkClient(ClientId);
        return { AuthenticationResult: await auth.refresh(RefreshToken, ClientMetadata) };
      },
    },

    RevokeToken: {
      async run(input) {
        const { Token, ClientId } = parseInput(z.object({ Token: nonEmpty, ClientId: nonEmpty }), input);
        checkClient(ClientId);
        // As OAuth revocation (RFC 7009): an unknown or already revoked token is not an error.
        const record = refreshTokens.find(Token);
        if (record && record.clientId === ClientId && !record.revoked) await refreshTokens.revoke(record);
        return {};
      },
    },

    GlobalSignOut: {
      async run(input) {
        const { AccessToken } = parseInput(z.object({ AccessToken: nonEmpty }), input);
        const user = await tokenUser(AccessToken);
        await refreshTokens.revokeAllOf(user.sub);
        return {};
      },
    },

    GetUser: {
      async run(input) {
        const { AccessToken } = parseInput(z.object({ AccessToken: nonEmpty }), input);
        const user = await tokenUser(AccessToken);
        return { Username: user.sub, UserAttributes: attributeList(user) };
      },
    },

    StartWebAuthnRegistration: {
      async run(input) {
        const { AccessToken } = parseInput(z.object({ AccessToken: nonEmpty }), input);
        return { CredentialCreationOptions: await webAuthn.startRegistration(await tokenUser(AccessToken)) };
      },
    },

    CompleteWebAuthnRegistration: {
      async run(input) {
        const { AccessToken, Credential } = parseInput(
          z.object({ AccessToken: nonEmpty, Credential: z.unknown() }),
          input,
        );
        const user = await tokenUser(AccessToken);
        if (Credential === undefined) throw invalidParameter('Missing required parameter Credential');
        await webAuthn.completeRegistration(user, Credential);
        return {};
      },
    },

    ListWebAuthnCredentials: {
      async run(input) {
        const { AccessToken, MaxResults, NextToken } = parseInput(
          z.object({
            AccessToken: nonEmpty,
            MaxResults: z.number().int().min(1).max(20).optional(),
            NextToken: z.string().optional(),
          }),
          input,
        );
        return webAuthn.list(await tokenUser(AccessToken), MaxResults, NextToken);
      },
    },

    DeleteWebAuthnCredential: {
      async run(input) {
        const { AccessToken, CredentialId } = parseInput(
          z.object({ AccessToken: nonEmpty, CredentialId: nonEmpty }),
          input,
        );
        await webAuthn.remove(await tokenUser(AccessToken), CredentialId);
        return {};
      },
    },

    AdminCreateUser: {
      admin: true,
      async run(input) {
        const { UserPoolId, Username, UserAttributes } = parseInput(
          z.object({
            UserPoolId: nonEmpty,
            Username: nonEmpty,
            UserAttributes: attributes.optional(),
            // Accepted and ignored: the local pool sends no invitations and keeps no passwords.
            MessageAction: z.enum(['SUPPRESS', 'RESEND']).optional(),
            TemporaryPassword: z.string().optional(),
            DesiredDeliveryMediums: z.array(z.string()).optional(),
          }),
          input,
        );
        checkPool(UserPoolId);
        const user = await users.create(Username, UserAttributes ?? []);
        return { User: { ...describeUser(user), Attributes: attributeList(user) } };
      },
    },

    AdminGetUser: {
      admin: true,
      async run(input) {
        const { UserPoolId, Username } = parseInput(adminInput, input);
        const user = adminUser(UserPoolId, Username);
        return { ...describeUser(user), UserAttributes: attributeList(user) };
      },
    },

    AdminDeleteUser: {
      admin: true,
      async run(input) {
        const { UserPoolId, Username } = parseInput(adminInput, input);
        const user = adminUser(UserPoolId, Username);
        await users.delete(user);
        await refreshTokens.forgetUser(user.sub);
        return {};
      },
    },

    AdminUpdateUserAttributes: {
      admin: true,
      async run(input) {
        const { UserPoolId, Username, UserAttributes } = parseInput(
          adminInput.extend({ UserAttributes: attributes, ClientMetadata: stringMap.optional() }),
          input,
        );
        await users.updateAttributes(adminUser(UserPoolId, Username), UserAttributes);
        return {};
      },
    },

    AdminDisableUser: {
      admin: true,
      async run(input) {
        const { UserPoolId, Username } = parseInput(adminInput, input);
        const user = adminUser(UserPoolId, Username);
        await users.setEnabled(user, false);
        // Cognito revokes a disabled user's tokens.
        await refreshTokens.revokeAllOf(user.sub);
        return {};
      },
    },

    AdminEnableUser: {
      admin: true,
      async run(input) {
        const { UserPoolId, Username } = parseInput(adminInput, input);
        await users.setEnabled(adminUser(UserPoolId, Username), true);
        return {};
      },
    },

    AdminUserGlobalSignOut: {
      admin: true,
      async run(input) {
        const { UserPoolId, Username } = parseInput(adminInput, input);
        await refreshTokens.revokeAllOf(adminUser(UserPoolId, Username).sub);
        return {};
      },
    },

    ListUsers: {
      admin: true,
      async run(input) {
        const { UserPoolId, Filter, Limit, PaginationToken, AttributesToGet } = parseInput(
          z.object({
            UserPoolId: nonEmpty,
            Filter: z.string().optional(),
            Limit: z.number().int().min(0).max(60).optional(),
            PaginationToken: z.string().optional(),
            AttributesToGet: z.array(z.string()).optional(),
          }),
          input,
        );
        checkPool(UserPoolId);
        const matches = userFilter(Filter);
        const all = users.list().filter(matches);
        let start = 0;
        if (PaginationToken) {
          const after = Buffer.from(PaginationToken, 'base64url').toString('utf8');
          start = all.findIndex((user) => user.sub === after) + 1;
          if (start === 0) throw invalidParameter('Invalid pagination token.');
        }
        const limit = Limit || 60;
        const page = all.slice(start, start + limit);
        const last = page.at(-1);
        const more = start + page.length < all.length;
        return {
          Users: page.map((user) => ({
            ...describeUser(user),
            Attributes: attributeList(user).filter(({ Name }) => !AttributesToGet || AttributesToGet.includes(Name)),
          })),
          ...(more && last && { PaginationToken: Buffer.from(last.sub, 'utf8').toString('base64url') }),
        };
      },
    },
  };
}

const FILTERABLE = new Set([
  'username',
  'email',
  'phone_number',
  'name',
  'given_name',
  'family_name',
  'preferred_username',
  'cognito:user_status',
  'status',
  'sub',
]);

/** ListUsers' filter language: `name = "value"` (exact) or `name ^= "value"` (prefix). */
function userFilter(filter: string | undefined): (user: PoolUser) => boolean {
  if (!filter?.trim()) return () => true;
  const match = /^\s*"?([\w:]+)"?\s*(\^?=)\s*"((?:[^"\\]|\\.)*)"\s*$/.exec(filter);
  const [, name = '', operator, rawValue = ''] = match ?? [];
  if (!match || !FILTERABLE.has(name)) throw invalidParameter('Error while parsing filter.');
  const value = rawValue.replace(/\\(.)/g, '$1');
  const valueOf = (user: PoolUser): string | undefined => {
    if (name === 'username' || name === 'sub') return user.sub;
    if (name === 'status') return user.enabled ? 'Enabled' : 'Disabled';
    if (name === 'cognito:user_status') return 'CONFIRMED';
    return user.attributes[name];
  };
  return (user) => {
    const actual = valueOf(user);
    if (actual === undefined) return false;
    return operator === '=' ? actual === value : actual.startsWith(value);
  };
}
