// The scanning calls: locations, agents (the analysts' side and the agents' own calls) and DAST API keys and scans.
// One API function answers them on AWS (lambdas/api/functions/scanning.ts); the registry lists every group.
import type { AnyCall } from '../../kernel/call.js';
import { listLocations } from '../list-locations/list-locations.js';
import { createLocation } from '../create-location/create-location.js';
import { updateLocation } from '../update-location/update-location.js';
import { deleteLocation } from '../delete-location/delete-location.js';
import { listAgents } from '../list-agents/list-agents.js';
import { createAgentEnrollment } from '../create-agent-enrollment/create-agent-enrollment.js';
import { rotateAgentCredential } from '../rotate-agent-credential/rotate-agent-credential.js';
import { moveAgent } from '../move-agent/move-agent.js';
import { revokeAgent } from '../revoke-agent/revoke-agent.js';
import { enrollAgent } from '../enroll-agent/enroll-agent.js';
import { agentHeartbeat } from '../agent-heartbeat/agent-heartbeat.js';
import { pullScanJob } from '../pull-scan-job/pull-scan-job.js';
import { createScanJobImport } from '../create-scan-job-import/create-scan-job-import.js';
import { completeScanJob } from '../complete-scan-job/complete-scan-job.js';
import { failScanJob } from '../fail-scan-job/fail-scan-job.js';
import { listDastKeys } from '../list-dast-keys/list-dast-keys.js';
import { createDastKey } from '../create-dast-key/create-dast-key.js';
import { rollDastKey } from '../roll-dast-key/roll-dast-key.js';
import { revokeDastKey } from '../revoke-dast-key/revoke-dast-key.js';
import { listDastScans } from '../list-dast-scans/list-dast-scans.js';
import { cancelDastScan } from '../cancel-dast-scan/cancel-dast-scan.js';

export const scanningCalls: readonly AnyCall[] = [
  // scanning locations
  listLocations,
  createLocation,
  updateLocation,
  deleteLocation,
  // scanning agents: the analysts' side, then the agents' own calls (by their credential)
  listAgents,
  createAgentEnrollment,
  rotateAgentCredential,
  moveAgent,
  revokeAgent,
  enrollAgent,
  agentHeartbeat,
  pullScanJob,
  createScanJobImport,
  completeScanJob,
  failScanJob,
  // DAST API keys
  listDastKeys,
  createDastKey,
  rollDastKey,
  revokeDastKey,
  listDastScans,
  cancelDastScan,
];
