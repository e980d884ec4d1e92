// What a call is: a name, input and output schemas, an access rule and the function that does the work.
// The registry (calls/registry.ts) lists them; the API handler, the CDK routes, the local adapter, the web
// client types and the authorization tests are all driven from that one list.
import type * as z from 'zod/mini';
import type { AccessRule, Caller } from './access/caller.js';

export interface RequestInfo {
  requestId: string;
  /**
   * The client's address: API Gateway's source address, or the viewer's that CloudFront passes beside its
   * origin secret. Resolved on first use (once per request), so only the calls that need it pay for
   * reading the origin secret.
   */
  clientAddress: () => Promise<string>;
  /** The Origin header, when the browser sent one. */
  origin?: string;
}

export interface PublicCallContext {
  request: RequestInfo;
}

export interface SignedInCallContext<Ahead = undefined> extends PublicCallContext {
  caller: Caller;
  /**
   * What the call's readAhead reads, awaited where `run` needs it, so its errors come where the read's own
   * would (resolves to undefined for a call without one).
   */
  ahead: Promise<Ahead>;
}

interface CallShape<Input, Output> {
  name: string;
  input: z.ZodMiniType<Input, unknown>;
  output: z.ZodMiniType<Output, unknown>;
}

export interface PublicCall<Input = unknown, Output = unknown> extends CallShape<Input, Output> {
  access: Extract<AccessRule, { kind: 'public' }>;
  run(input: Input, context: PublicCallContext): Promise<Output>;
}

export interface SignedInCall<Input = unknown, Output = unknown, Ahead = undefined> extends CallShape<Input, Output> {
  access: Extract<AccessRule, { kind: 'signedIn' }>;
  /**
   * The reads that need only the valid input and the token's subject, never the caller's records: the handler
   * starts them together with the read of the caller's records, so the call waits for one round trip less.
   * Their result reaches `run` only once the caller is authenticated and allowed; for anyone else it is
   * dropped, so `run` still decides what the caller may see of it.
   */
  readAhead?(input: Input, token: { uid: string }): Promise<Ahead>;
  /**
   * A valid call makes the caller's own token unusable (signOut). Whatever runs every call of the registry as
   * one caller (the authorization matrix, the bad-input fuzzing, the bench) runs this one as a caller of its own.
   */
  endsCallerSessions?: true;
  /**
   * The call asks for a fresh sign-in proof (step-up): the token's auth_time must be at most
   * STEP_UP_MAX_AGE_SECONDS old, else it is refused with StepUpRequiredError before `run`, writing nothing. A
   * function decides from the valid input (e.g. only a risk acceptance of a review call).
   */
  freshProof?: true | ((input: Input) => boolean);
  /** The output's type comes from the output schema alone (the contract the web is typed by), not from `run`. */
  run(input: Input, context: SignedInCallContext<Ahead>): Promise<NoInfer<Output>>;
}

export type CallDefinition<Input = unknown, Output = unknown> = PublicCall<Input, Output> | SignedInCall<Input, Output>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the registry holds calls of every shape
export type AnyPublicCall = PublicCall<any, any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the registry holds calls of every shape
export type AnySignedInCall = SignedInCall<any, any, any>;
export type AnyCall = AnyPublicCall | AnySignedInCall;

export function definePublicCall<Input, Output>(call: PublicCall<Input, Output>): PublicCall<Input, Output> {
  return call;
}

export function defineSignedInCall<Input, Output, Ahead = undefined>(
  call: SignedInCall<Input, Output, Ahead>,
): SignedInCall<Input, Output, Ahead> {
  return call;
}

/** Whether a valid call makes the caller's own token unusable (see SignedInCall.endsCallerSessions). */
export function endsCallerSessions(call: AnyCall): boolean {
  return 'endsCallerSessions' in call && call.endsCallerSessions === true;
}

/** Whether this valid input of the call needs a fresh sign-in proof (see SignedInCall.freshProof). */
export function needsFreshProof(call: AnyCall, input: unknown): boolean {
  if (!('freshProof' in call) || call.freshProof === undefined) return false;
  return call.freshProof === true || call.freshProof(input);
}

export interface CallRegistry {
  get(name: string): AnyCall | undefined;
  list(): readonly AnyCall[];
}

/** Refuses to start with a call that has no access rule or a duplicate name. */
export function createRegistry(calls: readonly AnyCall[]): CallRegistry {
  const byName = new Map<string, AnyCall>();
  for (const call of calls) {
    const access = (call as { access?: AccessRule }).access;
    if (!access || (access.kind !== 'public' && access.kind !== 'signedIn') || !access.describe) {
      throw new Error(`Call ${call.name} has no access rule; every call must declare one`);
    }
    if (access.kind === 'signedIn' && typeof access.allows !== 'function') {
      throw new Error(`Call ${call.name} has a signed-in access rule without an allows() check`);
    }
    if (byName.has(call.name)) throw new Error(`Call ${call.name} is registered twice`);
    byName.set(call.name, call);
  }
  return {
    get: (name) => byName.get(name),
    list: () => [...byName.values()],
  };
}
