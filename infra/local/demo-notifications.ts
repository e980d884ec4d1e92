// The demo's notification rule, once: Acme's DAST findings of high severity and above are mailed at once to
// everyone at Acme who may view DAST (manager@acme.example, viewer@acme.example, multi@example.com). Publishing a
// high DAST finding on the analyst's DAST page shows the mail in the outbox. Through the same domain function
// the call runs, so the rule is checked as an editor's would be.
import { listRuleItems } from '../../lambdas/kernel/data/entities/notifications.js';
import { saveNotificationRuleAs } from '../../lambdas/kernel/notifications/notification-rules.js';
import { demoAnalystCaller } from './demo-caller.js';

export async function seedDemoNotifications(analyst: { uid: string; email: string }): Promise<void> {
  if ((await listRuleItems('acme')).length > 0) return;
  await saveNotificationRuleAs(demoAnalystCaller(analyst), 'acme', {
    service: 'dast',
    minSeverity: 'high',
    cadence: 'immediate',
    recipientMode: 'everyone',
    recipients: [],
  });
}
