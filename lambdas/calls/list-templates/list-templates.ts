// listTemplates (analysts, level 7): the library a page at a time, most recently changed first (retired
// ones too, marked; the search leaves them out).
import * as z from 'zod/mini';
import { pageCursor } from '../../contracts/scope.js';
import { templateLibraryAccess } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { listTemplatesPage } from '../../kernel/templates/templates.js';
import { listDescending, pageLimit } from '../shared/schemas.js';
import { templateDoc } from '../shared/template-schemas.js';

export const listTemplates = defineSignedInCall({
  name: 'listTemplates',
  input: z.strictObject({
    /** Oldest change first when false. @default true */
    descending: z.optional(listDescending),
    cursor: z.optional(pageCursor),
    limit: z.optional(pageLimit),
  }),
  output: z.object({ templates: z.array(templateDoc), nextCursor: z.optional(z.string()) }),
  access: templateLibraryAccess,
  readAhead: ({ descending, cursor, limit }) =>
    listTemplatesPage({ descending: descending ?? true, cursor, limit: limit ?? 50 }),
  run: (_input, { ahead }) => ahead,
});
