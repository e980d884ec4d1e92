// bulkUpdateFindings: one action on a selection of up to 1,000 findings of a company's service, run in the
// background. Answers `{bulkId, total}` at once; getBulkUpdate follows it. Everything the action needs is
// checked first (a bad status value, an unknown or retired template): on bad input nothing is written.
import * as z from 'zod/mini';
import { canUseTemplateLibrary } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { PermissionDeniedError } from '../../kernel/errors.js';
import { startBulkUpdateAs } from '../../kernel/findings/bulk-updates.js';
import { assertServiceAccess, serviceFindingsAccess } from '../../kernel/findings/service-access.js';
import { bulkUpdateInput } from '../../contracts/curation.js';

export const bulkUpdateFindings = defineSignedInCall({
  name: 'bulkUpdateFindings',
  input: bulkUpdateInput,
  output: z.object({ bulkId: z.string(), total: z.number() }),
  access: serviceFindingsAccess,
  async run(input, { caller }) {
    assertServiceAccess(caller, input.slug, input.service);
    // Templates are the library's (level 7).
    if (input.action.kind === 'applyTemplate' && !canUseTemplateLibrary(caller.access)) {
      throw new PermissionDeniedError('Applying templates needs access to the template library.');
    }
    return startBulkUpdateAs(caller, input);
  },
});
