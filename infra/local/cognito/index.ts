// A Cognito user pool with one app client, answering the JSON protocol that the unmodified Amplify
// v6 client and AWS's SDK speak, for the one-machine stack: no emulator supports custom auth, so
// the project keeps its own. Local only: bind it to 127.0.0.1. Admin calls are not authenticated
// (their SigV4 signature is required in form but never verified).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CustomAuth } from './custom-auth.js';
import { poolOperations } from './operations.js';
import {
  CognitoError,
  readJsonBody,
  sendError,
  sendJson,
  sendPreflight,
  sendResult,
  TARGET_PREFIX,
} from './protocol.js';
import { RefreshTokenStore } from './refresh-tokens.js';
import { TokenIssuer } from './token-issuer.js';
import type { CognitoTriggers } from './triggers.js';
import { UserStore } from './user-store.js';
import { PoolWebAuthn, type WebAuthnSettings } from './webauthn.js';

export type { CognitoTriggers } from './triggers.js';
export type { WebAuthnSettings } from './webauthn.js';

export interface LocalCognitoOptions {
  region: string;
  /** `${region}_id`, or Amplify refuses its configuration. */
  userPoolId: string;
  /** The one app client (no secret; custom flow and refresh only). */
  clientId: string;
  /** Absolute; the JWKS is served at `${issuer}/.well-known/jwks.json` (its path part). */
  issuer: string;
  /** Users, the signing key and refresh-token records live here, so a restart loses nothing. */
  dataDir: string;
  triggers: CognitoTriggers;
  /** Path the endpoint answers POSTs on (with or without a trailing slash). @default '/cognito' */
  basePath?: string;
  /** @default 3600 */
  accessTokenValiditySeconds?: number;
  /** @default 30 days */
  refreshTokenValiditySeconds?: number;
  /** Lifetime of a custom-auth Session string. @default 180 */
  authSessionValiditySeconds?: number;
  /**
   * Passkeys: the relying party and the origins allowed to use it, as the pool's WebAuthn settings on AWS.
   * @default - none: the WebAuthn operations answer WebAuthnConfigurationMissingException
   */
  webAuthn?: WebAuthnSettings;
}

export interface LocalCognito {
  /** Node request handler; it reads the full URL (nothing stripped) and answers everything it is given. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** The public JWKS, for verifying tokens in-process. */
  jwks(): Promise<{ keys: object[] }>;
  /** Waits for pending writes to the data directory. */
  close(): Promise<void>;
}

export async function createLocalCognito(options: LocalCognitoOptions): Promise<LocalCognito> {
  const {
    region,
    userPoolId,
    clientId,
    issuer,
    dataDir,
    triggers,
    basePath: rawBasePath = '/cognito',
    accessTokenValiditySeconds = 3600,
    refreshTokenValiditySeconds = 30 * 24 * 3600,
    authSessionValiditySeconds = 180,
  } = options;
  if (!new RegExp(`^${region.replace(/[^\w-]/g, '')}_[A-Za-z0-9]+$`).test(userPoolId)) {
    throw new Error(`userPoolId must look like ${region}_<id>, got ${userPoolId}`);
  }
  if (!URL.canParse(issuer)) throw new Error(`issuer must be an absolute URL, got ${issuer}`);
  const basePath = rawBasePath.replace(/\/+$/, '') || '/';
  const jwksPath = `${new URL(issuer).pathname.replace(/\/+$/, '')}/.well-known/jwks.json`;

  const users = await UserStore.open(dataDir);
  const refreshTokens = await RefreshTokenStore.open(dataDir, refreshTokenValiditySeconds);
  const tokens = await TokenIssuer.open(dataDir, issuer, accessTokenValiditySeconds);
  const pool = { region, userPoolId, clientId };
  const auth = new CustomAuth(pool, triggers, users, refreshTokens, tokens, authSessionValiditySeconds);
  const webAuthn = new PoolWebAuthn(options.webAuthn, users, auth, tokens);
  const operations = poolOperations({ userPoolId, clientId, users, refreshTokens, tokens, auth, webAuthn });

  async function dispatch(req: IncomingMessage): Promise<object> {
    const body = await readJsonBody(req);
    const target = req.headers['x-amz-target'];
    const name =
      typeof target === 'string' && target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : '';
    const operation = Object.hasOwn(operations, name) ? operations[name] : undefined;
    if (!operation) {
      throw new CognitoError(
        'UnknownOperationException',
        `Operation ${name || String(target ?? '')} is not supported.`,
      );
    }
    if (operation.admin) {
      // Browsers always send Origin with a cross-origin POST; the web never calls Admin operations,
      // so refusing them stops any page the developer visits from administering the local pool.
      if (req.headers.origin !== undefined) {
        throw new CognitoError('AccessDeniedException', 'Admin operations are not available to browsers.');
      }
      if (!req.headers.authorization?.startsWith('AWS4-HMAC-SHA256 ')) {
        throw new CognitoError('MissingAuthenticationTokenException', 'Missing Authentication Token');
      }
    }
    return operation.run(body);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://local').pathname;
    const isBase = path === basePath || path === `${basePath}/`;
    if (!isBase && path !== jwksPath) {
      sendJson(res, 404, { message: 'Not Found' });
      return;
    }
    if (req.method === 'OPTIONS') {
      sendPreflight(res);
      return;
    }
    if (path === jwksPath && req.method === 'GET') {
      sendJson(res, 200, tokens.jwks());
      return;
    }
    if (!isBase || req.method !== 'POST') {
      sendJson(res, 405, { message: 'Method Not Allowed' });
      return;
    }
    try {
      sendResult(res, await dispatch(req));
    } catch (error) {
      if (error instanceof CognitoError) {
        sendError(res, error);
        return;
      }
      // Our own bug: log it (no request data, which may hold tokens) and answer as AWS does.
      console.error('[local-cognito] internal error', error);
      sendError(res, new CognitoError('InternalErrorException', 'Internal error', 500));
    }
  }

  return {
    handle,
    jwks: async () => tokens.jwks(),
    async close() {
      await Promise.all([users.flush(), refreshTokens.flush()]);
    },
  };
}
