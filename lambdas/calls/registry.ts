// Every call of the product, in four groups: each group is one API function on AWS (lambdas/api/functions/), so a
// function bundles only its own calls' code. Adding a call: its folder under calls/, and one line in its group.
import { createRegistry, type AnyCall } from '../kernel/call.js';
import { findingsCalls } from './groups/findings.js';
import { peopleCalls } from './groups/people.js';
import { scanningCalls } from './groups/scanning.js';
import { vaultCalls } from './groups/vault.js';

export const callGroups = {
  people: peopleCalls,
  findings: findingsCalls,
  scanning: scanningCalls,
  vault: vaultCalls,
} as const satisfies Record<string, readonly AnyCall[]>;

export type CallGroup = keyof typeof callGroups;

export const callGroupNames = Object.keys(callGroups) as CallGroup[];

export const callRegistry = createRegistry(Object.values(callGroups).flat());

const groupByName = new Map(
  callGroupNames.flatMap((group) => callGroups[group].map((call) => [call.name, group] as const)),
);

/** The group (and so the API function) that answers a call; undefined for a name no call has. */
export function callGroupOf(name: string): CallGroup | undefined {
  return groupByName.get(name);
}
