// The words of webhooks, shared by the calls and the page: which events an endpoint may subscribe to, the formats it
// may be sent in, and the limits of its fields.

export const webhookEventTypes = [
  'finding.published',
  'finding.updated',
  'finding.fixed',
  'finding.reopened',
  'finding.overdue',
  'retest.requested',
  'retest.decided',
  'risk.requested',
  'risk.decided',
  'scan.completed',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** `standard`: signed JSON (Standard Webhooks); `slack` and `teams`: a readable message to an incoming webhook. */
export const webhookFormats = ['standard', 'slack', 'teams'] as const;
export type WebhookFormat = (typeof webhookFormats)[number];

export const maxWebhookEndpointsPerCompany = 20;
export const maxWebhookUrlLength = 2048;
export const maxWebhookDescriptionLength = 500;
/** How much of a receiver's answer a delivery keeps. */
export const webhookResponseExcerptBytes = 1024;
