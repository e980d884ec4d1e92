// The DynamoDB requests this process sends, as DynamoDB receives them (the low-level operation and its
// marshalled input), and which of them had been answered when each was sent, so they can be replayed with the
// plain AWS SDK client in the same order and with the same parallelism: the bench compares a call's time with
// the time of the raw requests it makes. Instruments the one client every entity uses, only while a capture
// runs (the bench times handlers without it). Free of vitest; import it only after the local stack has set the
// environment.
//
// Only the work's own requests are captured: those sent from its asynchronous context (what it awaits, and
// what it starts without awaiting). The local stack runs its queue consumers (the import and report workers)
// and Cognito's triggers in the same process and client; on AWS they are functions of their own, and a worker
// that a previous call queued must not be counted as the requests of the call running when it wakes.
import { AsyncLocalStorage } from 'node:async_hooks';
import { dynamoDbClient } from '../../lambdas/kernel/data/client.js';

export interface CapturedRequest {
  /** The SDK command as sent, e.g. QueryCommand, GetCommand. */
  command: string;
  /** The low-level operation, e.g. Query, GetItem, BatchGetItem. */
  operation: string;
  input: Record<string, unknown>;
  /**
   * The requests of the same capture (indexes) already answered when this one was sent: those it may have
   * waited for. The others were still in flight, or not sent yet.
   */
  sentAfter: number[];
}

/** Document-client command names → DynamoDB operations. */
const operations: Record<string, string> = {
  GetCommand: 'GetItem',
  PutCommand: 'PutItem',
  UpdateCommand: 'UpdateItem',
  DeleteCommand: 'DeleteItem',
  QueryCommand: 'Query',
  ScanCommand: 'Scan',
  BatchGetCommand: 'BatchGetItem',
  BatchWriteCommand: 'BatchWriteItem',
  TransactGetCommand: 'TransactGetItems',
  TransactWriteCommand: 'TransactWriteItems',
};

const middlewareName = 'captureDynamoDbRequests';
interface Capture {
  requests: CapturedRequest[];
  /** Indexes of the requests answered so far, in the order of their answers. */
  answered: number[];
}
let capture: Capture | undefined;
/** The capture whose work is running: set in the work's asynchronous context only. */
const captureScope = new AsyncLocalStorage<Capture>();

/** Runs `work` (one capture at a time) and returns the requests it sent. */
export async function captureDynamoDbRequests<T>(
  work: () => Promise<T>,
): Promise<{ result: T; requests: CapturedRequest[] }> {
  if (capture) throw new Error('One DynamoDB capture at a time');
  const current: Capture = { requests: [], answered: [] };
  capture = current;
  // After serialisation the input is marshalled (the document client converts it just before).
  dynamoDbClient.middlewareStack.add(
    (next, context) => async (args) => {
      if (captureScope.getStore() !== current) return next(args);
      const command = context.commandName ?? 'unknown';
      const index = current.requests.length;
      current.requests.push({
        command,
        operation: operations[command] ?? command.replace(/Command$/, ''),
        input: structuredClone(args.input as Record<string, unknown>),
        sentAfter: [...current.answered],
      });
      try {
        return await next(args);
      } finally {
        current.answered.push(index);
      }
    },
    { step: 'build', name: middlewareName },
  );
  try {
    const result = await captureScope.run(current, work);
    return { result, requests: current.requests };
  } finally {
    dynamoDbClient.middlewareStack.remove(middlewareName);
    capture = undefined;
  }
}
