// listNotificationRules (level 3, the company's own; analysts of level 7 any company): a company's rules.
import * as z from 'zod/mini';
import { levelAtLeast, menuLevels } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { listNotificationRulesAs } from '../../kernel/notifications/notification-rules.js';
import { companySlug, notificationRuleDoc } from '../shared/notification-schemas.js';

export const listNotificationRules = defineSignedInCall({
  name: 'listNotificationRules',
  input: z.strictObject({ slug: companySlug }),
  output: z.object({ rules: z.array(notificationRuleDoc) }),
  access: levelAtLeast(menuLevels.administration),
  run: async ({ slug }, { caller }) => ({ rules: await listNotificationRulesAs(caller, slug) }),
});
