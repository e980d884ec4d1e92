// Invokes the API handler as a given user, the way API Gateway hands it a verified token's claims.
import { handler } from '../../lambdas/api/handler.js';
import { callEvent, parseResult } from './call-event.js';

export function signedInCaller(user: { uid: string; email: string }, authTimeMs = Date.now()) {
  const claims = {
    sub: user.uid,
    email: user.email,
    token_use: 'id',
    auth_time: String(Math.floor(authTimeMs / 1000)),
  };
  return async (name: string, data: unknown): Promise<{ statusCode: number; body: any }> =>
    parseResult(await handler(callEvent(name, data, { claims })));
}
