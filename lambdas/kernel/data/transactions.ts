// What a cancelled transaction says: which items failed their condition (so the caller can name the rule
// that broke), or that another request wrote the same items at the same moment (a conflict to retry).
import { ConflictError } from '../errors.js';

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
