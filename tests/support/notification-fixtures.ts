// Notification rules put straight into the table (as saveNotificationRule leaves them), for tests that need one to
// edit or delete.
import { randomBytes } from 'node:crypto';
import { serviceFlags } from '../../lambdas/kernel/access/rules.js';
import { saveRuleItem, type NotificationRule } from '../../lambdas/kernel/data/entities/notifications.js';
import { maxRulesPerCompany } from '../../lambdas/kernel/notifications/notification-rules.js';

export async function seedNotificationRule(
  slug: string,
  fields: Partial<NotificationRule> = {},
): Promise<NotificationRule> {
  const now = Date.now();
  const rule: NotificationRule = {
    slug,
    ruleId: randomBytes(9).toString('base64url'),
    service: 'dast',
    minSeverity: 'high',
    cadence: 'immediate',
    recipientMode: 'everyone',
    recipients: [],
    version: 1,
    createdAt: now,
    createdBy: 'seed@example.com',
    updatedAt: now,
    updatedBy: 'seed@example.com',
    ...fields,
  };
  const refused = await saveRuleItem(rule, { serviceFlags: serviceFlags[rule.service], maxRules: maxRulesPerCompany });
  if (refused) throw new Error(`The seeded notification rule was refused: ${refused}`);
  return rule;
}
