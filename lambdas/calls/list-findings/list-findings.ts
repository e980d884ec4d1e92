// listFindings: a company's findings of one service, a page at a time, by severity (critical first) or the
// reverse, narrowed by severity, status, asset, text or "new in this import".
import * as z from 'zod/mini';
import { defineSignedInCall } from '../../kernel/call.js';
import { listFindingsPage } from '../../kernel/findings/finding-records.js';
import { assertServiceAccess, serviceFindingsAccess } from '../../kernel/findings/service-access.js';
import { findingFilter, findingRow, listLimit, pageCursor, serviceScope } from '../shared/finding-schemas.js';

export const listFindings = defineSignedInCall({
  name: 'listFindings',
  input: z.strictObject({
    ...serviceScope,
    filter: z.optional(findingFilter),
    /** By severity, critical first (the default), or info first when false. */
    descending: z.optional(z.boolean()),
    cursor: z.optional(pageCursor),
    limit: listLimit,
  }),
  output: z.object({ findings: z.array(findingRow), nextCursor: z.optional(z.string()) }),
  access: serviceFindingsAccess,
  readAhead: (input) =>
    listFindingsPage(input.slug, input.service, {
      filter: input.filter,
      descending: input.descending ?? true,
      cursor: input.cursor,
      limit: input.limit ?? 50,
    }),
  async run({ slug, service }, { caller, ahead }) {
    assertServiceAccess(caller, slug, service);
    const page = await ahead;
    return { findings: page.items, nextCursor: page.nextCursor };
  },
});
