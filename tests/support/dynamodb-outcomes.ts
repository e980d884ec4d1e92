// What became of each DynamoDB request this process sent: answered, or refused and with which error. A write
// that DynamoDB refused (a failed condition, a cancelled transaction) wrote nothing; this tells the two apart
// where the command names of dynamoDbRequestsOf cannot. Instruments the one client every entity uses.
import { dynamoDbClient } from '../../lambdas/kernel/data/client.js';

export interface DynamoDbOutcome {
  command: string;
  /** The error's name when DynamoDB (or the SDK) refused the request. */
  failed?: string;
}

/** Commands that change the table, by the low-level client's names and the document client's. */
export const writeCommand =
  /^(PutItem|UpdateItem|DeleteItem|BatchWriteItem|TransactWriteItems|Put|Update|Delete|BatchWrite|TransactWrite)Command$/;

const seen: DynamoDbOutcome[] = [];
let installed = false;

function install(): void {
  if (installed) return;
  installed = true;
  dynamoDbClient.middlewareStack.add(
    (next, context) => async (args) => {
      const outcome: DynamoDbOutcome = { command: context.commandName ?? 'unknown' };
      seen.push(outcome);
      try {
        return await next(args);
      } catch (error) {
        outcome.failed = (error as Error).name || 'Error';
        throw error;
      }
    },
    { step: 'initialize', name: 'recordDynamoDbOutcomes' },
  );
}

/** Runs `work` (nothing else may use the client meanwhile) and returns the requests it sent with their outcomes. */
export async function dynamoDbOutcomesOf<T>(
  work: () => Promise<T>,
): Promise<{ result: T; outcomes: DynamoDbOutcome[] }> {
  install();
  const start = seen.length;
  const result = await work();
  return { result, outcomes: seen.slice(start) };
}

/** The writes among the outcomes that DynamoDB carried out. */
export const landedWrites = (outcomes: readonly DynamoDbOutcome[]) =>
  outcomes.filter((outcome) => writeCommand.test(outcome.command) && outcome.failed === undefined);
