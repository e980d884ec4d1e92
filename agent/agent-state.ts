// Where the agent keeps its id and credential: one JSON file in the user's config directory
// ($XDG_CONFIG_HOME/portal-agent/agent.json, else ~/.config/portal-agent/agent.json, on every system), or the
// file --state names. Written 0600 in a 0700 directory, all at once (a temporary file renamed), and refused when
// others may read it, as ssh refuses a private key others can read.
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import type { AgentState } from './reference-agent.js';

export const stateDirectoryName = 'portal-agent';
export const stateFileName = 'agent.json';

/** The state file when --state names none: in $XDG_CONFIG_HOME, or ~/.config when it is unset or not absolute. */
export function defaultStatePath(env: NodeJS.ProcessEnv = process.env, home: string = homedir()): string {
  const configured = env.XDG_CONFIG_HOME;
  const configHome = configured && path.isAbsolute(configured) ? configured : path.join(home, '.config');
  return path.join(configHome, stateDirectoryName, stateFileName);
}

export class AgentStateError extends Error {}

// Windows has no such modes; its files are private to their user's profile by its own access lists.
const checksModes = process.platform !== 'win32';

/** Refuses a state file that is already there: its agent would lose its only copy of its credential. */
export function refuseExistingState(file: string): void {
  if (existsSync(file)) {
    throw new AgentStateError(
      `A state file is already at ${file}. Enroll another agent with --state NEW_FILE, or remove that file first.`,
    );
  }
}

/** Writes a new state file, never replacing one. */
export function writeNewState(file: string, state: AgentState): void {
  refuseExistingState(file);
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const partial = `${file}.${process.pid}.partial`;
  try {
    writeFileSync(partial, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
    if (checksModes) chmodSync(partial, 0o600);
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
}

/** Reads the state file; refuses one that is missing, readable by others, or not an agent's state. */
export function readState(file: string): AgentState {
  if (!existsSync(file)) {
    throw new AgentStateError(
      `No state file at ${file}: enroll first (portal-agent.mjs enroll --portal URL --token TOKEN), or name it with --state FILE.`,
    );
  }
  const mode = statSync(file).mode & 0o777;
  if (checksModes && (mode & 0o077) !== 0) {
    throw new AgentStateError(
      `The state file ${file} holds the agent's credential but others may read it (mode ${mode.toString(8).padStart(4, '0')}). ` +
        `Run: chmod 600 ${file}`,
    );
  }
  let state: Partial<AgentState>;
  try {
    state = JSON.parse(readFileSync(file, 'utf8')) as Partial<AgentState>;
  } catch {
    throw new AgentStateError(`The state file ${file} is not JSON.`);
  }
  const missing = (['portal', 'agentId', 'credential', 'heartbeatIntervalSeconds'] as const).filter(
    (field) => state[field] === undefined,
  );
  if (missing.length > 0) {
    throw new AgentStateError(`The state file ${file} lacks ${missing.join(', ')}.`);
  }
  return state as AgentState;
}
