// applyTemplate (analysts, level 7): a template's texts copied into one finding, with its lineage (template
// id and version), the use counted on the template. Answers the lineage and the finding's field versions.
import * as z from 'zod/mini';
import { templateId } from '../../contracts/templates.js';
import { templateLibraryAccess } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { applyTemplateAs } from '../../kernel/findings/finding-curation.js';
import { assertServiceAccess } from '../../kernel/findings/service-access.js';
import { findingId, serviceScope } from '../../contracts/findings.js';

export const applyTemplate = defineSignedInCall({
  name: 'applyTemplate',
  input: z.strictObject({ ...serviceScope, findingId, templateId }),
  output: z.object({
    template: z.object({ templateId: z.string(), version: z.number(), title: z.string() }),
    fieldVersions: z.record(z.string(), z.number()),
  }),
  access: templateLibraryAccess,
  async run(input, { caller }) {
    assertServiceAccess(caller, input.slug, input.service);
    return applyTemplateAs(caller, input);
  },
});
