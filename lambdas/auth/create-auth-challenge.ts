// Cognito CreateAuthChallenge: the answer is the token from the mailed link, checked by the verify trigger
// against the stored hash, so the challenge itself carries nothing secret and nothing user-specific.
import type { CreateAuthChallengeTriggerEvent } from 'aws-lambda';

export const handler = async (event: CreateAuthChallengeTriggerEvent): Promise<CreateAuthChallengeTriggerEvent> => {
  event.response.publicChallengeParameters = { method: 'MAGIC_LINK' };
  event.response.privateChallengeParameters = { method: 'MAGIC_LINK' };
  event.response.challengeMetadata = 'MAGIC_LINK';
  return event;
};
