// The tables of /admin/company/integrations: a company's webhook endpoints (read whole, filtered and sorted in the
// browser) and the deliveries of the one selected; the words for formats, events and delivery states.
import type { WebhookEventType, WebhookFormat } from '../../../../../../lambdas/contracts/webhooks';
import type { CallOutput } from '../../../../api/call-client';
import { CellText } from '../../../../components/tables/cell-text';
import { compareKeys, type TableConfig } from '../../../../components/tables/table-config';

export type WebhookEndpoint = CallOutput<'listWebhookEndpoints'>['endpoints'][number];
export type WebhookDelivery = CallOutput<'listWebhookDeliveries'>['deliveries'][number];

export const formatLabels: Record<WebhookFormat, string> = {
  standard: 'Signed JSON (Standard Webhooks)',
  slack: 'Slack message',
  teams: 'Microsoft Teams card',
};

export const eventLabels: Record<WebhookEventType, string> = {
  'finding.published': 'Finding published',
  'finding.updated': 'Finding updated',
  'finding.fixed': 'Finding fixed',
  'finding.reopened': 'Finding reopened',
  'finding.overdue': 'Finding overdue',
  'retest.requested': 'Retest requested',
  'retest.decided': 'Retest decided',
  'risk.requested': 'Risk acceptance requested',
  'risk.decided': 'Risk acceptance decided',
  'scan.completed': 'Scan completed',
};

const stateOf = (endpoint: WebhookEndpoint) =>
  endpoint.enabled ? (endpoint.failingSince ? 'On, failing' : 'On') : 'Off';
const time = (ms: number | undefined) => (ms ? new Date(ms).toLocaleString() : '');

export const endpointsTable: TableConfig<WebhookEndpoint> = {
  id: 'company-webhook-endpoints',
  noun: 'endpoints',
  columns: [
    {
      id: 'url',
      header: 'URL',
      cell: (endpoint) => <CellText value={endpoint.url} />,
      sortingField: 'url',
      sortingComparator: (a, b) => compareKeys(a.url, b.url),
      isRowHeader: true,
      alwaysVisible: true,
    },
    { id: 'format', header: 'Format', cell: (endpoint) => <CellText value={formatLabels[endpoint.format]} /> },
    {
      id: 'events',
      header: 'Events',
      cell: (endpoint) => <CellText value={endpoint.events.map((event) => eventLabels[event]).join(', ')} />,
    },
    { id: 'state', header: 'State', cell: (endpoint) => <CellText value={stateOf(endpoint)} /> },
    { id: 'description', header: 'Description', cell: (endpoint) => <CellText value={endpoint.description} /> },
  ],
  orderColumn: 'url',
  pageSizes: [10, 20],
  defaultPageSize: 20,
  fetchSize: 20,
};

export function endpointMatches(endpoint: WebhookEndpoint, filter: string): boolean {
  const text = [endpoint.url, endpoint.description, formatLabels[endpoint.format], stateOf(endpoint)]
    .join(' ')
    .toLowerCase();
  return text.includes(filter.trim().toLowerCase());
}

export const deliveriesTable: TableConfig<WebhookDelivery> = {
  id: 'company-webhook-deliveries',
  noun: 'deliveries',
  columns: [
    {
      id: 'createdAt',
      header: 'Created',
      cell: (delivery) => <CellText value={time(delivery.createdAt)} />,
      sortingField: 'createdAt',
      sortingComparator: (a, b) => a.createdAt - b.createdAt,
      isRowHeader: true,
      alwaysVisible: true,
    },
    { id: 'eventType', header: 'Event', cell: (delivery) => <CellText value={delivery.eventType} /> },
    { id: 'state', header: 'State', cell: (delivery) => <CellText value={delivery.state} /> },
    { id: 'attempts', header: 'Attempts', cell: (delivery) => <CellText value={String(delivery.attempts)} /> },
    {
      id: 'response',
      header: 'Answer',
      cell: (delivery) => (
        <CellText value={delivery.responseStatus ? String(delivery.responseStatus) : (delivery.error ?? '')} />
      ),
    },
    {
      id: 'latency',
      header: 'Latency',
      cell: (delivery) => <CellText value={delivery.latencyMs !== undefined ? `${delivery.latencyMs} ms` : ''} />,
    },
    {
      id: 'excerpt',
      header: 'Answer body (first 1 KB)',
      cell: (delivery) => <CellText value={delivery.responseExcerpt ?? ''} />,
    },
  ],
  orderColumn: 'createdAt',
  // Newest first, the order the server answers in.
  orderDescending: true,
  pageSizes: [10, 20, 50],
  defaultPageSize: 10,
  fetchSize: 50,
};

export function deliveryMatches(delivery: WebhookDelivery, filter: string): boolean {
  const text = [delivery.eventType, delivery.state, String(delivery.responseStatus ?? ''), delivery.error ?? '']
    .join(' ')
    .toLowerCase();
  return text.includes(filter.trim().toLowerCase());
}
