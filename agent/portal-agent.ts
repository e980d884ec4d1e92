// The reference agent's command: what an operator runs on the agent's host. agent/build-agent.ts bundles it into
// one file with no dependencies (web/dist/agent/portal-agent.mjs, served by the portal at /agent/portal-agent.mjs);
// in a checkout, `npx tsx agent/portal-agent.ts` runs the same command.
import { parseArgs } from 'node:util';
import { AgentStateError, defaultStatePath, readState, refuseExistingState, writeNewState } from './agent-state.js';
import {
  AgentCallError,
  enrollAgent,
  ReferenceAgent,
  referenceAgentVersion,
  reportFileRunner,
  zapCommandRunner,
} from './reference-agent.js';

const minimumNodeMajor = 20;

const defaultZapCommand =
  'docker run --rm -v {dir}:/zap/wrk ghcr.io/zaproxy/zaproxy:stable zap-baseline.py -t {target} -J report.json';

function usage(): string {
  return `portal-agent ${referenceAgentVersion}: the portal's scanning agent (Node ${minimumNodeMajor} or later).

Usage:
  node portal-agent.mjs enroll --portal URL --token TOKEN [--name NAME] [--capabilities zap] [--state FILE]
  node portal-agent.mjs run [--state FILE] [--zap-command COMMAND] [--once] [--report-file FILE]
  node portal-agent.mjs --help | --version

enroll  Enrolls this host with the one-time token from the portal's Add agent page and keeps the agent's
        id and credential in the state file (made mode 0600; an existing one is never replaced).
run     Heartbeats and pulls scan jobs until stopped (Ctrl-C or SIGTERM). --once: one heartbeat and one job pull.
        --zap-command runs ZAP with {target}, {report} and {dir} filled in (default: ZAP's baseline scan in
        its container); --report-file uploads a report already on disk instead, to try the pipeline.

State file: ${defaultStatePath()}
  ($XDG_CONFIG_HOME/portal-agent/agent.json, else ~/.config/portal-agent/agent.json; --state FILE for another).
  It holds the agent's credential: the agent refuses to use it when others may read it.

Exit status: 0 done, 1 refused or failed, 3 the portal refused the credential (agent unlinked, or rotated).`;
}

async function main(argv: string[]): Promise<void> {
  const major = Number(process.versions.node.split('.')[0]);
  if (major < minimumNodeMajor) {
    throw new AgentStateError(`portal-agent needs Node ${minimumNodeMajor} or later; this is ${process.version}.`);
  }
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      portal: { type: 'string' },
      token: { type: 'string' },
      name: { type: 'string' },
      capabilities: { type: 'string', default: 'zap' },
      state: { type: 'string' },
      'zap-command': { type: 'string', default: defaultZapCommand },
      'report-file': { type: 'string' },
      once: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
      version: { type: 'boolean', default: false },
    },
  });
  const command = positionals[0];
  if (values.help || command === 'help') {
    console.log(usage());
    return;
  }
  if (values.version) {
    console.log(referenceAgentVersion);
    return;
  }
  const stateFile = values.state ?? defaultStatePath();
  if (command === 'enroll') {
    if (!values.portal || !values.token) throw new AgentStateError('enroll needs --portal URL and --token TOKEN.');
    const portal = new URL(values.portal).origin;
    // Refused before the token is spent, when a state file is already there.
    refuseExistingState(stateFile);
    const state = await enrollAgent({
      portal,
      token: values.token,
      ...(values.name ? { name: values.name } : {}),
      capabilities: values.capabilities.split(','),
    });
    writeNewState(stateFile, state);
    console.log(`Enrolled as agent ${state.agentId}; its state (with its credential) is in ${stateFile}.`);
    console.log(`Start it with: node portal-agent.mjs run${values.state ? ` --state ${stateFile}` : ''}`);
    return;
  }
  if (command === 'run') {
    const state = readState(stateFile);
    const runner = values['report-file']
      ? reportFileRunner(values['report-file'])
      : zapCommandRunner(values['zap-command']);
    const agent = new ReferenceAgent(state, runner);
    if (values.once) {
      await agent.heartbeat();
      console.log(JSON.stringify((await agent.runNextJob()) ?? { job: null }));
      return;
    }
    console.log(
      `Agent ${state.agentId} of ${state.slug} calls ${state.portal} every ${state.heartbeatIntervalSeconds} s; Ctrl-C stops it.`,
    );
    const stop = new AbortController();
    process.once('SIGINT', () => stop.abort());
    process.once('SIGTERM', () => stop.abort());
    await agent.runLoop(stop.signal);
    return;
  }
  throw new AgentStateError(`${command ? `Unknown command ${command}.` : 'No command.'}\n\n${usage()}`);
}

// Exit codes: 0 done; 1 refused or failed; 3 the portal refused the credential (unlinked, or rotated), which a
// service manager should not restart into.

main(process.argv.slice(2)).catch((error: unknown) => {
  // The messages name the call, the portal's answer or the file: never the credential or the token.
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = error instanceof AgentCallError && error.call !== 'enrollAgent' && error.status === 401 ? 3 : 1;
});
