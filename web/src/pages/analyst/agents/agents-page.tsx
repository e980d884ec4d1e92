// /analyst/agents (level 7): the scanning agents of the company selected in the header, with the status their
// heartbeats give; the Add agent wizard (location → one-time token and command); rotate, move, unlink.
import { useCallback, useEffect, useMemo, useState } from 'react';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { callFunction } from '../../../api/call-client';
import { TableEmptyState } from '../../../components/empty-states/table-empty-state';
import { usePageHelp } from '../../../components/help-panel/help-panel-context';
import { InfoLink } from '../../../components/help-panel/info-link';
import { useNotifications } from '../../../components/notifications/notifications-context';
import { useCompanyName, useSession } from '../../../components/session/session-context';
import { ServerTable } from '../../../components/tables/server-table';
import { useServerTable } from '../../../components/tables/use-server-table';
import { NoServiceCompany } from '../services/no-service-company';
import type { Location } from '../locations/locations-config';
import { AddAgentWizard } from './add-agent-wizard';
import { MoveAgentModal, RotateCredentialModal, UnlinkAgentModal, type AgentAction } from './agent-actions';
import { AgentsHelp } from './agents-help';
import { agentMatches, agentsTable, type Agent } from './agents-config';

const agentKey = (agent: Agent) => agent.agentId;

export default function AgentsPage() {
  usePageHelp(AgentsHelp);
  const { company } = useSession();
  const companyName = useCompanyName() ?? company;
  const [adding, setAdding] = useState(false);
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={company ? `The scanning agents of ${companyName}.` : 'A company’s scanning agents.'}
          info={<InfoLink topic={AgentsHelp} ariaLabel="Info about agents" />}
        >
          {adding ? 'Add agent' : 'Manage agents'}
        </Header>
      }
    >
      {company ? (
        <CompanyAgents key={company} slug={company} adding={adding} setAdding={setAdding} />
      ) : (
        <NoServiceCompany />
      )}
    </ContentLayout>
  );
}

function CompanyAgents({
  slug,
  adding,
  setAdding,
}: {
  slug: string;
  adding: boolean;
  setAdding: (adding: boolean) => void;
}) {
  const { notify } = useNotifications();
  const [locations, setLocations] = useState<Location[]>([]);
  const [acting, setActing] = useState<{ action: AgentAction; agent: Agent } | undefined>();
  useEffect(() => {
    let current = true;
    callFunction('listLocations', { slug }).then(
      (answer) => current && setLocations(answer.locations),
      () => current && setLocations([]),
    );
    return () => {
      current = false;
    };
  }, [slug]);
  const locationName = useCallback(
    (locationId: string) => locations.find((location) => location.locationId === locationId)?.name ?? locationId,
    [locations],
  );
  const fetchAgents = useCallback(
    () => callFunction('listAgents', { slug }).then((answer) => ({ items: answer.agents })),
    [slug],
  );
  const config = useMemo(() => agentsTable(locationName), [locationName]);
  const table = useServerTable({
    config,
    fetchPage: fetchAgents,
    keyOf: agentKey,
    matches: agentMatches,
    filtering: 'client',
    failureText: 'The agents could not be loaded.',
  });
  const chosen = table.selectedItem;
  const selected = chosen && table.pages.items.find((agent) => agent.agentId === chosen.agentId);
  const active = selected && selected.status !== 'revoked' ? selected : undefined;

  if (adding) {
    return (
      <AddAgentWizard
        slug={slug}
        locations={locations}
        onDone={() => {
          setAdding(false);
          table.pages.reload();
        }}
      />
    );
  }
  const done = (message: string) => {
    setActing(undefined);
    notify({ type: 'success', title: 'Agent changed', message });
    table.pages.reload();
  };
  const actionProps = acting
    ? { slug, agent: acting.agent, locations, onDone: done, onDismiss: () => setActing(undefined) }
    : undefined;
  return (
    <>
      <ServerTable
        table={table}
        tableLabel="Agents"
        nameOf={(agent) => agent.name}
        loadingText="Loading agents"
        title="Agents"
        refreshLabel="Refresh agents"
        actions={[
          <Button
            key="unlink"
            disabled={!active}
            onClick={() => active && setActing({ action: 'unlink', agent: active })}
          >
            Unlink
          </Button>,
          <Button key="move" disabled={!active} onClick={() => active && setActing({ action: 'move', agent: active })}>
            Move
          </Button>,
          <Button
            key="rotate"
            disabled={!active}
            onClick={() => active && setActing({ action: 'rotate', agent: active })}
          >
            Rotate credential
          </Button>,
          <Button key="add" variant="primary" onClick={() => setAdding(true)}>
            Add agent
          </Button>,
        ]}
        filterLabel="Find agents"
        empty={
          <TableEmptyState
            title="No agents"
            subtitle="Add an agent: it runs in the company's network and calls out to the portal for scan jobs."
          />
        }
      />
      {acting && actionProps && acting.action === 'rotate' ? <RotateCredentialModal {...actionProps} /> : null}
      {acting && actionProps && acting.action === 'move' ? <MoveAgentModal {...actionProps} /> : null}
      {acting && actionProps && acting.action === 'unlink' ? <UnlinkAgentModal {...actionProps} /> : null}
    </>
  );
}
