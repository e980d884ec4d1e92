// A failed condition is how DynamoDB says "someone else got there first"; ElectroDB wraps the SDK error.
export function isConditionalCheckFailure(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const name = (current as { name?: string }).name;
    if (name === 'ConditionalCheckFailedException' || name === 'TransactionCanceledException') return true;
    if (
      typeof (current as { message?: string }).message === 'string' &&
      /conditional request failed/i.test((current as { message: string }).message)
    ) {
      return true;
    }
  }
  return false;
}
