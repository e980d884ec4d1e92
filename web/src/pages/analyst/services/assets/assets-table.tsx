// The Assets tab: the company's inventory as the service's scans saw it, a page at a time from the server,
// filtered there by key or name; the chosen asset's detail below, with the way to its findings.
import { useCallback } from 'react';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ServiceName } from '../../../../../../lambdas/kernel/access/rules';
import { callFunction } from '../../../../api/call-client';
import { TableEmptyState } from '../../../../components/empty-states/table-empty-state';
import { ServerTable } from '../../../../components/tables/server-table';
import { useServerTable, type ServerListRequest } from '../../../../components/tables/use-server-table';
import { assetMatches, assetsTable, type AssetRow } from './assets-config';
import { ScannerFields } from '../finding-values/scanner-values';
import { assetWords, importInvitation } from '../service-texts';
import { useReloadOn } from '../use-reload-on';

const assetKey = (asset: AssetRow) => asset.key;

export interface AssetsTableProps {
  slug: string;
  service: ServiceName;
  refreshKey: number;
  onImport: () => void;
  /** Lists the asset's findings (the Findings tab, filtered by its key). */
  onShowFindings: (assetKey: string) => void;
}

export function AssetsTable({ slug, service, refreshKey, onImport, onShowFindings }: AssetsTableProps) {
  const fetchPage = useCallback(
    ({ cursor, filter }: ServerListRequest) =>
      callFunction('listAssets', {
        slug,
        service,
        limit: assetsTable.fetchSize,
        ...(cursor ? { cursor } : {}),
        ...(filter ? { filter } : {}),
      }).then((page) => ({ items: page.assets, nextCursor: page.nextCursor })),
    [slug, service],
  );
  const table = useServerTable({
    config: assetsTable,
    fetchPage,
    keyOf: assetKey,
    matches: assetMatches,
    failureText: 'The assets could not be loaded.',
  });
  useReloadOn(refreshKey, table.pages.reload);
  const chosen = table.selectedItem;

  return (
    <SpaceBetween size="l">
      <ServerTable
        table={table}
        tableLabel="Assets"
        nameOf={(asset) => asset.name}
        loadingText="Loading assets"
        title="Assets"
        description="What the scans looked at. Choose one to see what the tool said of it."
        refreshLabel="Refresh assets"
        actions={[
          <Button key="findings" disabled={!chosen} onClick={() => chosen && onShowFindings(chosen.key)}>
            Show its findings
          </Button>,
        ]}
        filterLabel="Find assets"
        empty={
          <TableEmptyState
            title="No assets yet"
            subtitle={`${importInvitation(service)}: ${assetWords[service]} appear here.`}
            action={<Button onClick={onImport}>Import scan</Button>}
          />
        }
      />
      {chosen ? (
        <Container header={<Header variant="h2">{chosen.name}</Header>}>
          <ScannerFields
            columns={2}
            record={{
              kind: chosen.kind,
              key: chosen.key,
              ...(chosen.parentKey ? { partOf: chosen.parentKey } : {}),
              firstSeen: new Date(chosen.firstSeenAt).toISOString(),
              lastSeen: new Date(chosen.lastSeenAt).toISOString(),
              ...chosen.detail,
            }}
          />
        </Container>
      ) : null}
    </SpaceBetween>
  );
}
