// The registry is the single list of calls: it refuses a call without an access rule, and every call has
// schemas and a rule the rest of the system can rely on.
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { callRegistry } from '../../lambdas/calls/registry.js';
import { createRegistry, type AnyCall } from '../../lambdas/kernel/call.js';

const noop = async () => ({});

describe('call registry', () => {
  it('refuses to start with a call that has no access rule', () => {
    const withoutRule = { name: 'leaky', input: z.object({}), output: z.object({}), run: noop } as unknown as AnyCall;
    expect(() => createRegistry([withoutRule])).toThrow('Call leaky has no access rule; every call must declare one');
  });

  it('refuses a signed-in rule without a check, and duplicate names', () => {
    const noCheck = {
      name: 'x',
      input: z.object({}),
      output: z.object({}),
      run: noop,
      access: { kind: 'signedIn', describe: 'x' },
    } as unknown as AnyCall;
    expect(() => createRegistry([noCheck])).toThrow('without an allows() check');
    const call = {
      name: 'twice',
      input: z.object({}),
      output: z.object({}),
      run: noop,
      access: { kind: 'public', describe: 'anyone' },
    } as AnyCall;
    expect(() => createRegistry([call, call])).toThrow('Call twice is registered twice');
  });

  it('has public calls only where the caller holds no session: sign-in, a vault link’s recipient, an agent (by its credential)', () => {
    const publicCalls = callRegistry
      .list()
      .filter((call) => call.access.kind === 'public')
      .map((call) => call.name);
    // The agents' calls check the enrollment token or the agent's credential in their input first.
    const agentCalls = [
      'agentHeartbeat',
      'completeScanJob',
      'createScanJobImport',
      'enrollAgent',
      'failScanJob',
      'pullScanJob',
    ];
    expect(publicCalls.sort()).toEqual(
      [...agentCalls, 'claimVaultLink', 'fulfilVaultRequest', 'getVaultLink', 'sendSignInLink'].sort(),
    );
    expect(callRegistry.get('getSession')?.access.kind).toBe('signedIn');
  });

  it('does not find inherited names such as constructor or __proto__', () => {
    expect(callRegistry.get('constructor')).toBeUndefined();
    expect(callRegistry.get('__proto__')).toBeUndefined();
    expect(callRegistry.get('toString')).toBeUndefined();
  });
});
