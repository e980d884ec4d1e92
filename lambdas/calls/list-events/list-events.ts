// listEvents: the current user's own events, newest first, a page at a time.
import { signedIn } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { listEventsCreatedBy } from '../../kernel/events/events.js';
import { listEventsInput, listEventsOutput } from './contract.js';

export const listEvents = defineSignedInCall({
  name: 'listEvents',
  input: listEventsInput,
  output: listEventsOutput,
  access: signedIn,
  run: ({ cursor, limit }, { caller }) => listEventsCreatedBy(caller.uid, { cursor, limit: limit ?? 20 }),
});
