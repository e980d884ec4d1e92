// /admin/dast (level 3 with DAST triggering on, or analysts of level 7): the DAST API keys of the company selected
// in the header: create one (shown once), roll one with a grace period, revoke one at once; and below them the
// scans the keys triggered, each queued or running one cancellable.
import { useCallback, useState } from 'react';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Header from '@cloudscape-design/components/header';
import { callFunction } from '../../../api/call-client';
import { ConfirmItemModal } from '../../../components/forms/form-modal';
import { useConfirmation } from '../../../components/forms/use-confirmation';
import { TableEmptyState } from '../../../components/empty-states/table-empty-state';
import { usePageHelp } from '../../../components/help-panel/help-panel-context';
import { InfoLink } from '../../../components/help-panel/info-link';
import { useNotifications } from '../../../components/notifications/notifications-context';
import { useCompanyName, useSession } from '../../../components/session/session-context';
import { ServerTable } from '../../../components/tables/server-table';
import { useServerTable } from '../../../components/tables/use-server-table';
import { NoServiceCompany } from '../../analyst/services/no-service-company';
import { CreateDastKeyModal, NewKeyModal, RollDastKeyModal, type NewKey } from './dast-key-modals';
import { DastKeysHelp } from './dast-keys-help';
import { CompanyDastScans } from './dast-scans-table';
import { dastKeyMatches, dastKeysTable, type DastKey } from './dast-keys-config';

const dastKeyId = (dastKey: DastKey) => dastKey.keyId;

export default function DastKeysPage() {
  usePageHelp(DastKeysHelp);
  const { company } = useSession();
  const companyName = useCompanyName() ?? company;
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={
            company ? `API keys that trigger ${companyName}'s DAST scans.` : 'API keys that trigger DAST scans.'
          }
          info={<InfoLink topic={DastKeysHelp} ariaLabel="Info about DAST keys" />}
        >
          DAST keys
        </Header>
      }
    >
      {company ? (
        <SpaceBetween size="l" key={company}>
          <CompanyDastKeys slug={company} />
          <CompanyDastScans slug={company} />
        </SpaceBetween>
      ) : (
        <NoServiceCompany />
      )}
    </ContentLayout>
  );
}

function CompanyDastKeys({ slug }: { slug: string }) {
  const { notify } = useNotifications();
  const [creating, setCreating] = useState(false);
  const [rolling, setRolling] = useState<DastKey | undefined>();
  const [shown, setShown] = useState<NewKey | undefined>();
  const fetchKeys = useCallback(
    () => callFunction('listDastKeys', { slug }).then((answer) => ({ items: answer.dastKeys })),
    [slug],
  );
  const table = useServerTable({
    config: dastKeysTable,
    fetchPage: fetchKeys,
    keyOf: dastKeyId,
    matches: dastKeyMatches,
    filtering: 'client',
    failureText: 'The keys could not be loaded.',
  });
  const chosen = table.selectedItem;
  const selected = chosen && table.pages.items.find((dastKey) => dastKey.keyId === chosen.keyId);
  const usable = selected?.status === 'active' && !selected.rolledTo;

  const revocation = useConfirmation(async (dastKey: DastKey) => {
    await callFunction('revokeDastKey', { slug, keyId: dastKey.keyId });
    notify({ type: 'success', title: 'Key revoked', message: `${dastKey.name} no longer works.` });
    table.pages.reload();
  }, 'The key could not be revoked. Please try again.');
  const showNew = (created: NewKey) => {
    setCreating(false);
    setRolling(undefined);
    setShown(created);
    table.pages.reload();
  };

  return (
    <>
      <ServerTable
        table={table}
        tableLabel="DAST keys"
        nameOf={(dastKey) => dastKey.name}
        loadingText="Loading keys"
        title="Keys"
        refreshLabel="Refresh keys"
        actions={[
          <Button
            key="revoke"
            disabled={!selected || selected.status !== 'active'}
            onClick={() => revocation.ask(selected)}
          >
            Revoke
          </Button>,
          <Button key="roll" disabled={!usable} onClick={() => setRolling(selected)}>
            Roll
          </Button>,
          <Button key="create" variant="primary" onClick={() => setCreating(true)}>
            Create key
          </Button>,
        ]}
        filterLabel="Find keys"
        empty={<TableEmptyState title="No keys" subtitle="Create a key for a pipeline that triggers DAST scans." />}
      />
      {creating ? <CreateDastKeyModal slug={slug} onCreated={showNew} onDismiss={() => setCreating(false)} /> : null}
      {rolling ? (
        <RollDastKeyModal slug={slug} dastKey={rolling} onRolled={showNew} onDismiss={() => setRolling(undefined)} />
      ) : null}
      {shown ? <NewKeyModal created={shown} onDismiss={() => setShown(undefined)} /> : null}
      <ConfirmItemModal
        confirmation={revocation}
        header={(dastKey) => `Revoke ${dastKey.name}?`}
        confirmText="Revoke"
        workingText="Revoking"
      >
        {(dastKey) => `The key ${dastKey.hint} stops working at once. This cannot be undone.`}
      </ConfirmItemModal>
    </>
  );
}
