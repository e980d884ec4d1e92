// The people function: signing in and the session, administration, notification rules, the weekly digest's
// settings and its unsubscribe link, the mail senders (lambdas/calls/groups/people.ts).
import { peopleCalls } from '../../calls/groups/people.js';
import { unsubscribeByLink, unsubscribeConfirmation } from '../../kernel/notifications/digest-unsubscribe.js';
import type { RestRoute } from '../../kernel/http/rest-handler.js';
import { makeApiFunction } from '../api-function.js';
import type { RestRoutesOf } from '../rest-routes.js';

const restRoutes: Record<keyof RestRoutesOf<'people'>, RestRoute> = {
  'GET /api/digest/unsubscribe/{token}': async ({ pathParameters }) =>
    unsubscribeConfirmation(pathParameters.token ?? ''),
  'POST /api/digest/unsubscribe/{token}': async ({ pathParameters }) => unsubscribeByLink(pathParameters.token ?? ''),
};

export const handler = makeApiFunction('peopleApi', peopleCalls, restRoutes);
