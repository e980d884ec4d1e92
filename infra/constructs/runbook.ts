// Every alarm's description ends with the runbook section that says what it means, how to see why and what to do:
// a heading of docs/operations.md (tests/infra/operations.test.ts checks that each one exists there).
export const runbookFile = 'docs/operations.md';

export const runbookSections = [
  'function-errors',
  'function-throttles',
  'sign-in-trigger-errors',
  'api-5xx-rate',
  'api-latency',
  'import-dead-letters',
  'report-dead-letters',
  'webhook-dead-letters',
  'queue-oldest-message',
  'dynamodb-throttles',
  'dynamodb-system-errors',
  'ses-bounce-rate',
  'ses-complaint-rate',
  'cognito-sign-in-throttles',
  'waf-blocked-requests',
] as const;
export type RunbookSection = (typeof runbookSections)[number];

/** The last sentence of an alarm's description. */
export function runbook(section: RunbookSection): string {
  return `Runbook: ${runbookFile}#${section}`;
}
