// listTemplateFindings (analysts, level 7): the findings whose texts came from a template, of every
// company, oldest template version first; `outdatedOnly` keeps those on an older version than the
// template's. Each row says whether its texts were edited by hand since (an update leaves those).
import * as z from 'zod/mini';
import { templateId } from '../../contracts/templates.js';
import { templateLibraryAccess } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { queryTemplateFindings } from '../../kernel/data/entities/findings.js';
import type { FindingStatus } from '../../contracts/findings.js';
import type { ServiceName } from '../../kernel/access/rules.js';
import { getTemplate } from '../../kernel/templates/templates.js';
import { templateFindingRow } from '../../contracts/curation.js';
import { listLimit, pageCursor } from '../../contracts/findings.js';

export const listTemplateFindings = defineSignedInCall({
  name: 'listTemplateFindings',
  input: z.strictObject({
    templateId,
    outdatedOnly: z.optional(z.boolean()),
    cursor: z.optional(pageCursor),
    limit: listLimit,
  }),
  output: z.object({
    findings: z.array(templateFindingRow),
    nextCursor: z.optional(z.string()),
    templateVersion: z.number(),
  }),
  access: templateLibraryAccess,
  async run(input) {
    const template = await getTemplate(input.templateId);
    const page = await queryTemplateFindings(input.templateId, {
      belowVersion: input.outdatedOnly ? template.version : undefined,
      cursor: input.cursor,
      limit: input.limit ?? 50,
    });
    return {
      templateVersion: template.version,
      nextCursor: page.nextCursor,
      findings: page.items.map((finding) => ({
        slug: finding.slug as string,
        service: finding.service as ServiceName,
        findingId: finding.id,
        title: finding.analystTitle || (finding.title as string),
        severity: finding.analystSeverity ?? finding.toolSeverity,
        status: finding.status as FindingStatus,
        templateVersion: (finding.template as { version: number }).version,
        templateTextsEdited: finding.templateTextsEdited === true,
      })),
    };
  },
});
