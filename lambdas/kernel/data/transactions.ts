// Which items of a cancelled transaction failed their condition, so a caller can say which rule broke.
export function failedConditions(error: unknown): number[] | undefined {
  if ((error as { name?: string }).name !== 'TransactionCanceledException') return undefined;
  const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  return reasons.flatMap((reason, index) => (reason.Code === 'ConditionalCheckFailed' ? [index] : []));
}
