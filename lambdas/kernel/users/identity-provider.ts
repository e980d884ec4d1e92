// The Cognito user pool as the backend sees it (Admin calls). Locally the SDK's endpoint points at
// the project's own Cognito-compatible endpoint through AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER.
import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  UserNotFoundException,
  UsernameExistsException,
} from '@aws-sdk/client-cognito-identity-provider';
import { readConfig } from '../config.js';

const cognito = new CognitoIdentityProviderClient({});

function userPoolId(): string {
  const { USER_POOL_ID } = readConfig();
  if (!USER_POOL_ID) throw new Error('USER_POOL_ID is not configured for this function');
  return USER_POOL_ID;
}

/** Creates the sign-in identity (no password, no invitation mail: links are our own) and returns its sub. */
export async function createIdentity(email: string): Promise<{ uid: string; created: boolean }> {
  try {
    const answer = await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId(),
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    const uid = answer.User?.Attributes?.find((attribute) => attribute.Name === 'sub')?.Value;
    if (!uid) throw new Error("The user pool did not return the new user's sub");
    return { uid, created: true };
  } catch (error) {
    if (!(error instanceof UsernameExistsException)) throw error;
    const existing = await findIdentity(email);
    if (!existing) throw error;
    return { uid: existing, created: false };
  }
}

export async function findIdentity(email: string): Promise<string | undefined> {
  try {
    const answer = await cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId(), Username: email }));
    return answer.UserAttributes?.find((attribute) => attribute.Name === 'sub')?.Value;
  } catch (error) {
    if (error instanceof UserNotFoundException) return undefined;
    throw error;
  }
}

export async function deleteIdentity(email: string): Promise<void> {
  await cognito.send(new AdminDeleteUserCommand({ UserPoolId: userPoolId(), Username: email }));
}

/** Revokes every refresh token of the user: no session of theirs can be renewed. */
export async function signOutIdentityEverywhere(uid: string): Promise<void> {
  await cognito.send(new AdminUserGlobalSignOutCommand({ UserPoolId: userPoolId(), Username: uid }));
}
