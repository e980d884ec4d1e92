// /analyst/locations (level 7): the scanning locations of the company selected in the header; add, edit and
// delete them (each on the version seen). The server checks every range.
import { useCallback, useEffect, useMemo, useState } from 'react';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
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
import { NoServiceCompany } from '../services/no-service-company';
import { LocationModal } from './location-modal';
import { LocationsHelp } from './locations-help';
import { agentCountsByLocation } from '../agents/agents-config';
import { locationMatches, locationsTable, type AgentCounts, type Location } from './locations-config';

const locationKey = (location: Location) => location.locationId;

export default function LocationsPage() {
  usePageHelp(LocationsHelp);
  const { company } = useSession();
  const companyName = useCompanyName() ?? company;
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={company ? `Where ${companyName}'s scans run from.` : 'Where a company’s scans run from.'}
          info={<InfoLink topic={LocationsHelp} ariaLabel="Info about locations" />}
        >
          Manage locations
        </Header>
      }
    >
      {company ? <CompanyLocations key={company} slug={company} /> : <NoServiceCompany />}
    </ContentLayout>
  );
}

function CompanyLocations({ slug }: { slug: string }) {
  const { notify } = useNotifications();
  const [editing, setEditing] = useState<Location | 'new' | undefined>();
  const fetchLocations = useCallback(
    () => callFunction('listLocations', { slug }).then((answer) => ({ items: answer.locations })),
    [slug],
  );
  // The agents column: counted from the company's agents, read beside the locations.
  const [agentCounts, setAgentCounts] = useState<AgentCounts | undefined>();
  useEffect(() => {
    let current = true;
    callFunction('listAgents', { slug }).then(
      (answer) => current && setAgentCounts(agentCountsByLocation(answer.agents)),
      () => current && setAgentCounts(new Map()),
    );
    return () => {
      current = false;
    };
  }, [slug]);
  const config = useMemo(() => locationsTable(agentCounts), [agentCounts]);
  const table = useServerTable({
    config,
    fetchPage: fetchLocations,
    keyOf: locationKey,
    matches: locationMatches,
    filtering: 'client',
    failureText: 'The locations could not be loaded.',
  });
  // The selection keeps the row as it was chosen: edit and delete the location as last read (its version).
  const chosen = table.selectedItem;
  const selected = chosen && table.pages.items.find((location) => location.locationId === chosen.locationId);

  const deletion = useConfirmation(async (location: Location) => {
    await callFunction('deleteLocation', {
      slug,
      locationId: location.locationId,
      expectedVersion: location.version,
    });
    notify({ type: 'success', title: 'Location deleted', message: `${location.name} is gone.` });
    table.pages.reload();
  }, 'The location could not be deleted. Please try again.');

  return (
    <>
      <ServerTable
        table={table}
        tableLabel="Locations"
        nameOf={(location) => location.name}
        loadingText="Loading locations"
        title="Locations"
        refreshLabel="Refresh locations"
        actions={[
          <Button key="delete" disabled={!selected} onClick={() => deletion.ask(selected)}>
            Delete
          </Button>,
          <Button key="edit" disabled={!selected} onClick={() => setEditing(selected)}>
            Edit
          </Button>,
          <Button key="add" variant="primary" onClick={() => setEditing('new')}>
            Add location
          </Button>,
        ]}
        filterLabel="Find locations"
        empty={
          <TableEmptyState
            title="No locations"
            subtitle="Add where this company's scans run from: a cloud region, a site, a segment or a VPC."
          />
        }
      />
      {editing ? (
        <LocationModal
          slug={slug}
          location={editing === 'new' ? undefined : editing}
          onDismiss={() => setEditing(undefined)}
          onSaved={(location) => {
            setEditing(undefined);
            notify({ type: 'success', title: 'Location saved', message: `${location.name} is saved.` });
            table.pages.reload();
          }}
        />
      ) : null}
      <ConfirmItemModal
        confirmation={deletion}
        header={(location) => `Delete ${location.name}?`}
        confirmText="Delete"
        workingText="Deleting"
      >
        {() => 'Scans will no longer run from this location.'}
      </ConfirmItemModal>
    </>
  );
}
