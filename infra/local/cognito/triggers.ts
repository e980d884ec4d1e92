// Calls the pool's Lambda triggers in-process with the event objects Cognito sends them, and turns
// their failures into the errors Cognito answers with (the trigger's message, never its stack).
import { randomUUID } from 'node:crypto';
import { CognitoError } from './protocol.js';

// Each trigger takes its own Cognito event type; the map holds them as the handlers are exported.
/* eslint-disable @typescript-eslint/no-explicit-any -- one map for four handlers of different event types */
export interface CognitoTriggers {
  defineAuthChallenge: (event: any) => Promise<any>;
  createAuthChallenge: (event: any) => Promise<any>;
  verifyAuthChallengeResponse: (event: any) => Promise<any>;
  /** Version 1 event: answers in response.claimsOverrideDetails (ID token claims). */
  preTokenGeneration?: (event: any) => Promise<any>;
}
/* eslint-enable @typescript-eslint/no-explicit-any */

export interface PoolIdentity {
  region: string;
  userPoolId: string;
  clientId: string;
}

export type TriggerName =
  'DefineAuthChallenge' | 'CreateAuthChallenge' | 'VerifyAuthChallengeResponse' | 'PreTokenGeneration';

// Handlers written for Lambda may read the context (loggers do); give them a plausible one.
type LambdaHandler = (event: unknown, context: unknown) => Promise<unknown>;

function lambdaContext(name: TriggerName, region: string) {
  const functionName = `local-${name}`;
  const deadline = Date.now() + 5000; // Cognito waits 5 seconds for a trigger
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:${region}:000000000000:function:${functionName}`,
    memoryLimitInMB: '128',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/**
 * Invokes one trigger with a Cognito-shaped event and returns the `response` it filled in.
 * `request` is built fresh by the caller for each call, so a handler mutating it changes nothing.
 */
export async function invokeTrigger(
  handler: CognitoTriggers[keyof CognitoTriggers],
  name: TriggerName,
  pool: PoolIdentity,
  userName: string,
  triggerSource: string,
  request: Record<string, unknown>,
  initialResponse: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  if (!handler) return initialResponse;
  const event = {
    version: '1',
    region: pool.region,
    userPoolId: pool.userPoolId,
    userName,
    callerContext: { awsSdkVersion: 'aws-sdk-unknown-unknown', clientId: pool.clientId },
    triggerSource,
    request,
    response: initialResponse,
  };
  let result: unknown;
  try {
    result = await (handler as LambdaHandler)(event, lambdaContext(name, pool.region));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new CognitoError('UserLambdaValidationException', `${name} failed with error ${message}.`);
  }
  const response = (result as { response?: unknown } | null | undefined)?.response;
  if (typeof response !== 'object' || response === null) {
    throw new CognitoError('InvalidLambdaResponseException', 'Unrecognizable lambda output');
  }
  return response as Record<string, unknown>;
}
