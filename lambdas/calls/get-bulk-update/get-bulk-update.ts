// getBulkUpdate: how far a bulk update got (processed of total) and, once done, what it changed and which
// findings it could not. Whoever may work on its company's service (a template's refresh: the template
// library's analysts); an unknown id gets the same refusal.
import * as z from 'zod/mini';
import { canUseTemplateLibrary } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { getBulkUpdateItem } from '../../kernel/data/entities/bulk-updates.js';
import { PermissionDeniedError } from '../../kernel/errors.js';
import { mayWorkOnService, serviceFindingsAccess } from '../../kernel/findings/service-access.js';
import type { ServiceName } from '../../kernel/access/rules.js';
import { bulkId, bulkUpdate, type bulkSkip } from '../../contracts/curation.js';

type BulkSkipOutput = z.infer<typeof bulkSkip>;

const bulkDenied = 'You do not have access to this bulk update.';

export const getBulkUpdate = defineSignedInCall({
  name: 'getBulkUpdate',
  input: z.strictObject({ bulkId }),
  output: bulkUpdate,
  access: serviceFindingsAccess,
  readAhead: ({ bulkId }) => getBulkUpdateItem(bulkId, true),
  async run(_input, { caller, ahead }) {
    const bulk = await ahead;
    const allowed =
      bulk &&
      (bulk.slug
        ? mayWorkOnService(caller, bulk.slug, bulk.service as ServiceName)
        : canUseTemplateLibrary(caller.access));
    if (!bulk || !allowed) throw new PermissionDeniedError(bulkDenied);
    return {
      bulkId: bulk.bulkId,
      status: bulk.status,
      action: bulk.action,
      total: bulk.total,
      processed: bulk.processed,
      changed: bulk.changed,
      unchanged: bulk.unchanged,
      conflicted: bulk.conflicted as Array<BulkSkipOutput>,
      createdAt: bulk.createdAt,
      createdBy: bulk.createdBy,
      finishedAt: bulk.finishedAt,
      error: bulk.error,
    };
  },
});
