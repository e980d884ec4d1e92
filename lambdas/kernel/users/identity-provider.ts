// The Cognito user pool as the backend sees it (Admin calls). Locally the endpoint is the project's own
// Cognito-compatible endpoint, through AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER. Each call is one SigV4-signed
// request of Cognito's JSON protocol (the one the AWS SDK speaks) on the SDK's own signer and fetch rather than
// @aws-sdk/client-cognito-identity-provider: for these four operations the client took about 35 KB of the API's
// bundle, which its 600 KB budget could no longer hold (kernel/queues/send-message.ts does the same for SQS).
import { readConfig } from '../config.js';
import { region } from '../findings/uploads.js';
import { AwsServiceError, awsJsonRequest } from '../aws/json-request.js';

/** Cognito's error: its code (`__type`, without the namespace) and message. */
export { AwsServiceError as IdentityProviderError } from '../aws/json-request.js';

const endpoint = () =>
  new URL(process.env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER ?? `https://cognito-idp.${region()}.amazonaws.com`);

function userPoolId(): string {
  const { USER_POOL_ID } = readConfig();
  if (!USER_POOL_ID) throw new Error('USER_POOL_ID is not configured for this function');
  return USER_POOL_ID;
}

type Attribute = { Name: string; Value?: string };

/** One Admin operation (json-request.ts: signed, retried on throttling or a 5xx). */
const call = (operation: string, input: Record<string, unknown>) =>
  awsJsonRequest({
    service: 'cognito-idp',
    endpoint: endpoint(),
    target: `AWSCognitoIdentityProviderService.${operation}`,
    input,
  });

const isError = (error: unknown, code: string) => error instanceof AwsServiceError && error.code === code;
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
