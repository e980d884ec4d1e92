// saveNotificationRule (level 3, the company's own; analysts of level 7 any company): a new rule (no ruleId), or a
// new version of one, conditional on the version the editor saw. The service must be on for the company, chosen
// recipients must be its users; nothing is written otherwise.
import * as z from 'zod/mini';
import { levelAtLeast, menuLevels } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { saveNotificationRuleAs } from '../../kernel/notifications/notification-rules.js';
import { companySlug, notificationRuleDoc, recordVersion, ruleFields, ruleId } from '../shared/notification-schemas.js';

export const saveNotificationRule = defineSignedInCall({
  name: 'saveNotificationRule',
  input: z.strictObject({
    slug: companySlug,
    ruleId: z.optional(ruleId),
    expectedVersion: z.optional(recordVersion),
    ...ruleFields,
  }),
  output: notificationRuleDoc,
  access: levelAtLeast(menuLevels.administration),
  run: ({ slug, ...input }, { caller }) => saveNotificationRuleAs(caller, slug, input),
});
