// Counts the DynamoDB requests this process makes, by instrumenting the one client every entity uses.
import { dynamoDbClient } from '../../lambdas/kernel/data/client.js';

const seen: string[] = [];
let installed = false;

function install(): void {
  if (installed) return;
  installed = true;
  dynamoDbClient.middlewareStack.add(
    (next, context) => async (args) => {
      seen.push(context.commandName ?? 'unknown');
      return next(args);
    },
    { step: 'initialize', name: 'countDynamoDbRequests' },
  );
}

/** Runs `work` and returns the DynamoDB commands it sent, in order. */
export async function dynamoDbRequestsOf<T>(work: () => Promise<T>): Promise<{ result: T; requests: string[] }> {
  install();
  const start = seen.length;
  const result = await work();
  return { result, requests: seen.slice(start) };
}
