// Step-up re-authentication of the person already signed in, without touching their session until it succeeds.
//
// Amplify refuses signIn while someone is signed in (UserAlreadyAuthenticatedException), and signing out first
// would lose the session on a wrong code, a cancel or a closed passkey prompt. So the custom challenge (or the
// passkey's WEB_AUTHN challenge) is run against Cognito's own API here, InitiateAuth then
// RespondToAuthChallenge, exactly as Amplify runs it; only tokens for the same user are handed to Amplify's token
// store (tokenOrchestrator.setTokens, what Amplify's own sign-in does with them), and the refresh token they
// replace is revoked. Until then Amplify's stored tokens are untouched: a failure leaves the page as it was.
import { Amplify } from 'aws-amplify';
import { getCurrentUser } from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { codeAnswer } from '../../../lambdas/kernel/sign-in/sign-in-code';

/** Cognito refused the code or the passkey (wrong, used, expired, worn out); the session is unchanged. */
export class ReauthenticationRefused extends Error {
  override readonly name = 'ReauthenticationRefused';
}

interface CognitoSettings {
  endpoint: string;
  clientId: string;
}

function cognitoSettings(): CognitoSettings {
  const cognito = Amplify.getConfig().Auth?.Cognito;
  if (!cognito?.userPoolClientId || !cognito.userPoolId) throw new Error('Amplify Auth is not configured');
  const region = cognito.userPoolId.split('_')[0];
  return {
    endpoint: cognito.userPoolEndpoint ?? `https://cognito-idp.${region}.amazonaws.com/`,
    clientId: cognito.userPoolClientId,
  };
}

/** The parts of InitiateAuth's and RespondToAuthChallenge's answers used here. */
interface CognitoAnswer {
  ChallengeName?: string;
  Session?: string;
  ChallengeParameters?: Record<string, string | undefined>;
  AuthenticationResult?: AuthenticationResult;
}

/** One call of Cognito's JSON API; its error answers become ReauthenticationRefused when they are refusals. */
async function cognitoCall(settings: CognitoSettings, operation: string, input: object): Promise<CognitoAnswer> {
  const response = await fetch(settings.endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
    },
    body: JSON.stringify(input),
    cache: 'no-store',
  });
  const body = (await response.json().catch(() => ({}))) as { __type?: string; message?: string };
  if (response.ok) return body as CognitoAnswer;
  const type = (body.__type ?? '').split('#').pop() ?? '';
  if (['NotAuthorizedException', 'UserNotFoundException', 'CodeMismatchException'].includes(type)) {
    throw new ReauthenticationRefused(type);
  }
  throw new Error(`Cognito ${operation} answered ${response.status} ${type}`);
}

interface AuthenticationResult {
  AccessToken: string;
  IdToken: string;
  RefreshToken?: string;
}

type StoredTokens = Parameters<typeof cognitoUserPoolsTokenProvider.tokenOrchestrator.setTokens>[0]['tokens'];
type Jwt = StoredTokens['accessToken'];

function decodeJwt(token: string): Jwt {
  const part = token.split('.')[1] ?? '';
  const json = atob(
    part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '='),
  );
  const payload = JSON.parse(new TextDecoder().decode(Uint8Array.from(json, (c) => c.charCodeAt(0)))) as Jwt['payload'];
  return { payload, toString: () => token };
}

/** Hands tokens of the same user to Amplify, then revokes the refresh token they replace. */
async function adoptTokens(settings: CognitoSettings, result: AuthenticationResult): Promise<void> {
  const { username, userId } = await getCurrentUser();
  const idToken = decodeJwt(result.IdToken);
  const accessToken = decodeJwt(result.AccessToken);
  // Never someone else's tokens in this person's session (the address is theirs, but be sure).
  if (idToken.payload.sub !== userId) throw new ReauthenticationRefused('another user');
  const orchestrator = cognitoUserPoolsTokenProvider.tokenOrchestrator;
  const previous = await orchestrator.tokenStore?.loadTokens().catch(() => null);
  await orchestrator.setTokens({
    tokens: {
      accessToken,
      idToken,
      ...(result.RefreshToken !== undefined && { refreshToken: result.RefreshToken }),
      clockDrift: (accessToken.payload.iat ?? 0) * 1000 - Date.now(),
      username,
    },
  });
  if (previous?.refreshToken && previous.refreshToken !== result.RefreshToken) {
    // Best effort: the old session's refresh token should not outlive its replacement.
    await cognitoCall(settings, 'RevokeToken', { Token: previous.refreshToken, ClientId: settings.clientId }).catch(
      () => undefined,
    );
  }
}

/** Re-authenticates `email` (the signed-in person) with the code of the mail just sent to them. */
export async function reauthenticateWithCode(email: string, code: string): Promise<void> {
  const settings = cognitoSettings();
  const started = await cognitoCall(settings, 'InitiateAuth', {
    AuthFlow: 'CUSTOM_AUTH',
    ClientId: settings.clientId,
    AuthParameters: { USERNAME: email },
  });
  if (started.ChallengeName !== 'CUSTOM_CHALLENGE') throw new ReauthenticationRefused('unexpected challenge');
  const answered = await cognitoCall(settings, 'RespondToAuthChallenge', {
    ChallengeName: 'CUSTOM_CHALLENGE',
    ClientId: settings.clientId,
    Session: started.Session,
    ChallengeResponses: { USERNAME: started.ChallengeParameters?.USERNAME ?? email, ANSWER: codeAnswer(code) },
  });
  if (!answered.AuthenticationResult) throw new ReauthenticationRefused('no tokens');
  await adoptTokens(settings, answered.AuthenticationResult);
}

/**
 * Re-authenticates with a passkey: Cognito's USER_AUTH flow with WEB_AUTHN as the preferred challenge (what
 * Amplify's signIn with `preferredChallenge: 'WEB_AUTHN'` sends), the browser's passkey prompt in between.
 */
export async function reauthenticateWithPasskey(email: string): Promise<void> {
  const settings = cognitoSettings();
  const started = await cognitoCall(settings, 'InitiateAuth', {
    AuthFlow: 'USER_AUTH',
    ClientId: settings.clientId,
    AuthParameters: { USERNAME: email, PREFERRED_CHALLENGE: 'WEB_AUTHN' },
  });
  if (started.ChallengeName !== 'WEB_AUTHN') throw new ReauthenticationRefused('no passkey challenge');
  const requestOptions: unknown = JSON.parse(started.ChallengeParameters?.CREDENTIAL_REQUEST_OPTIONS ?? '{}');
  const publicKeyCredential = PublicKeyCredential as unknown as {
    parseRequestOptionsFromJSON: (json: unknown) => PublicKeyCredentialRequestOptions;
  };
  const credential = (await navigator.credentials.get({
    publicKey: publicKeyCredential.parseRequestOptionsFromJSON(requestOptions),
  })) as (PublicKeyCredential & { toJSON: () => unknown }) | null;
  if (!credential) throw new ReauthenticationRefused('no passkey chosen');
  const answered = await cognitoCall(settings, 'RespondToAuthChallenge', {
    ChallengeName: 'WEB_AUTHN',
    ClientId: settings.clientId,
    Session: started.Session,
    ChallengeResponses: {
      USERNAME: started.ChallengeParameters?.USERNAME ?? email,
      CREDENTIAL: JSON.stringify(credential.toJSON()),
    },
  });
  if (!answered.AuthenticationResult) throw new ReauthenticationRefused('no tokens');
  await adoptTokens(settings, answered.AuthenticationResult);
}
