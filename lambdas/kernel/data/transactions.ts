// Transactions and consistent batch reads of the single table: what a cancelled transaction says (which items
// failed their condition, so the caller can name the rule,
// or that another request wrote the same items at the same moment), sending one again on contention, and
// reading up to 100 items at once.
import { BatchGetCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { execute, ExecuteTransactWriteOptions } from 'dynamodb-toolbox/entity/actions/transactWrite';
import { ConflictError } from '../errors.js';
import { readConfig } from '../config.js';
import { documentClient } from './client.js';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** One write of a dynamodb-toolbox transaction (an argument of its `execute`). */
export type TransactionWrite = Exclude<Parameters<typeof execute>[number], ExecuteTransactWriteOptions>;
type CancellationReasons = { CancellationReasons?: { Code?: string }[] };

/**
 * The indexes of the items whose condition failed, or undefined when `error` is no cancelled transaction.
 * Throws a ConflictError when DynamoDB cancelled it because a concurrent request touched the same items.
 */
export function failedConditions(error: unknown): number[] | undefined {
  if ((error as { name?: string }).name !== 'TransactionCanceledException') return undefined;
  const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  if (reasons.some((reason) => reason.Code === 'TransactionConflict')) {
    throw new ConflictError('Someone else changed this at the same moment; please try again.');
  }
  return reasons.flatMap((reason, index) => (reason.Code === 'ConditionalCheckFailed' ? [index] : []));
}

/** A transaction DynamoDB cancelled because a condition of one of its items failed. */
export const isCancelledOnCondition = (error: unknown) =>
  (error as { name?: string }).name === 'TransactionCanceledException' &&
  ((error as CancellationReasons).CancellationReasons ?? []).some((reason) => reason.Code === 'ConditionalCheckFailed');

/**
 * Sends a transaction; when DynamoDB cancels it only because another transaction held the same items (a
 * counter under many writers), sends it again after a random pause, up to 25 times. Conditions that failed
 * are the caller's to read (the error is rethrown).
 */
export async function transactWithRetry(items: TransactItem[]): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await documentClient.send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (error) {
      const reasons = (error as CancellationReasons).CancellationReasons ?? [];
      const onlyContention =
        (error as { name?: string }).name === 'TransactionCanceledException' &&
        reasons.some((reason) => reason.Code === 'TransactionConflict') &&
        !reasons.some((reason) => reason.Code === 'ConditionalCheckFailed');
      if (!onlyContention) throw error;
      if (attempt >= 25) throw new ConflictError('Too many changes of the same records at once; please try again.');
      await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(500, 10 * 2 ** attempt)));
    }
  }
}

/**
 * Sends a transaction whose first item is a write conditional on the version its caller read, with what goes with
 * it (the event that records the change, a counter); false when that condition failed (the item changed or is
 * gone), for the caller to say so. Contention is sent again, as by transactWithRetry.
 */
export async function transactOnVersion(items: TransactItem[]): Promise<boolean> {
  try {
    await transactWithRetry(items);
    return true;
  } catch (error) {
    if (failedConditions(error)?.includes(0)) return false;
    throw error;
  }
}

/**
 * Puts `item` (its keys included) if the stored item's version is still `expectedVersion` (0: none stored yet), with
 * `also` (the event that records the change) in the same transaction; false when the version is not.
 */
export function putOnVersion(
  item: Record<string, unknown>,
  expectedVersion: number,
  also: TransactItem[] = [],
): Promise<boolean> {
  return transactOnVersion([
    {
      Put: {
        TableName: readConfig().TABLE_NAME,
        Item: item,
        ...(expectedVersion === 0
          ? { ConditionExpression: 'attribute_not_exists(pk)' }
          : {
              ConditionExpression: 'version = :expected',
              ExpressionAttributeValues: { ':expected': expectedVersion },
            }),
      },
    },
    ...also,
  ]);
}

/**
 * The items of these keys (at most 100) in one consistent BatchGet, sending again what DynamoDB leaves
 * unprocessed with a growing pause. Items come back in no particular order.
 */
export async function batchGetConsistent(keys: Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
  const table = readConfig().TABLE_NAME;
  const items: Record<string, unknown>[] = [];
  let pending = keys;
  for (let attempt = 0; pending.length > 0; attempt += 1) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(2000, 50 * 2 ** attempt)));
    if (attempt > 10) throw new Error('DynamoDB left reads unprocessed ten times in a row');
    const answer = await documentClient.send(
      new BatchGetCommand({ RequestItems: { [table]: { Keys: pending, ConsistentRead: true } } }),
    );
    items.push(...(answer.Responses?.[table] ?? []));
    pending = (answer.UnprocessedKeys?.[table]?.Keys as Record<string, unknown>[] | undefined) ?? [];
  }
  return items;
}
