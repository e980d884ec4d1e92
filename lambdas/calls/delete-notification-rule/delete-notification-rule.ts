// deleteNotificationRule (level 3, the company's own; analysts of level 7 any company): removes a rule,
// conditional on the version the editor saw.
import * as z from 'zod/mini';
import { levelAtLeast, menuLevels } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { deleteNotificationRuleAs } from '../../kernel/notifications/notification-rules.js';
import { companySlug, recordVersion, ruleId } from '../shared/notification-schemas.js';

export const deleteNotificationRule = defineSignedInCall({
  name: 'deleteNotificationRule',
  input: z.strictObject({ slug: companySlug, ruleId, expectedVersion: recordVersion }),
  output: z.object({ deleted: z.boolean() }),
  access: levelAtLeast(menuLevels.administration),
  run: async ({ slug, ruleId: id, expectedVersion }, { caller }) => {
    await deleteNotificationRuleAs(caller, slug, id, expectedVersion);
    return { deleted: true };
  },
});
