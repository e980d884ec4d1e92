// Points Amplify Auth at the user pool named by runtime-config.json (and, on the local stack, at the
// Cognito-compatible endpoint), and gives the call client the ID token of the signed-in user.
import { Amplify } from 'aws-amplify';
import { fetchAuthSession } from 'aws-amplify/auth';
import { configureCalls } from '../api/call-client';
import type { RuntimeConfig } from '../config/runtime-config';

export function configureAmplify(config: RuntimeConfig): void {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
      },
    },
  });
  configureCalls({
    apiUrl: config.apiUrl,
    // fetchAuthSession refreshes an expired ID token with the refresh token before answering.
    getIdToken: async () => {
      try {
        const { tokens } = await fetchAuthSession();
        return tokens?.idToken?.toString();
      } catch {
        return undefined;
      }
    },
  });
}
