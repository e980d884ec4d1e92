// Cognito DefineAuthChallenge: one custom challenge (the link's token), one attempt, then tokens or failure.
import type { DefineAuthChallengeTriggerEvent } from 'aws-lambda';

export const handler = async (event: DefineAuthChallengeTriggerEvent): Promise<DefineAuthChallengeTriggerEvent> => {
  const session = event.request.session ?? [];
  event.response.issueTokens = false;
  event.response.failAuthentication = false;
  if (session.length === 0) {
    // Unknown users are challenged too, so the first answer looks the same for every address.
    event.response.challengeName = 'CUSTOM_CHALLENGE';
  } else if (
    session.length === 1 &&
    session[0]?.challengeName === 'CUSTOM_CHALLENGE' &&
    session[0].challengeResult === true &&
    !event.request.userNotFound
  ) {
    event.response.issueTokens = true;
  } else {
    event.response.failAuthentication = true;
  }
  return event;
};
