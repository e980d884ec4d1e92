// The vault's audit for platform administrators (level 9): every event of every link, newest first, with a
// keyed hash of the address it came from; never content, keys or file names.
import { useCallback } from 'react';
import type { CallOutput } from '../../../api/call-client';
import { callFunction } from '../../../api/call-client';
import { TableEmptyState } from '../../../components/empty-states/table-empty-state';
import { IdentifierText } from '../../../components/tables/cell-text';
import { ServerTable } from '../../../components/tables/server-table';
import type { TableConfig } from '../../../components/tables/table-config';
import { useServerTable } from '../../../components/tables/use-server-table';
import { sizeText } from '../../../vault/secret-limits';

type VaultEvent = CallOutput<'listVaultEvents'>['items'][number];

const eventLabels: Record<VaultEvent['event'], string> = {
  created: 'Created',
  landing_viewed: 'Landing viewed',
  revealed: 'Revealed',
  claim_denied: 'Reveal refused (wrong key)',
  fulfilled: 'Answered',
  collected: 'Collected',
  revoked: 'Revoked',
  expired: 'Found expired',
};

const auditTable: TableConfig<VaultEvent> = {
  id: 'vault-audit',
  noun: 'events',
  columns: [
    {
      id: 'at',
      header: 'Time',
      cell: (event) => new Date(event.at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' }),
      isRowHeader: true,
      alwaysVisible: true,
    },
    { id: 'event', header: 'Event', cell: (event) => eventLabels[event.event] },
    { id: 'kind', header: 'Kind', cell: (event) => (event.kind === 'share' ? 'Share link' : 'Request link') },
    { id: 'linkId', header: 'Link', cell: (event) => <IdentifierText value={event.linkId} /> },
    { id: 'companySlug', header: 'Company', cell: (event) => <IdentifierText value={event.companySlug ?? ''} /> },
    { id: 'actorSub', header: 'User', cell: (event) => <IdentifierText value={event.actorSub ?? 'anonymous'} /> },
    {
      id: 'addressKey',
      header: 'Address (keyed hash)',
      cell: (event) => <IdentifierText value={event.addressKey.slice(0, 16)} />,
    },
    {
      id: 'size',
      header: 'Size',
      cell: (event) => (event.size === undefined ? '' : sizeText(event.size)),
      hiddenByDefault: true,
    },
  ],
  orderColumn: 'at',
  orderDescending: true,
  pageSizes: [10, 20, 50],
  defaultPageSize: 10,
  fetchSize: 100,
};

export function VaultAuditTable() {
  const fetchPage = useCallback(
    ({ cursor }: { cursor?: string }) =>
      callFunction('listVaultEvents', { limit: auditTable.fetchSize, ...(cursor ? { cursor } : {}) }),
    [],
  );
  const table = useServerTable({
    config: auditTable,
    fetchPage,
    keyOf: (event) => `${event.linkId}:${event.at}:${event.event}:${event.addressKey}`,
    matches: (event, filter) =>
      [eventLabels[event.event], event.linkId, event.companySlug ?? '']
        .join(' ')
        .toLowerCase()
        .includes(filter.toLowerCase()),
    filtering: 'client',
    failureText: 'The vault audit could not be loaded.',
  });
  return (
    <ServerTable
      table={table}
      tableLabel="Vault audit"
      loadingText="Loading the vault audit"
      title="Vault audit"
      description="Every event of every vault link, for platform administrators. No content, keys or file names."
      refreshLabel="Refresh the vault audit"
      filterLabel="Find vault events"
      empty={<TableEmptyState title="No vault events" subtitle="Nothing has happened to a vault link yet." />}
    />
  );
}
