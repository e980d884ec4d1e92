// /admin/company/integrations (level 3; analysts of level 7 for any company): the webhook endpoints of the company
// selected in the header; add, edit, delete, send a test message, rotate the secret (shown once), and read the
// selected endpoint's deliveries and redeliver one.
import { useCallback, useState } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import CopyToClipboard from '@cloudscape-design/components/copy-to-clipboard';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { callFunction } from '../../../../api/call-client';
import { ConfirmItemModal } from '../../../../components/forms/form-modal';
import { useConfirmation } from '../../../../components/forms/use-confirmation';
import { TableEmptyState } from '../../../../components/empty-states/table-empty-state';
import { usePageHelp } from '../../../../components/help-panel/help-panel-context';
import { InfoLink } from '../../../../components/help-panel/info-link';
import { useNotifications } from '../../../../components/notifications/notifications-context';
import { useCompanyName, useSession } from '../../../../components/session/session-context';
import { ServerTable } from '../../../../components/tables/server-table';
import { useServerTable } from '../../../../components/tables/use-server-table';
import { NoCompanyState } from '../manage-users/no-company-state';
import { EndpointModal } from './endpoint-modal';
import { IntegrationsHelp } from './integrations-help';
import {
  deliveriesTable,
  deliveryMatches,
  endpointMatches,
  endpointsTable,
  type WebhookDelivery,
  type WebhookEndpoint,
} from './integrations-config';

export default function IntegrationsPage() {
  usePageHelp(IntegrationsHelp);
  const { company } = useSession();
  const companyName = useCompanyName() ?? company;
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={
            company
              ? `Webhooks that send ${companyName}'s finding events to other tools.`
              : "Webhooks that send a company's finding events to other tools."
          }
          info={<InfoLink topic={IntegrationsHelp} ariaLabel="Info about integrations" />}
        >
          Integrations
        </Header>
      }
    >
      {company ? <CompanyEndpoints key={company} slug={company} /> : <NoCompanyState />}
    </ContentLayout>
  );
}

/** A signing secret, once: it cannot be shown again. */
function SecretModal({ secret, onDismiss }: { secret: string; onDismiss: () => void }) {
  return (
    <Modal
      visible
      header="Signing secret"
      onDismiss={onDismiss}
      closeAriaLabel="Close"
      footer={
        <Box float="right">
          <Button variant="primary" onClick={onDismiss}>
            Done
          </Button>
        </Box>
      }
    >
      <SpaceBetween size="m">
        <Alert type="warning">Copy the secret now. It is shown only once.</Alert>
        <CopyToClipboard
          variant="inline"
          textToCopy={secret}
          copyButtonAriaLabel="Copy secret"
          copySuccessText="Secret copied"
          copyErrorText="The secret could not be copied"
        />
      </SpaceBetween>
    </Modal>
  );
}

const endpointKey = (endpoint: WebhookEndpoint) => endpoint.endpointId;
const deliveryKey = (delivery: WebhookDelivery) => delivery.deliveryId;

function CompanyEndpoints({ slug }: { slug: string }) {
  const { notify } = useNotifications();
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | undefined>();
  const [secret, setSecret] = useState<string | undefined>();
  const fetchEndpoints = useCallback(
    () => callFunction('listWebhookEndpoints', { slug }).then((answer) => ({ items: answer.endpoints })),
    [slug],
  );
  const table = useServerTable({
    config: endpointsTable,
    fetchPage: fetchEndpoints,
    keyOf: endpointKey,
    matches: endpointMatches,
    filtering: 'client',
    failureText: 'The webhook endpoints could not be loaded.',
  });
  const chosen = table.selectedItem;
  const selected = chosen && table.pages.items.find((endpoint) => endpoint.endpointId === chosen.endpointId);

  const deletion = useConfirmation(async (endpoint: WebhookEndpoint) => {
    await callFunction('deleteWebhookEndpoint', {
      slug,
      endpointId: endpoint.endpointId,
      expectedVersion: endpoint.version,
    });
    notify({ type: 'success', title: 'Endpoint deleted', message: `Nothing more is sent to ${endpoint.url}.` });
    table.pages.reload();
  }, 'The endpoint could not be deleted. Please try again.');

  const rotation = useConfirmation(async (endpoint: WebhookEndpoint) => {
    const rotated = await callFunction('rotateWebhookSecret', {
      slug,
      endpointId: endpoint.endpointId,
      expectedVersion: endpoint.version,
    });
    setSecret(rotated.secret);
    table.pages.reload();
  }, 'The secret could not be rotated. Please try again.');

  const sendTest = async (endpoint: WebhookEndpoint) => {
    try {
      await callFunction('sendTestWebhook', { slug, endpointId: endpoint.endpointId });
      notify({ type: 'success', title: 'Test message queued', message: 'Its outcome shows in the deliveries.' });
    } catch {
      notify({ type: 'error', title: 'The test message could not be sent', message: 'Please try again.' });
    }
  };

  return (
    <SpaceBetween size="l">
      <ServerTable
        table={table}
        tableLabel="Webhook endpoints"
        nameOf={(endpoint) => endpoint.url}
        loadingText="Loading webhook endpoints"
        title="Webhook endpoints"
        refreshLabel="Refresh webhook endpoints"
        actions={[
          <Button key="delete" disabled={!selected} onClick={() => deletion.ask(selected)}>
            Delete
          </Button>,
          <Button
            key="rotate"
            disabled={!selected || selected.format !== 'standard'}
            onClick={() => rotation.ask(selected)}
          >
            Rotate secret
          </Button>,
          <Button key="test" disabled={!selected?.enabled} onClick={() => selected && void sendTest(selected)}>
            Send test
          </Button>,
          <Button key="edit" disabled={!selected} onClick={() => setEditing(selected)}>
            Edit
          </Button>,
          <Button key="add" variant="primary" onClick={() => setEditing('new')}>
            Add endpoint
          </Button>,
        ]}
        filterLabel="Find endpoints"
        empty={
          <TableEmptyState
            title="No webhook endpoints"
            subtitle="Add an endpoint to send this company's finding events to another tool."
          />
        }
      />
      {selected ? <EndpointDeliveries key={selected.endpointId} slug={slug} endpoint={selected} /> : null}
      {editing ? (
        <EndpointModal
          slug={slug}
          endpoint={editing === 'new' ? undefined : editing}
          onDismiss={() => setEditing(undefined)}
          onSaved={(endpoint, newSecret) => {
            setEditing(undefined);
            notify({ type: 'success', title: 'Endpoint saved', message: endpoint.url });
            if (newSecret) setSecret(newSecret);
            table.pages.reload();
          }}
        />
      ) : null}
      {secret ? <SecretModal secret={secret} onDismiss={() => setSecret(undefined)} /> : null}
      <ConfirmItemModal
        confirmation={deletion}
        header={() => 'Delete the endpoint?'}
        confirmText="Delete"
        workingText="Deleting"
      >
        {(endpoint) => `Nothing more is sent to ${endpoint.url}, and its deliveries are no longer listed.`}
      </ConfirmItemModal>
      <ConfirmItemModal
        confirmation={rotation}
        header={() => 'Rotate the signing secret?'}
        confirmText="Rotate"
        workingText="Rotating"
      >
        {() => 'A new secret signs from now on; the current one also signs for 24 hours, so receivers can switch.'}
      </ConfirmItemModal>
    </SpaceBetween>
  );
}

function EndpointDeliveries({ slug, endpoint }: { slug: string; endpoint: WebhookEndpoint }) {
  const { notify } = useNotifications();
  const fetchDeliveries = useCallback(
    () =>
      callFunction('listWebhookDeliveries', { slug, endpointId: endpoint.endpointId, limit: 50 }).then((answer) => ({
        items: answer.deliveries,
      })),
    [slug, endpoint.endpointId],
  );
  const table = useServerTable({
    config: deliveriesTable,
    fetchPage: fetchDeliveries,
    keyOf: deliveryKey,
    matches: deliveryMatches,
    filtering: 'client',
    failureText: 'The deliveries could not be loaded.',
  });
  const chosen = table.selectedItem;
  const redeliver = async (delivery: WebhookDelivery) => {
    try {
      await callFunction('redeliverWebhook', {
        slug,
        endpointId: endpoint.endpointId,
        deliveryId: delivery.deliveryId,
      });
      notify({ type: 'success', title: 'Redelivery queued', message: `The ${delivery.eventType} message goes again.` });
      table.pages.reload();
    } catch {
      notify({ type: 'error', title: 'The message could not be redelivered', message: 'Please try again.' });
    }
  };
  return (
    <ServerTable
      table={table}
      tableLabel="Deliveries"
      nameOf={(delivery) => `${delivery.eventType} delivery`}
      loadingText="Loading deliveries"
      title="Deliveries"
      refreshLabel="Refresh deliveries"
      actions={[
        <Button
          key="redeliver"
          disabled={!chosen || chosen.state === 'pending' || !endpoint.enabled}
          onClick={() => chosen && void redeliver(chosen)}
        >
          Redeliver
        </Button>,
      ]}
      filterLabel="Find deliveries"
      empty={<TableEmptyState title="No deliveries" subtitle="Messages sent to this endpoint show here." />}
    />
  );
}
