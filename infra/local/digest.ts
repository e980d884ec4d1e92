// `npm run digest -- --now`: runs the weekly digest of a running local stack now, as the Monday schedule does: the
// report worker's handler gets `{digest: 'weekly'}` and queues one message per company with subscribers on the
// stack's report queue, whose worker (in the `npm start` process) sends the mails to the outbox. `--at <time>`
// runs the week ending at another time (ISO 8601). It reads the stack's ports from the same variables `npm start`
// does, and its secrets from the data directory.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { handlerEnvironment, localSecrets } from './stack.js';

function port(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value <= 0 || value > 65535) throw new Error(`${name} must be a port number`);
  return value;
}

function runTime(args: readonly string[]): number | undefined {
  if (args.includes('--now')) return Date.now();
  const at = args.indexOf('--at');
  if (at < 0) return undefined;
  const time = Date.parse(args[at + 1] ?? '');
  return Number.isNaN(time) ? undefined : time;
}

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = process.env.DATA_DIR ? path.resolve(process.env.DATA_DIR) : path.join(root, '.data');
const at = runTime(process.argv.slice(2));
if (at === undefined) {
  console.error('Usage: npm run digest -- --now   (or --at 2026-11-30T07:00:00Z)');
  process.exit(2);
}
if (!existsSync(path.join(dataDir, 'local-secrets.json'))) {
  console.error(`No local stack data in ${dataDir}: start it with npm start first.`);
  process.exit(1);
}
const ports = {
  port: port('PORT', 8080),
  mailPort: port('MAIL_PORT', 8005),
  dynamoDbPort: port('DYNAMODB_PORT', 8000),
  s3Port: port('S3_PORT', 8006),
  sqsPort: port('SQS_PORT', 8007),
};
Object.assign(process.env, handlerEnvironment(ports, localSecrets(dataDir)));
// Imported only now: the handler's SDK clients read the endpoints from the environment above.
const { handler } = await import('../../lambdas/reports/handler.js');
try {
  await handler({ digest: 'weekly', at });
  console.log(
    `Weekly digest of the week up to ${new Date(at).toISOString()} queued; the running stack sends it: ` +
      `see the outbox at http://127.0.0.1:${ports.mailPort}`,
  );
} catch (error) {
  console.error(`Could not run the weekly digest (is npm start running?): ${(error as Error).message}`);
  process.exit(1);
}
