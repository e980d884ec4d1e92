// The Cognito user pool as the backend sees it (Admin calls). Locally the endpoint is the project's own
// Cognito-compatible endpoint, through AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER. Each call is one SigV4-signed
// request of Cognito's JSON protocol (the one the AWS SDK speaks) on the SDK's own signer and fetch rather than
// @aws-sdk/client-cognito-identity-provider: for these four operations the client took about 35 KB of the API's
// bundle, which its 600 KB budget could no longer hold (kernel/queues/send-message.ts does the same for SQS).
import { SignatureV4 } from '@smithy/signature-v4';
import { readConfig } from '../config.js';
import { credentials, region, Sha256 } from '../findings/uploads.js';

/** Cognito's error: its code (`__type`, without the namespace) and message. */
export class IdentityProviderError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = code;
  }
}

const endpoint = () =>
  new URL(process.env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER ?? `https://cognito-idp.${region()}.amazonaws.com`);
const retryable = (status: number) => status >= 500 || status === 429;

function userPoolId(): string {
  const { USER_POOL_ID } = readConfig();
  if (!USER_POOL_ID) throw new Error('USER_POOL_ID is not configured for this function');
  return USER_POOL_ID;
}

type Attribute = { Name: string; Value?: string };

/** One Admin operation; retried twice on throttling or a 5xx, as the SDK would. */
async function call(operation: string, input: Record<string, unknown>): Promise<Record<string, unknown>> {
  const url = endpoint();
  const body = JSON.stringify(input);
  for (let attempt = 1; ; attempt += 1) {
    const signer = new SignatureV4({ service: 'cognito-idp', region: region(), credentials, sha256: Sha256 });
    const signed = await signer.sign({
      method: 'POST',
      protocol: url.protocol,
      hostname: url.hostname,
      port: url.port ? Number(url.port) : undefined,
      path: url.pathname || '/',
      query: {},
      headers: {
        host: url.host,
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
      },
      body,
    });
    const answer = await fetch(url, { method: 'POST', headers: signed.headers, body });
    const text = await answer.text();
    let parsed: Record<string, unknown> = {};
    try {
      parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      // An answer that is not JSON is an error of the transport; its status says which.
    }
    if (answer.ok) return parsed;
    if (!retryable(answer.status) || attempt >= 3) {
      const type =
        (typeof parsed.__type === 'string' && parsed.__type) || answer.headers.get('x-amzn-errortype') || 'HTTP';
      const code = type.split('#').pop()!.split(':')[0]!;
      const message = typeof parsed.message === 'string' ? parsed.message : `Cognito answered ${answer.status}`;
      throw new IdentityProviderError(code, message, answer.status);
    }
    await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt));
  }
}

const isError = (error: unknown, code: string) => error instanceof IdentityProviderError && error.code === code;
const subOf = (attributes: unknown) => (attributes as Attribute[] | undefined)?.find((a) => a.Name === 'sub')?.Value;

/** Creates the sign-in identity (no password, no invitation mail: links are our own) and returns its sub. */
export async function createIdentity(email: string): Promise<{ uid: string; created: boolean }> {
  try {
    const answer = await call('AdminCreateUser', {
      UserPoolId: userPoolId(),
      Username: email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    });
    const uid = subOf((answer.User as { Attributes?: unknown } | undefined)?.Attributes);
    if (!uid) throw new Error("The user pool did not return the new user's sub");
    return { uid, created: true };
  } catch (error) {
    if (!isError(error, 'UsernameExistsException')) throw error;
    const existing = await findIdentity(email);
    if (!existing) throw error;
    return { uid: existing, created: false };
  }
}

export async function findIdentity(email: string): Promise<string | undefined> {
  try {
    const answer = await call('AdminGetUser', { UserPoolId: userPoolId(), Username: email });
    return subOf(answer.UserAttributes);
  } catch (error) {
    if (isError(error, 'UserNotFoundException')) return undefined;
    throw error;
  }
}

export async function deleteIdentity(email: string): Promise<void> {
  await call('AdminDeleteUser', { UserPoolId: userPoolId(), Username: email });
}

/** Revokes every refresh token of the user: no session of theirs can be renewed. */
export async function signOutIdentityEverywhere(uid: string): Promise<void> {
  await call('AdminUserGlobalSignOut', { UserPoolId: userPoolId(), Username: uid });
}
