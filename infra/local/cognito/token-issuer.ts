// The pool's signing key and the ID and access tokens it signs: RS256 JWTs with a `kid`, the
// claims a Cognito user pool puts in them, and the public JWKS that verifiers load.
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import {
  calculateJwkThumbprint,
  errors as joseErrors,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  SignJWT,
  type JWK,
  type JWTPayload,
} from 'jose';
import { JsonFile } from './json-file.js';
import { notAuthorized } from './protocol.js';
import type { PoolUser } from './user-store.js';

/** The file in the pool's data folder that keeps its signing key (and the pseudonym secret). */
export const poolKeysFileName = 'pool-keys.json';

export interface StoredKeys {
  kid: string;
  privateJwk: JWK;
  /** Seeds the stand-in usernames given to unknown sign-in names (see `pseudonym`). */
  pseudonymSecret: string;
}

/** What both tokens of one issuance share. */
export interface TokenGrant {
  user: PoolUser;
  clientId: string;
  /** Identifies the sign-in (the refresh token's record); revoking it revokes every token from it. */
  originJti: string;
  /** Seconds since epoch of the original sign-in; a refresh keeps it. */
  authTime: number;
}

export interface AccessTokenClaims extends JWTPayload {
  sub: string;
  origin_jti: string;
  client_id: string;
  username: string;
  token_use: 'access';
}

// Claims a PreTokenGeneration trigger may not add, override or suppress (Cognito ignores them too).
const RESERVED_CLAIMS = new Set([
  'acr',
  'amr',
  'aud',
  'at_hash',
  'auth_time',
  'azp',
  'cognito:username',
  'event_id',
  'exp',
  'iat',
  'identities',
  'iss',
  'jti',
  'nbf',
  'nonce',
  'origin_jti',
  'sub',
  'token_use',
]);

export class TokenIssuer {
  private constructor(
    private readonly kid: string,
    private readonly privateKey: CryptoKey,
    private readonly publicKey: CryptoKey,
    private readonly publicJwk: JWK,
    private readonly pseudonymSecret: string,
    private readonly issuer: string,
    private readonly validitySeconds: number,
  ) {}

  /** Loads the key pair from dataDir, creating it on first start so tokens survive a restart. */
  static async open(dataDir: string, issuer: string, validitySeconds: number): Promise<TokenIssuer> {
    const file = new JsonFile<StoredKeys>(join(dataDir, poolKeysFileName));
    let stored = await file.read();
    if (!stored) {
      const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
      const privateJwk = await exportJWK(privateKey);
      stored = {
        kid: await calculateJwkThumbprint(privateJwk),
        privateJwk,
        pseudonymSecret: randomBytes(32).toString('base64url'),
      };
      await file.write(stored);
    }
    const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicJwk } = stored.privateJwk;
    const privateKey = (await importJWK(stored.privateJwk, 'RS256')) as CryptoKey;
    const publicKey = (await importJWK(publicJwk, 'RS256')) as CryptoKey;
    return new TokenIssuer(
      stored.kid,
      privateKey,
      publicKey,
      { ...publicJwk, kid: stored.kid, alg: 'RS256', use: 'sig' },
      stored.pseudonymSecret,
      issuer,
      validitySeconds,
    );
  }

  get expiresIn(): number {
    return this.validitySeconds;
  }

  jwks(): { keys: JWK[] } {
    return { keys: [{ ...this.publicJwk }] };
  }

  /** Access and ID token of one issuance; `idClaims` are the PreTokenGeneration trigger's. */
  async issue(grant: TokenGrant, idClaims: Record<string, unknown> = {}, suppress: string[] = []) {
    const iat = Math.floor(Date.now() / 1000);
    const eventId = randomUUID();
    const { user } = grant;
    const accessToken = await this.sign({
      sub: user.sub,
      iss: this.issuer,
      client_id: grant.clientId,
      origin_jti: grant.originJti,
      event_id: eventId,
      token_use: 'access',
      scope: 'aws.cognito.signin.user.admin',
      auth_time: grant.authTime,
      iat,
      exp: iat + this.validitySeconds,
      jti: randomUUID(),
      username: user.sub,
    });

    const claims: Record<string, unknown> = {};
    // The ID token carries the user's attributes; Cognito types the *_verified ones as booleans.
    for (const [name, value] of Object.entries(user.attributes)) {
      claims[name] = name.endsWith('_verified') ? value === 'true' : value;
    }
    for (const name of suppress) if (!RESERVED_CLAIMS.has(name)) delete claims[name];
    for (const [name, value] of Object.entries(idClaims)) if (!RESERVED_CLAIMS.has(name)) claims[name] = value;
    const idToken = await this.sign({
      ...claims,
      sub: user.sub,
      iss: this.issuer,
      aud: grant.clientId,
      'cognito:username': user.sub,
      origin_jti: grant.originJti,
      event_id: eventId,
      token_use: 'id',
      auth_time: grant.authTime,
      iat,
      exp: iat + this.validitySeconds,
      jti: randomUUID(),
    });
    return { accessToken, idToken };
  }

  /** Signature, issuer, expiry and use of an access token; revocation is the caller's check. */
  async verifyAccessToken(token: string, clientId: string): Promise<AccessTokenClaims> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, this.publicKey, { issuer: this.issuer, algorithms: ['RS256'] }));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw notAuthorized('Access Token has expired');
      throw notAuthorized('Invalid Access Token');
    }
    if (
      payload.token_use !== 'access' ||
      payload.client_id !== clientId ||
      typeof payload.sub !== 'string' ||
      typeof payload.origin_jti !== 'string'
    ) {
      throw notAuthorized('Invalid Access Token');
    }
    return payload as AccessTokenClaims;
  }

  /**
   * A stable UUID standing in for an unknown sign-in name, so that the username a sign-in answers
   * with looks the same for unknown e-mails as for real users (no user enumeration).
   */
  pseudonym(signInName: string): string {
    const bytes = createHmac('sha256', this.pseudonymSecret).update(signInName.trim().toLowerCase()).digest();
    bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
    bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
    const hex = bytes.subarray(0, 16).toString('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  private sign(payload: JWTPayload): Promise<string> {
    return new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid: this.kid }).sign(this.privateKey);
  }
}
