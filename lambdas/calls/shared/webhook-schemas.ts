// Schemas of the webhook calls: an endpoint as its editor writes it, and as the page reads it (never its secret).
import * as z from 'zod/mini';
import { companySlug } from '../../contracts/scope.js';
import {
  maxWebhookDescriptionLength,
  maxWebhookUrlLength,
  webhookEventTypes,
  webhookFormats,
} from '../../contracts/webhooks.js';
import { recordVersion } from './schemas.js';

export const endpointId = z.string().check(z.regex(/^[A-Za-z0-9_-]{12}$/, 'must be an endpoint id'));
export const deliveryId = z.string().check(z.regex(/^\d{13}-[0-9a-f]{12}$/, 'must be a delivery id'));
const webhookEvent = z.enum(webhookEventTypes, { error: `must be one of ${webhookEventTypes.join(', ')}` });
const webhookFormat = z.enum(webhookFormats, { error: 'must be standard, slack or teams' });

export const endpointFields = {
  url: z
    .string()
    .check(
      z.minLength(1, 'must be an https URL'),
      z.maxLength(maxWebhookUrlLength, `must be at most ${maxWebhookUrlLength} characters`),
    ),
  events: z
    .array(webhookEvent)
    .check(
      z.minLength(1, 'choose at least one event'),
      z.maxLength(webhookEventTypes.length * 2, 'lists an event twice'),
    ),
  format: z._default(webhookFormat, 'standard'),
  description: z._default(
    z
      .string()
      .check(z.maxLength(maxWebhookDescriptionLength, `must be at most ${maxWebhookDescriptionLength} characters`)),
    '',
  ),
};

export const webhookEndpointDoc = z.object({
  endpointId: z.string(),
  url: z.string(),
  events: z.array(webhookEvent),
  format: webhookFormat,
  description: z.string(),
  enabled: z.boolean(),
  disabledReason: z.optional(z.string()),
  previousSecretUntil: z.optional(z.number()),
  failingSince: z.optional(z.number()),
  version: z.number(),
  createdAt: z.number(),
  createdBy: z.string(),
  updatedAt: z.number(),
  updatedBy: z.string(),
});

export const webhookSecretAnswer = z.object({ endpoint: webhookEndpointDoc, secret: z.string() });

export const webhookDeliveryDoc = z.object({
  deliveryId: z.string(),
  webhookId: z.string(),
  eventType: z.string(),
  createdAt: z.number(),
  state: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number(),
  nextAttemptAt: z.optional(z.number()),
  lastAttemptAt: z.optional(z.number()),
  responseStatus: z.optional(z.number()),
  latencyMs: z.optional(z.number()),
  responseExcerpt: z.optional(z.string()),
  error: z.optional(z.string()),
});

export { companySlug, recordVersion };
