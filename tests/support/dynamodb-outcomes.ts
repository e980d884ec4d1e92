// What became of each DynamoDB request this process sent: answered, or refused and with which error. A write
// that DynamoDB refused (a failed condition, a cancelled transaction) wrote nothing; this tells the two apart
// where the command names of dynamoDbRequestsOf cannot. Instruments the one client every entity uses.
import { dynamoDbClient } from '../../lambdas/kernel/data/client.js';

export interface DynamoDbOutcome {
  command: string;
  /** The error's name when DynamoDB (or the SDK) refused the request. */
  failed?: string;
  /** The `pk|sk` of each item a write names (for telling bookkeeping writes from changes of records). */
  items?: string[];
}

/** A key attribute's value, marshalled ({S: '…'}) or not. */
const keyText = (value: unknown) =>
  typeof value === 'string' ? value : ((value as { S?: string } | undefined)?.S ?? '');

/** The `pk|sk` of every item a write request names. */
function itemsOf(input: Record<string, any>): string[] {
  const keyOf = (item: Record<string, unknown> | undefined) =>
    item ? `${keyText(item.pk)}|${keyText(item.sk)}` : undefined;
  const found = [keyOf(input.Key), keyOf(input.Item)];
  for (const entry of (input.TransactItems ?? []) as Record<string, any>[]) {
    found.push(
      keyOf(entry.Put?.Item),
      keyOf(entry.Update?.Key),
      keyOf(entry.Delete?.Key),
      keyOf(entry.ConditionCheck?.Key),
    );
  }
  return found.filter((key): key is string => key !== undefined);
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
      const command = context.commandName ?? 'unknown';
      const outcome: DynamoDbOutcome = {
        command,
        ...(writeCommand.test(command) ? { items: itemsOf((args as { input: Record<string, any> }).input) } : {}),
      };
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

/**
 * Writes that keep books rather than change a record: a throttle window's counter, the vault's audit events (a
 * refused reveal is recorded as such), and an event put alone (a refused DAST key change is recorded so; events
 * that record a change are written in the change's own transaction). A refused call may leave these, and only these.
 */
export const isBookkeepingWrite = (outcome: DynamoDbOutcome) =>
  (outcome.items ?? []).length > 0 &&
  (outcome.items!.every((item) => item.startsWith('THROTTLE#') || /^VAULT#[^|]+\|EVENT#/.test(item)) ||
    (/^Put(Item)?Command$/.test(outcome.command) && outcome.items!.every((item) => item.startsWith('EVENTS#'))));
