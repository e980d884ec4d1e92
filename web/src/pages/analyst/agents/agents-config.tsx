// The agents table (/analyst/agents): a company's agents read whole, filtered and sorted in the browser. The status
// comes from the server (derived from the last heartbeat at the time it answered).
import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import type { CallOutput } from '../../../api/call-client';
import { CellText, IdentifierText } from '../../../components/tables/cell-text';
import { compareKeys, type TableConfig } from '../../../components/tables/table-config';
import { TimeAgo } from '../../../components/time/updated-label';

export type Agent = CallOutput<'listAgents'>['agents'][number];
export type AgentStatus = Agent['status'];

export const agentStatusLabels: Record<AgentStatus, { label: string; type: StatusIndicatorProps.Type }> = {
  pending: { label: 'Pending (no heartbeat yet)', type: 'pending' },
  online: { label: 'Online', type: 'success' },
  stale: { label: 'Stale (silent over an hour)', type: 'warning' },
  offline: { label: 'Offline (silent over 7 days)', type: 'error' },
  revoked: { label: 'Unlinked', type: 'stopped' },
};

/** The reference agent's current version: an agent reporting an older one is shown as outdated. */
export const currentAgentVersion = '1.0.0';

export function agentsTable(locationName: (locationId: string) => string): TableConfig<Agent> {
  return {
    id: 'analyst-agents',
    noun: 'agents',
    columns: [
      {
        id: 'name',
        header: 'Name',
        cell: (agent) => <CellText value={agent.name} />,
        sortingField: 'name',
        sortingComparator: (a, b) => compareKeys(a.name, b.name),
        isRowHeader: true,
        alwaysVisible: true,
      },
      {
        id: 'status',
        header: 'Status',
        cell: (agent) => (
          <StatusIndicator type={agentStatusLabels[agent.status].type}>
            {agentStatusLabels[agent.status].label}
          </StatusIndicator>
        ),
        sortingField: 'status',
        sortingComparator: (a, b) => compareKeys(a.status, b.status),
      },
      {
        id: 'location',
        header: 'Location',
        cell: (agent) => <CellText value={locationName(agent.locationId)} />,
        sortingComparator: (a, b) => compareKeys(locationName(a.locationId), locationName(b.locationId)),
      },
      {
        id: 'lastHeartbeatAt',
        header: 'Last heartbeat',
        cell: (agent) => <TimeAgo at={agent.lastHeartbeatAt} />,
        sortingComparator: (a, b) => (a.lastHeartbeatAt ?? 0) - (b.lastHeartbeatAt ?? 0),
      },
      {
        id: 'version',
        header: 'Version',
        cell: (agent) => (
          <CellText
            value={agent.agentVersion === currentAgentVersion ? agent.agentVersion : `${agent.agentVersion} (outdated)`}
          />
        ),
      },
      {
        id: 'capabilities',
        header: 'Capabilities',
        cell: (agent) => <IdentifierText value={agent.capabilities.join(', ')} />,
      },
      { id: 'hostname', header: 'Host', cell: (agent) => <IdentifierText value={agent.hostname} /> },
      { id: 'lastSeenIp', header: 'Last address', cell: (agent) => <IdentifierText value={agent.lastSeenIp ?? '-'} /> },
    ],
    orderColumn: 'name',
    pageSizes: [10, 20, 50],
    defaultPageSize: 20,
    fetchSize: 1000,
  };
}

export function agentMatches(agent: Agent, filter: string): boolean {
  const text = [agent.name, agent.hostname, agent.status, agent.agentVersion, ...agent.capabilities]
    .join(' ')
    .toLowerCase();
  return text.includes(filter.trim().toLowerCase());
}

/** Agents online and in all (unlinked ones not counted) per location, for the locations table. */
export function agentCountsByLocation(agents: readonly Agent[]): Map<string, { online: number; total: number }> {
  const counts = new Map<string, { online: number; total: number }>();
  for (const agent of agents) {
    if (agent.status === 'revoked') continue;
    const count = counts.get(agent.locationId) ?? { online: 0, total: 0 };
    count.total += 1;
    if (agent.status === 'online') count.online += 1;
    counts.set(agent.locationId, count);
  }
  return counts;
}
