// What the logs and metrics of an invocation say about it: the function (`service`) and the correlation id, the API
// request's id, carried by the work the request queues (an SQS message attribute, kernel/queues/send-message.ts) to
// the worker that runs it, so the logs of both name it (`correlation_id`). Held in AsyncLocalStorage, per
// invocation and per message in a worker: the local stack runs every function in one process, many invocations at
// once, and a process-wide value would hand one request's id (or function) to another's.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { SQSRecord } from 'aws-lambda';

export interface Invocation {
  /** The function's name in infra/constructs/lambda-bundling.ts (scanImport, peopleApi, …). */
  service?: string;
  correlationId?: string;
}

const current = new AsyncLocalStorage<Invocation>();

/** The SQS message attribute that carries the id. */
export const correlationIdAttribute = 'correlationId';

export function currentInvocation(): Invocation {
  return current.getStore() ?? {};
}

/** The id of the request (or queued work) being handled here, if any. */
export function currentCorrelationId(): string | undefined {
  return current.getStore()?.correlationId;
}

export function runInvocation<T>(invocation: Invocation, work: () => Promise<T>): Promise<T> {
  return current.run(invocation, work);
}

/** Runs `work` with `correlationId` as the current id (none: no id, not the invocation's), in the same function. */
export function withCorrelationId<T>(correlationId: string | undefined, work: () => Promise<T>): Promise<T> {
  return current.run({ service: current.getStore()?.service, correlationId }, work);
}

/** The id a queued message carries, as Lambda (and the local queue) hands it over. */
export function correlationIdOf(record: Pick<SQSRecord, 'messageAttributes'>): string | undefined {
  const value = record.messageAttributes?.[correlationIdAttribute]?.stringValue;
  return typeof value === 'string' && value ? value : undefined;
}
