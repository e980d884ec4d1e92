// What a webhook says. The `standard` format is `{type, timestamp, data}`, data holding the customer's view of the
// finding (the whitelisted fields of customer-findings.ts, a link to it in the report) and nothing an analyst alone
// sees; `slack` posts Slack blocks and `teams` an Adaptive Card, readable in the channel.
import type { WebhookEventType, WebhookFormat } from '../../contracts/webhooks.js';
import type { StoredFinding } from '../data/entities/findings.js';
import { customerFindingDetail } from '../reports/customer-findings.js';

export type WebhookMessageType = WebhookEventType | 'webhook.test';

export interface WebhookFindingView extends Record<string, unknown> {
  id: string;
  service: string;
  title: string;
  severity: string;
  status: string;
  link: string;
}

/** What `scan.completed` says of an import: counts of what the company's customers see (published findings). */
export interface WebhookScanView extends Record<string, unknown> {
  service: string;
  tool?: string;
  finishedAt: string;
  /** Published findings the scan found new, fixed or reopened; published open findings of the service after it. */
  counts: { new: number; fixed: number; reopened: number; open: number };
  /** The service's report page. */
  link: string;
}

export interface WebhookPayload {
  type: WebhookMessageType;
  timestamp: string;
  data: {
    company: string;
    finding?: WebhookFindingView;
    scan?: WebhookScanView;
    /** What a retest or risk request or decision said (decision, note), when the event is one. */
    review?: Record<string, unknown>;
    message?: string;
  };
}

export function reportLinkOf(portalUrl: string, service: string): string {
  return `${portalUrl.replace(/\/+$/, '')}/reports/${service}`;
}

export function findingLinkOf(portalUrl: string, service: string, findingId: string): string {
  return `${portalUrl.replace(/\/+$/, '')}/reports/${service}?finding=${encodeURIComponent(findingId)}`;
}

/**
 * The customer's view of a stored finding, or undefined when a customer may not read it (unpublished). The
 * evidence and the instances stay in the portal (the link leads there): a message stays small.
 */
export function webhookFindingView(item: StoredFinding, portalUrl: string): WebhookFindingView | undefined {
  const detail = customerFindingDetail(item);
  if (!detail) return undefined;
  const { evidence: _evidence, instances: _instances, reviewLog: _log, ...shown } = detail;
  return {
    ...shown,
    id: detail.id,
    service: detail.service,
    title: detail.title,
    severity: detail.severity,
    status: detail.status,
    link: findingLinkOf(portalUrl, detail.service, detail.id),
  };
}

const headlines: Record<WebhookMessageType, string> = {
  'finding.published': 'New finding',
  'finding.updated': 'Finding updated',
  'finding.fixed': 'Finding fixed',
  'finding.reopened': 'Finding reopened',
  'finding.overdue': 'Finding overdue',
  'retest.requested': 'Retest requested',
  'retest.decided': 'Retest decided',
  'risk.requested': 'Risk acceptance requested',
  'risk.decided': 'Risk acceptance decided',
  'scan.completed': 'Scan completed',
  'webhook.test': 'Test message',
};

function summaryLines(payload: WebhookPayload): { headline: string; title: string; facts: [string, string][] } {
  const { finding, scan } = payload.data;
  const facts: [string, string][] = [['Company', payload.data.company]];
  if (finding) facts.push(['Severity', finding.severity], ['Status', finding.status], ['Service', finding.service]);
  if (scan) {
    facts.push(['Service', scan.service]);
    for (const kind of ['new', 'fixed', 'reopened', 'open'] as const) facts.push([kind, String(scan.counts[kind])]);
  }
  const decision = payload.data.review?.decision;
  if (typeof decision === 'string') facts.push(['Decision', decision]);
  const scanTitle = scan && `${scan.service} scan${scan.tool ? ` (${scan.tool})` : ''} completed`;
  return {
    headline: headlines[payload.type],
    title: finding?.title ?? scanTitle ?? payload.data.message ?? '',
    facts,
  };
}

const linkOf = (payload: WebhookPayload) => payload.data.finding?.link ?? payload.data.scan?.link;

/** Slack's incoming webhooks take blocks (with `text` as the notification's fallback). */
function slackMessage(payload: WebhookPayload): unknown {
  const { headline, title, facts } = summaryLines(payload);
  const link = linkOf(payload);
  const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return {
    text: `${headline}: ${title}`,
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: headline.slice(0, 150) } },
      {
        type: 'section',
        text: { type: 'mrkdwn', text: link ? `<${link}|${escaped(title)}>` : escaped(title) || headline },
        fields: facts.map(([name, value]) => ({ type: 'mrkdwn', text: `*${name}*\n${escaped(value)}` })),
      },
    ],
  };
}

/** Teams' incoming webhooks (and Workflows) take an Adaptive Card as a message attachment. */
function teamsMessage(payload: WebhookPayload): unknown {
  const { headline, title, facts } = summaryLines(payload);
  const link = linkOf(payload);
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [
            { type: 'TextBlock', size: 'Medium', weight: 'Bolder', text: headline },
            { type: 'TextBlock', text: title, wrap: true },
            { type: 'FactSet', facts: facts.map(([name, value]) => ({ title: name, value })) },
          ],
          ...(link ? { actions: [{ type: 'Action.OpenUrl', title: 'Open in the portal', url: link }] } : {}),
        },
      },
    ],
  };
}

/** The body an endpoint of this format is sent. */
export function webhookBody(payload: WebhookPayload, format: WebhookFormat): string {
  if (format === 'slack') return JSON.stringify(slackMessage(payload));
  if (format === 'teams') return JSON.stringify(teamsMessage(payload));
  return JSON.stringify(payload);
}
