// retireTemplate (analysts, level 7): takes a template out of search and suggestions (or, with
// `retired: false`, puts it back), conditional on the version of its `retired` field the editor saw.
import * as z from 'zod/mini';
import { templateId } from '../../contracts/templates.js';
import { templateLibraryAccess } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { updateTemplateFieldAs } from '../../kernel/templates/templates.js';
import { recordVersion } from '../shared/schemas.js';

export const retireTemplate = defineSignedInCall({
  name: 'retireTemplate',
  input: z.strictObject({
    templateId,
    expectedVersion: recordVersion,
    /** @default true */
    retired: z.optional(z.boolean()),
  }),
  output: z.object({ version: z.number() }),
  access: templateLibraryAccess,
  run: ({ templateId: id, expectedVersion, retired }, { caller }) =>
    updateTemplateFieldAs(caller, { templateId: id, field: 'retired', value: retired ?? true, expectedVersion }),
});
