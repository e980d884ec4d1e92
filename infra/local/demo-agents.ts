// Demo scanning agents, once: at Acme's HQ one agent heartbeating now (online) and one silent for three hours
// (stale), so /analyst/agents and the locations' agent counts are not empty. Made through the product's own steps
// (an enrollment token, the enrollment, a heartbeat) with the clock set back for the stale one. Nothing runs them
// afterwards: after an hour without `npm start` reseeding, the online one goes stale too, as a real one would.
import { demoAnalystCaller } from './demo-caller.js';
import { agentHeartbeat, createEnrollmentTokenAs, enrollAgent } from '../../lambdas/kernel/agents/agents.js';
import { listAgentRecords } from '../../lambdas/kernel/data/entities/agents.js';
import { listLocationItems } from '../../lambdas/kernel/data/entities/locations.js';

const demoAgents = [
  { name: 'hq-scanner-01', hostname: 'scan01.intranet.acme.example', silentFor: 0 },
  { name: 'hq-scanner-02', hostname: 'scan02.intranet.acme.example', silentFor: 3 * 60 * 60 * 1000 },
];

export async function seedDemoAgents(analyst: { uid: string; email: string }): Promise<void> {
  const slug = 'acme';
  const names = new Set(demoAgents.map((agent) => agent.name));
  if ((await listAgentRecords(slug)).agents.some((agent) => names.has(agent.name))) return;
  const location = (await listLocationItems(slug)).find((candidate) => candidate.isDefault);
  if (!location) return;
  const now = Date.now();
  const { token } = await createEnrollmentTokenAs(demoAnalystCaller(analyst), slug, {
    locationId: location.locationId,
    maxUses: demoAgents.length,
    expiresInHours: 1,
  });
  for (const agent of demoAgents) {
    const at = now - agent.silentFor;
    const { credential } = await enrollAgent(
      {
        token,
        name: agent.name,
        hostname: agent.hostname,
        os: 'Linux 6.8',
        agentVersion: '1.0.0',
        capabilities: ['zap'],
      },
      at,
    );
    await agentHeartbeat(credential, { ip: '10.10.4.20', agentVersion: '1.0.0' }, at);
  }
}
