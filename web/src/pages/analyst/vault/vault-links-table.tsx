// The analyst's own vault links and requests, newest first, with their status; Revoke for any still open,
// and the page's own actions (Collect on the request page).
import { useCallback, useState, type ReactNode } from 'react';
import Button from '@cloudscape-design/components/button';
import { callFunction } from '../../../api/call-client';
import { TableEmptyState } from '../../../components/empty-states/table-empty-state';
import { useNotifications } from '../../../components/notifications/notifications-context';
import { ServerTable } from '../../../components/tables/server-table';
import { useServerTable, type ServerTableState } from '../../../components/tables/use-server-table';
import { vaultLinkMatches, vaultLinksTable, type VaultLinkRow } from './vault-links-config';

const revocable = (row: VaultLinkRow) =>
  row.status === 'waiting' ||
  row.status === 'fulfilled' ||
  (row.kind === 'share' && row.status === 'opened' && (row.viewsLeft ?? 0) > 0);

export function useVaultLinksTable(): ServerTableState<VaultLinkRow> {
  const fetchPage = useCallback(
    ({ cursor }: { cursor?: string }) =>
      callFunction('listVaultLinks', { limit: vaultLinksTable.fetchSize, ...(cursor ? { cursor } : {}) }),
    [],
  );
  return useServerTable({
    config: vaultLinksTable,
    fetchPage,
    keyOf: (row) => row.linkId,
    matches: vaultLinkMatches,
    filtering: 'client',
    failureText: 'Your vault links could not be loaded.',
  });
}

export function VaultLinksTable({
  table,
  title,
  actions = [],
  empty,
}: {
  table: ServerTableState<VaultLinkRow>;
  title: string;
  actions?: ReactNode[];
  empty: ReactNode;
}) {
  const { notify } = useNotifications();
  const [revoking, setRevoking] = useState(false);
  const selected = table.selectedItem;

  const revoke = async (row: VaultLinkRow) => {
    setRevoking(true);
    try {
      const revoked = await callFunction('revokeVaultLink', { linkId: row.linkId });
      table.pages.replaceItem(revoked);
      notify({
        type: 'success',
        title: 'Link revoked',
        message: `${row.label || 'The link'} can no longer be used; what it held is gone from the server.`,
      });
    } catch (error) {
      notify({
        type: 'error',
        title: 'Not revoked',
        message: error instanceof Error ? error.message : 'The link could not be revoked. Please try again.',
      });
      table.pages.reload();
    } finally {
      setRevoking(false);
    }
  };

  return (
    <ServerTable
      table={table}
      tableLabel={title}
      nameOf={(row) => row.label || row.linkId}
      loadingText="Loading your vault links"
      title={title}
      refreshLabel="Refresh vault links"
      actions={[
        ...actions,
        <Button
          key="revoke"
          disabled={!selected || !revocable(selected)}
          loading={revoking}
          onClick={() => selected && void revoke(selected)}
        >
          Revoke
        </Button>,
      ]}
      filterLabel="Find vault links"
      empty={
        <TableEmptyState
          title="No vault links"
          subtitle="The links and requests you create show here."
          action={empty}
        />
      }
    />
  );
}
