// listEvents: the current user's own events (or, for level 9, everyone's), newest first unless asked
// otherwise, a page at a time, optionally only those that hold the filter text.
import { hasLevel, signedIn } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { PermissionDeniedError } from '../../kernel/errors.js';
import { listAllEvents, listEventsCreatedBy } from '../../kernel/events/events.js';
import { filterKey } from '../../kernel/search/search-text.js';
import { listEventsInput, listEventsOutput } from './contract.js';

export const listEvents = defineSignedInCall({
  name: 'listEvents',
  input: listEventsInput,
  output: listEventsOutput,
  access: { ...signedIn, describe: "any signed-in user for their own events; level 9 for everyone's" },
  // The caller's own events are keyed by the token's subject, so they need not wait for the caller's records.
  readAhead: ({ scope, filter, descending, cursor, limit }, { uid }) => {
    const page = { cursor, limit: limit ?? 20, filter: filterKey(filter), descending: descending ?? true };
    return scope === 'everyone' ? listAllEvents(page) : listEventsCreatedBy(uid, page);
  },
  async run({ scope }, { caller, ahead }) {
    if (scope === 'everyone' && !hasLevel(caller.access, 9))
      throw new PermissionDeniedError("Only platform administrators see everyone's events.");
    return ahead;
  },
});
