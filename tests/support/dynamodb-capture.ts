// The DynamoDB requests this process sends, as DynamoDB receives them (the low-level operation and its
// marshalled input), so they can be replayed with the plain AWS SDK client: the bench compares a call's time
// with the time of the raw requests it makes. Instruments the one client every entity uses. Free of vitest;
// import it only after the local stack has set the environment.
import { dynamoDbClient } from '../../lambdas/kernel/data/client.js';

export interface CapturedRequest {
  /** The SDK command as sent, e.g. QueryCommand, GetCommand. */
  command: string;
  /** The low-level operation, e.g. Query, GetItem, BatchGetItem. */
  operation: string;
  input: Record<string, unknown>;
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

const seen: CapturedRequest[] = [];
let installed = false;

function install(): void {
  if (installed) return;
  installed = true;
  // After serialisation the input is marshalled (the document client converts it just before).
  dynamoDbClient.middlewareStack.add(
    (next, context) => async (args) => {
      const command = context.commandName ?? 'unknown';
      seen.push({
        command,
        operation: operations[command] ?? command.replace(/Command$/, ''),
        input: structuredClone(args.input as Record<string, unknown>),
      });
      return next(args);
    },
    { step: 'build', name: 'captureDynamoDbRequests' },
  );
}

/** Runs `work` (nothing else may use the client meanwhile) and returns the requests it sent. */
export async function captureDynamoDbRequests<T>(
  work: () => Promise<T>,
): Promise<{ result: T; requests: CapturedRequest[] }> {
  install();
  const start = seen.length;
  const result = await work();
  return { result, requests: seen.slice(start) };
}
