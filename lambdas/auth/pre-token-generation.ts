// Cognito PreTokenGeneration (V1): adds userType and accessLevel from users_access to the ID token.
// The server never trusts these claims for decisions (it reads users_access itself); the web uses them to draw.
// A sign-in (not a refresh) also records the time on the user's profile, for the administration pages.
import type { PreTokenGenerationTriggerEvent } from 'aws-lambda';
import { loadUserAccess, recordSignIn } from '../kernel/users/user-records.js';

export const handler = async (event: PreTokenGenerationTriggerEvent): Promise<PreTokenGenerationTriggerEvent> => {
  const uid = event.request.userAttributes.sub;
  const access = uid ? await loadUserAccess(uid) : undefined;
  if (uid && access && event.triggerSource === 'TokenGeneration_Authentication') await recordSignIn(uid);
  event.response.claimsOverrideDetails = {
    claimsToAddOrOverride: {
      userType: access?.claims.userType ?? 'none',
      accessLevel: String(access?.claims.accessLevel ?? 0),
    },
  };
  return event;
};
