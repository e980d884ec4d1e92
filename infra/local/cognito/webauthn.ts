// Passkeys as a Cognito user pool in the Essentials plan has them: registration by a signed-in user
// (StartWebAuthnRegistration, CompleteWebAuthnRegistration), listing and removal, and sign-in with the
// USER_AUTH flow's WEB_AUTHN challenge. Attestations and assertions are verified with
// @simplewebauthn/server against the configured relying party and origins; nothing is stored for a
// refused credential, and every refusal counts toward the user's failed-attempt limit.
import { randomBytes } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { z } from 'zod';
import type { AuthenticationResult, CustomAuth } from './custom-auth.js';
import { CognitoError, invalidParameter, notAuthorized } from './protocol.js';
import type { TokenIssuer } from './token-issuer.js';
import type { PoolUser, StoredPasskey, UserStore } from './user-store.js';

export interface WebAuthnSettings {
  /** The relying party: the site's domain, as the pool's WebAuthnRelyingPartyID (no scheme, no port). */
  relyingPartyId: string;
  /** Origins whose pages may register and use passkeys (`https://host`, or `http://localhost:<port>`). */
  origins: string[];
  /** @default 'required', as the pool's WebAuthnUserVerification */
  userVerification?: 'required' | 'preferred';
}

type Metadata = Record<string, string> | undefined;

/** Failed passkey attempts in a row before sign-in with a passkey is refused for a while. */
export const PASSKEY_MAX_FAILURES = 5;
const LOCKOUT_MS = 15 * 60 * 1000;
const CHALLENGE_TIMEOUT_MS = 180 * 1000;
const FAILED_SIGN_IN = 'Incorrect username or password.';
const SESSION_EXPIRED = 'Invalid session for the user, session is expired.';

const base64url = z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/, 'must be base64url');
const registrationCredential = z.object({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  response: z
    .object({
      clientDataJSON: base64url,
      attestationObject: base64url,
      transports: z.array(z.string()).optional(),
    })
    .passthrough(),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).optional().default({}),
});
const assertionCredential = z.object({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  response: z
    .object({
      clientDataJSON: base64url,
      authenticatorData: base64url,
      signature: base64url,
      userHandle: base64url.optional(),
    })
    .passthrough(),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).optional().default({}),
});

function parseCredential<S extends z.ZodType>(schema: S, value: unknown, what: string): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw invalidParameter(
    `${what} is not a WebAuthn credential: ${issue?.path.join('.') || what} ${issue?.message ?? ''}`.trim(),
  );
}

/** The origin the browser signed, read before verifying so that a foreign origin gets its own error. */
function clientOrigin(clientDataJSON: string): { origin: string; challenge: string } {
  try {
    const data = JSON.parse(isoBase64URL.toUTF8String(clientDataJSON)) as Record<string, unknown>;
    if (typeof data.origin === 'string' && typeof data.challenge === 'string') {
      return { origin: data.origin, challenge: data.challenge };
    }
  } catch {
    // answered below
  }
  throw invalidParameter("The credential's clientDataJSON is not valid client data.");
}

interface SignInSession {
  /** The user's sub, or undefined for a sign-in name no user has. */
  sub: string | undefined;
  challenge: string;
  expiresAt: number;
}

export class PoolWebAuthn {
  /** Registration challenges by user (one outstanding at a time, one use). */
  private readonly registrations = new Map<string, { challenge: string; expiresAt: number }>();
  private readonly sessions = new Map<string, SignInSession>();
  private readonly failures = new Map<string, { count: number; lockedUntil: number }>();

  constructor(
    private readonly settings: WebAuthnSettings | undefined,
    private readonly users: UserStore,
    private readonly auth: CustomAuth,
    private readonly tokens: TokenIssuer,
  ) {}

  private config(): WebAuthnSettings {
    if (!this.settings) {
      throw new CognitoError('WebAuthnConfigurationMissingException', 'WebAuthn is not configured for this user pool.');
    }
    return this.settings;
  }

  private get userVerification() {
    return this.config().userVerification ?? 'required';
  }

  async startRegistration(user: PoolUser): Promise<object> {
    const { relyingPartyId } = this.config();
    const email = user.attributes.email ?? user.sub;
    const options = await generateRegistrationOptions({
      rpName: relyingPartyId,
      rpID: relyingPartyId,
      userName: email,
      userDisplayName: email,
      userID: new TextEncoder().encode(user.sub),
      timeout: CHALLENGE_TIMEOUT_MS,
      attestationType: 'none',
      excludeCredentials: (user.passkeys ?? []).map(({ credentialId, transports }) => ({
        id: credentialId,
        transports,
      })),
      authenticatorSelection: { residentKey: 'required', userVerification: this.userVerification },
    });
    this.registrations.set(user.sub, { challenge: options.challenge, expiresAt: Date.now() + CHALLENGE_TIMEOUT_MS });
    return options;
  }

  async completeRegistration(user: PoolUser, credential: unknown): Promise<void> {
    const { relyingPartyId, origins } = this.config();
    const pending = this.registrations.get(user.sub);
    // A challenge answers one attempt, accepted or not.
    this.registrations.delete(user.sub);
    try {
      const parsed = parseCredential(registrationCredential, credential, 'Credential');
      if (!pending || pending.expiresAt < Date.now()) {
        throw new CognitoError(
          'WebAuthnChallengeNotFoundException',
          'No passkey registration is waiting for this user.',
        );
      }
      const client = clientOrigin(parsed.response.clientDataJSON);
      if (!origins.includes(client.origin)) throw originNotAllowed(client.origin);
      if (client.challenge !== pending.challenge) {
        throw new CognitoError('WebAuthnChallengeNotFoundException', 'The credential answers another challenge.');
      }
      let verified;
      try {
        verified = await verifyRegistrationResponse({
          response: parsed,
          expectedChallenge: pending.challenge,
          expectedOrigin: origins,
          expectedRPID: relyingPartyId,
          requireUserVerification: this.userVerification === 'required',
        });
      } catch (error) {
        throw verificationError(error, 'The passkey could not be registered', invalidParameter);
      }
      if (!verified.verified)
        throw invalidParameter('The passkey could not be registered: its attestation is not valid.');
      const { credential: created } = verified.registrationInfo;
      const passkey: StoredPasskey = {
        credentialId: created.id,
        publicKey: isoBase64URL.fromBuffer(created.publicKey),
        counter: created.counter,
        transports: parsed.response.transports ?? created.transports ?? [],
        ...(parsed.authenticatorAttachment && { attachment: parsed.authenticatorAttachment }),
        name: passkeyName(parsed.authenticatorAttachment, user.passkeys?.length ?? 0),
        relyingPartyId,
        createdAt: Date.now(),
      };
      await this.users.addPasskey(user, passkey);
      this.failures.delete(user.sub);
    } catch (error) {
      this.countFailure(user.sub);
      throw error;
    }
  }

  list(user: PoolUser, maxResults: number | undefined, nextToken: string | undefined) {
    const all = user.passkeys ?? [];
    let start = 0;
    if (nextToken) {
      start = all.findIndex((passkey) => passkey.credentialId === nextToken) + 1;
      if (start === 0) throw invalidParameter('Invalid NextToken.');
    }
    const page = all.slice(start, start + (maxResults ?? 20));
    const last = page.at(-1);
    return {
      Credentials: page.map((passkey) => ({
        CredentialId: passkey.credentialId,
        FriendlyCredentialName: passkey.name,
        RelyingPartyId: passkey.relyingPartyId,
        ...(passkey.attachment && { AuthenticatorAttachment: passkey.attachment }),
        AuthenticatorTransports: passkey.transports,
        CreatedAt: passkey.createdAt / 1000,
      })),
      ...(last && start + page.length < all.length && { NextToken: last.credentialId }),
    };
  }

  async remove(user: PoolUser, credentialId: string): Promise<void> {
    if (!(await this.users.removePasskey(user, credentialId))) {
      throw new CognitoError('ResourceNotFoundException', 'The credential does not exist.');
    }
  }

  /** InitiateAuth USER_AUTH: the WEB_AUTHN challenge, the same shape for unknown users (no existence errors). */
  async initiate(signInName: string, preferredChallenge: string | undefined): Promise<object> {
    const { relyingPartyId } = this.config();
    if (preferredChallenge !== undefined && preferredChallenge !== 'WEB_AUTHN') {
      throw invalidParameter(`The challenge ${preferredChallenge} is not available for this user pool.`);
    }
    const user = this.users.find(signInName);
    if (user && !user.enabled) throw notAuthorized('User is disabled.');
    if (user) this.checkNotLocked(user.sub);
    const options = await generateAuthenticationOptions({
      rpID: relyingPartyId,
      timeout: CHALLENGE_TIMEOUT_MS,
      userVerification: this.userVerification,
      allowCredentials: (user?.passkeys ?? []).map(({ credentialId, transports }) => ({
        id: credentialId,
        transports,
      })),
    });
    const session = randomBytes(48).toString('base64url');
    this.pruneExpiredSessions();
    this.sessions.set(session, {
      sub: user?.sub,
      challenge: options.challenge,
      expiresAt: Date.now() + CHALLENGE_TIMEOUT_MS,
    });
    return {
      ChallengeName: 'WEB_AUTHN',
      Session: session,
      ChallengeParameters: {
        USERNAME: user?.sub ?? this.tokens.pseudonym(signInName),
        CREDENTIAL_REQUEST_OPTIONS: JSON.stringify(options),
      },
      AvailableChallenges: ['WEB_AUTHN'],
    };
  }

  /** RespondToAuthChallenge WEB_AUTHN: verifies the assertion, then issues tokens as any sign-in does. */
  async respond(
    sessionId: string,
    credentialJson: string,
    clientMetadata: Metadata,
  ): Promise<{ AuthenticationResult: AuthenticationResult; ChallengeParameters: Record<string, never> }> {
    const { relyingPartyId, origins } = this.config();
    const session = this.sessions.get(sessionId);
    // A session answers one assertion: a replay of the same challenge finds none.
    this.sessions.delete(sessionId);
    if (!session || session.expiresAt < Date.now()) throw notAuthorized(SESSION_EXPIRED);
    const user = session.sub === undefined ? undefined : this.users.find(session.sub);
    try {
      let raw: unknown;
      try {
        raw = JSON.parse(credentialJson);
      } catch {
        throw invalidParameter('CREDENTIAL is not valid JSON.');
      }
      const parsed = parseCredential(assertionCredential, raw, 'CREDENTIAL');
      const client = clientOrigin(parsed.response.clientDataJSON);
      if (!origins.includes(client.origin)) throw originNotAllowed(client.origin);
      const passkey = user?.passkeys?.find((candidate) => candidate.credentialId === parsed.id);
      if (!user || !passkey) throw notAuthorized('The passkey is not registered for this user.');
      if (!user.enabled) throw notAuthorized('User is disabled.');
      let verified;
      try {
        verified = await verifyAuthenticationResponse({
          response: parsed,
          expectedChallenge: session.challenge,
          expectedOrigin: origins,
          expectedRPID: relyingPartyId,
          credential: {
            id: passkey.credentialId,
            publicKey: isoBase64URL.toBuffer(passkey.publicKey),
            counter: passkey.counter,
            transports: passkey.transports,
          },
          requireUserVerification: this.userVerification === 'required',
        });
      } catch (error) {
        throw verificationError(error, 'The passkey was not accepted', notAuthorized);
      }
      if (!verified.verified) throw notAuthorized(FAILED_SIGN_IN);
      await this.users.recordPasskeyUse(passkey, verified.authenticationInfo.newCounter);
      this.failures.delete(user.sub);
      return { AuthenticationResult: await this.auth.signInVerified(user, clientMetadata), ChallengeParameters: {} };
    } catch (error) {
      if (session.sub !== undefined) this.countFailure(session.sub);
      throw error;
    }
  }

  private countFailure(sub: string): void {
    const now = Date.now();
    const current = this.failures.get(sub);
    const count = current && current.lockedUntil <= now ? current.count + 1 : 1;
    this.failures.set(sub, { count, lockedUntil: count >= PASSKEY_MAX_FAILURES ? now + LOCKOUT_MS : 0 });
  }

  private checkNotLocked(sub: string): void {
    const state = this.failures.get(sub);
    if (!state || state.count < PASSKEY_MAX_FAILURES) return;
    if (state.lockedUntil > Date.now()) throw notAuthorized('Password attempts exceeded');
    this.failures.delete(sub);
  }

  private pruneExpiredSessions(): void {
    const now = Date.now();
    for (const [id, session] of this.sessions) if (session.expiresAt < now) this.sessions.delete(id);
  }
}

function originNotAllowed(origin: string): CognitoError {
  return new CognitoError(
    'WebAuthnOriginNotAllowedException',
    `The passkey was created or used on ${origin}, which is not an origin of this user pool's relying party.`,
  );
}

/** @simplewebauthn/server throws plain errors: a relying-party mismatch gets Cognito's own type. */
function verificationError(error: unknown, what: string, refusal: (message: string) => CognitoError): CognitoError {
  if (error instanceof CognitoError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/RP ID|rpIdHash/i.test(message)) {
    return new CognitoError('WebAuthnRelyingPartyMismatchException', `${what}: it is for another relying party.`);
  }
  if (/counter/i.test(message)) {
    return refusal(`${what}: its signature counter did not advance (a replayed or cloned passkey).`);
  }
  return refusal(`${what}: ${message}`);
}

/** Cognito names a passkey itself (no API sets a name); a name by kind and number serves the list. */
function passkeyName(attachment: string | undefined, existing: number): string {
  const kind = attachment === 'cross-platform' ? 'Security key' : 'Passkey';
  return `${kind} ${existing + 1}`;
}
