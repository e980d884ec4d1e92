// Sign-in as a Cognito app client that allows only the custom flow and refresh: InitiateAuth and
// RespondToAuthChallenge drive the Define/Create/Verify triggers round by round, and a successful
// round (or a refresh) issues tokens after the PreTokenGeneration trigger has had its say.
import { randomBytes } from 'node:crypto';
import { CognitoError, notAuthorized } from './protocol.js';
import type { RefreshRecord, RefreshTokenStore } from './refresh-tokens.js';
import type { TokenIssuer } from './token-issuer.js';
import { invokeTrigger, type CognitoTriggers, type PoolIdentity } from './triggers.js';
import { triggerAttributes, type PoolUser, type UserStore } from './user-store.js';

type Metadata = Record<string, string> | undefined;

interface ChallengeResult {
  challengeName: 'CUSTOM_CHALLENGE';
  challengeResult: boolean;
  challengeMetadata?: string;
}

/** What the opaque Session string stands for; kept server-side and never persisted. */
interface AuthSession {
  /** The user's sub, or a stand-in for an unknown sign-in name. */
  userName: string;
  signInName: string;
  userNotFound: boolean;
  history: ChallengeResult[];
  privateChallengeParameters: Record<string, unknown>;
  challengeMetadata?: string;
  expiresAt: number;
}

export interface AuthenticationResult {
  AccessToken: string;
  IdToken: string;
  RefreshToken?: string;
  ExpiresIn: number;
  TokenType: 'Bearer';
}

export type AuthAnswer =
  | { ChallengeName: 'CUSTOM_CHALLENGE'; Session: string; ChallengeParameters: Record<string, unknown> }
  | { AuthenticationResult: AuthenticationResult; ChallengeParameters: Record<string, never> };

const FAILED = 'Incorrect username or password.';
const SESSION_EXPIRED = 'Invalid session for the user, session is expired.';

export class CustomAuth {
  private readonly sessions = new Map<string, AuthSession>();

  constructor(
    private readonly pool: PoolIdentity,
    private readonly triggers: CognitoTriggers,
    private readonly users: UserStore,
    private readonly refreshTokens: RefreshTokenStore,
    private readonly tokens: TokenIssuer,
    private readonly sessionValiditySeconds: number,
  ) {}

  async initiate(signInName: string): Promise<AuthAnswer> {
    const user = this.users.find(signInName);
    if (user && !user.enabled) throw notAuthorized('User is disabled.');
    const session: AuthSession = {
      userName: user?.sub ?? this.tokens.pseudonym(signInName),
      signInName,
      userNotFound: !user,
      history: [],
      privateChallengeParameters: {},
      expiresAt: 0,
    };
    // ClientMetadata given to InitiateAuth does not reach Define or Create on AWS either.
    return this.nextRound(session, user, undefined);
  }

  async respond(
    sessionId: string,
    username: string | undefined,
    answer: string,
    clientMetadata: Metadata,
  ): Promise<AuthAnswer> {
    const session = this.sessions.get(sessionId);
    // A session answers one challenge: whatever happens next, the client needs the new one.
    this.sessions.delete(sessionId);
    if (!session || session.expiresAt < Date.now()) throw notAuthorized(SESSION_EXPIRED);
    // The answer must name the user the session is for: its username, or the name it signed in with.
    const forThisUser =
      username === undefined ||
      username === session.userName ||
      username.toLowerCase() === session.signInName.toLowerCase();
    if (!forThisUser) throw notAuthorized(SESSION_EXPIRED);
    const user = session.userNotFound ? undefined : this.users.find(session.userName);
    if (!session.userNotFound && !user) throw notAuthorized(FAILED);
    if (user && !user.enabled) throw notAuthorized('User is disabled.');

    const verdict = await invokeTrigger(
      this.triggers.verifyAuthChallengeResponse,
      'VerifyAuthChallengeResponse',
      this.pool,
      session.userName,
      'VerifyAuthChallengeResponse_Authentication',
      {
        userAttributes: user ? triggerAttributes(user) : {},
        privateChallengeParameters: structuredClone(session.privateChallengeParameters),
        challengeAnswer: answer,
        ...(clientMetadata && { clientMetadata }),
        userNotFound: session.userNotFound,
      },
      { answerCorrect: null },
    );
    session.history.push({
      challengeName: 'CUSTOM_CHALLENGE',
      // Anything but a literal true is a wrong answer, as on AWS.
      challengeResult: verdict.answerCorrect === true,
      ...(session.challengeMetadata !== undefined && { challengeMetadata: session.challengeMetadata }),
    });
    return this.nextRound(session, user, clientMetadata);
  }

  /** New access and ID tokens for a refresh token; the refresh token itself is not rotated. */
  async refresh(refreshToken: string, clientMetadata: Metadata): Promise<AuthenticationResult> {
    const record = this.refreshTokens.find(refreshToken);
    if (!record || record.clientId !== this.pool.clientId) throw notAuthorized('Invalid Refresh Token');
    if (record.revoked) throw notAuthorized('Refresh Token has been revoked');
    if (record.expiresAt < Date.now()) throw notAuthorized('Refresh Token has expired');
    const user = this.users.find(record.sub);
    if (!user) throw notAuthorized('User does not exist.');
    if (!user.enabled) throw notAuthorized('User is disabled.');
    return this.issue(user, record, 'TokenGeneration_RefreshTokens', clientMetadata);
  }

  /** Tokens for a sign-in another flow (a passkey) has already verified; PreTokenGeneration runs as for a link. */
  async signInVerified(user: PoolUser, clientMetadata: Metadata): Promise<AuthenticationResult> {
    if (!user.enabled) throw notAuthorized('User is disabled.');
    return this.issue(user, Math.floor(Date.now() / 1000), 'TokenGeneration_Authentication', clientMetadata);
  }

  /** Define decides: tokens, failure, or another challenge made by Create. */
  private async nextRound(
    session: AuthSession,
    user: PoolUser | undefined,
    clientMetadata: Metadata,
  ): Promise<AuthAnswer> {
    const common = {
      userAttributes: user ? triggerAttributes(user) : {},
      session: structuredClone(session.history),
      ...(clientMetadata && { clientMetadata }),
      userNotFound: session.userNotFound,
    };
    const decision = await invokeTrigger(
      this.triggers.defineAuthChallenge,
      'DefineAuthChallenge',
      this.pool,
      session.userName,
      'DefineAuthChallenge_Authentication',
      structuredClone(common),
      { challengeName: null, issueTokens: null, failAuthentication: null },
    );
    if (decision.failAuthentication === true) throw notAuthorized(FAILED);
    if (decision.issueTokens === true) {
      if (!user) throw notAuthorized(FAILED);
      const authTime = Math.floor(Date.now() / 1000);
      const result = await this.issue(user, authTime, 'TokenGeneration_Authentication', clientMetadata);
      return { AuthenticationResult: result, ChallengeParameters: {} };
    }
    if (decision.challengeName !== 'CUSTOM_CHALLENGE') {
      // The client allows only the custom flow, so Define can ask for nothing else.
      throw new CognitoError('InvalidLambdaResponseException', 'Unrecognizable lambda output');
    }

    const challenge = await invokeTrigger(
      this.triggers.createAuthChallenge,
      'CreateAuthChallenge',
      this.pool,
      session.userName,
      'CreateAuthChallenge_Authentication',
      { ...structuredClone(common), challengeName: 'CUSTOM_CHALLENGE' },
      { publicChallengeParameters: null, privateChallengeParameters: null, challengeMetadata: null },
    );
    const publicParameters = stringMap(challenge.publicChallengeParameters);
    const sessionId = randomBytes(48).toString('base64url');
    this.pruneExpiredSessions();
    this.sessions.set(sessionId, {
      ...session,
      privateChallengeParameters: stringMap(challenge.privateChallengeParameters),
      challengeMetadata: typeof challenge.challengeMetadata === 'string' ? challenge.challengeMetadata : undefined,
      expiresAt: Date.now() + this.sessionValiditySeconds * 1000,
    });
    return {
      ChallengeName: 'CUSTOM_CHALLENGE',
      Session: sessionId,
      // Cognito adds USERNAME (the internal username); Amplify answers the challenge with it.
      ChallengeParameters: { ...publicParameters, USERNAME: session.userName },
    };
  }

  /**
   * Runs PreTokenGeneration and signs the tokens. A sign-in (authTime given) also makes the refresh
   * token; a refresh (record given) reuses the sign-in's origin_jti and auth_time.
   */
  private async issue(
    user: PoolUser,
    signIn: number | RefreshRecord,
    triggerSource: 'TokenGeneration_Authentication' | 'TokenGeneration_RefreshTokens',
    clientMetadata: Metadata,
  ): Promise<AuthenticationResult> {
    const overrides = await invokeTrigger(
      this.triggers.preTokenGeneration,
      'PreTokenGeneration',
      this.pool,
      user.sub,
      triggerSource,
      {
        userAttributes: triggerAttributes(user),
        groupConfiguration: { groupsToOverride: [], iamRolesToOverride: [], preferredRole: null },
        ...(clientMetadata && { clientMetadata }),
      },
      { claimsOverrideDetails: null },
    );
    const { claims, suppress } = claimsOverride(overrides.claimsOverrideDetails);
    let refreshToken: string | undefined;
    let record: RefreshRecord;
    if (typeof signIn === 'number') {
      ({ token: refreshToken, record } = await this.refreshTokens.create(user.sub, this.pool.clientId, signIn));
    } else {
      record = signIn;
    }
    const { accessToken, idToken } = await this.tokens.issue(
      { user, clientId: this.pool.clientId, originJti: record.originJti, authTime: record.authTime },
      claims,
      suppress,
    );
    return {
      AccessToken: accessToken,
      ExpiresIn: this.tokens.expiresIn,
      TokenType: 'Bearer',
      ...(refreshToken !== undefined && { RefreshToken: refreshToken }),
      IdToken: idToken,
    };
  }

  private pruneExpiredSessions(): void {
    const now = Date.now();
    for (const [id, session] of this.sessions) if (session.expiresAt < now) this.sessions.delete(id);
  }
}

/** Challenge parameters must be maps (AWS wants strings in them; that is the trigger's business). */
function stringMap(value: unknown): Record<string, unknown> {
  if (value === null || value === undefined) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new CognitoError('InvalidLambdaResponseException', 'Unrecognizable lambda output');
  }
  return structuredClone(value as Record<string, unknown>);
}

/**
 * A version 1 PreTokenGeneration answer. Its claims are strings on AWS, so numbers and booleans
 * are turned into strings here too; objects are refused, as only version 2 allows them.
 */
function claimsOverride(details: unknown): { claims: Record<string, string>; suppress: string[] } {
  if (details === null || details === undefined) return { claims: {}, suppress: [] };
  const refuse = () => new CognitoError('InvalidLambdaResponseException', 'Unrecognizable lambda output');
  if (typeof details !== 'object') throw refuse();
  const { claimsToAddOrOverride, claimsToSuppress } = details as Record<string, unknown>;
  const claims: Record<string, string> = {};
  if (claimsToAddOrOverride !== null && claimsToAddOrOverride !== undefined) {
    if (typeof claimsToAddOrOverride !== 'object' || Array.isArray(claimsToAddOrOverride)) throw refuse();
    for (const [name, value] of Object.entries(claimsToAddOrOverride)) {
      if (!['string', 'number', 'boolean'].includes(typeof value)) throw refuse();
      claims[name] = String(value);
    }
  }
  const suppress = claimsToSuppress ?? [];
  if (!Array.isArray(suppress) || !suppress.every((name) => typeof name === 'string')) throw refuse();
  return { claims, suppress };
}
