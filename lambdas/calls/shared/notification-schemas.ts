// Schemas of the notification-rule calls: a rule as its editor writes it, and as the page reads it.
import * as z from 'zod/mini';
import { companySlug, serviceName } from '../../contracts/scope.js';
import { notificationCadences, recipientModes } from '../../kernel/data/entities/notifications.js';
import { maxChosenRecipients } from '../../kernel/notifications/notification-rules.js';
import { severities } from '../../kernel/scanners/finding-model.js';
import { recordVersion } from './schemas.js';

export const ruleId = z.string().check(z.regex(/^[A-Za-z0-9_-]{12}$/, 'must be a rule id'));
export const minSeverity = z.enum(severities, { error: 'must be one of critical, high, medium, low, info' });
export const cadence = z.enum(notificationCadences, { error: 'must be immediate or daily' });
export const recipientMode = z.enum(recipientModes, { error: 'must be everyone or chosen' });
const userId = z.string().check(z.minLength(1, 'must be a user id'), z.maxLength(64, 'must be a user id'));

export const ruleFields = {
  service: serviceName,
  minSeverity,
  cadence,
  recipientMode,
  recipients: z._default(
    z.array(userId).check(z.maxLength(maxChosenRecipients, `must hold at most ${maxChosenRecipients} users`)),
    [],
  ),
};

export const notificationRuleDoc = z.object({
  slug: z.string(),
  ruleId: z.string(),
  service: serviceName,
  minSeverity,
  cadence,
  recipientMode,
  recipients: z.array(z.string()),
  version: z.number(),
  createdAt: z.number(),
  createdBy: z.string(),
  updatedAt: z.number(),
  updatedBy: z.string(),
});

export { companySlug, recordVersion };
