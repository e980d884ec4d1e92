// The unmodified Amplify v6 client, configured against the local stack's Cognito endpoint, doing what the
// /auth/redirect page does with an e-mail and a link's token.
import { Amplify } from 'aws-amplify';
import { confirmSignIn, fetchAuthSession, signIn, signOut } from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { inject } from 'vitest';
import { MemoryKeyValueStorage } from '../infra-local/cognito/local-cognito-harness.js';

export const amplifyStorage = new MemoryKeyValueStorage();

export function configureAmplify(): void {
  const stack = inject('localStack');
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: stack.userPoolId,
        userPoolClientId: stack.userPoolClientId,
        userPoolEndpoint: `${stack.appUrl}/cognito`,
      },
    },
  });
  cognitoUserPoolsTokenProvider.setKeyValueStorage(amplifyStorage);
}

export async function completeSignIn(email: string, token: string) {
  await signOut();
  await signIn({ username: email, options: { authFlowType: 'CUSTOM_WITHOUT_SRP' } });
  return confirmSignIn({ challengeResponse: token });
}

export async function currentIdToken(): Promise<string> {
  const { tokens } = await fetchAuthSession();
  if (!tokens?.idToken) throw new Error('not signed in');
  return tokens.idToken.toString();
}
