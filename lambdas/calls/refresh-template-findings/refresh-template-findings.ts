// refreshTemplateFindings (analysts, level 7): brings the findings on an older version of a template, whose
// texts no analyst edited since, to its current texts, in the background (a bulk update of up to 1,000;
// run it again for more). Answers `{bulkId}`; getBulkUpdate tells how many it found and changed.
import * as z from 'zod/mini';
import { templateId } from '../../contracts/templates.js';
import { templateLibraryAccess } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { startTemplateRefreshAs } from '../../kernel/findings/bulk-updates.js';

export const refreshTemplateFindings = defineSignedInCall({
  name: 'refreshTemplateFindings',
  input: z.strictObject({ templateId }),
  output: z.object({ bulkId: z.string() }),
  access: templateLibraryAccess,
  run: ({ templateId }, { caller }) => startTemplateRefreshAs(caller, templateId),
});
