// `npm start`: builds the web app, then runs the whole product locally until Ctrl-C or SIGTERM.
// (The script is `exec node …`, one process under npm, so a SIGTERM npm forwards reaches it.)
import path from 'node:path';
import { build } from 'vite';
import { demoInvitations, demoUsers } from './demo-data.js';
import { checkJava } from './dynamodb-local.js';
import { startLocalStack } from './stack.js';

function port(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value <= 0 || value > 65535) {
    console.error(`${name} must be a port number, got "${process.env[name]}"`);
    process.exit(1);
  }
  return value;
}

const reset = process.argv.includes('--reset');
const root = path.resolve(import.meta.dirname, '../..');
const dataDir = process.env.DATA_DIR ? path.resolve(process.env.DATA_DIR) : path.join(root, '.data');

try {
  checkJava(); // before anything else, so a missing Java costs one clear line and no waiting
  // --no-build serves web/dist as it is (tests start a second stack while the first serves that build).
  if (!process.argv.includes('--no-build'))
    await build({ configFile: path.join(root, 'web/vite.config.ts'), logLevel: 'warn' });
  const stack = await startLocalStack({
    port: port('PORT', 8080),
    mailPort: port('MAIL_PORT', 8005),
    dynamoDbPort: port('DYNAMODB_PORT', 8000),
    s3Port: port('S3_PORT', 8006),
    sqsPort: port('SQS_PORT', 8007),
    webhookInboxPort: port('WEBHOOK_INBOX_PORT', 8008),
    dataDir,
    webRoot: path.join(root, 'web/dist'),
    reset,
    ...(process.env.DAILY_DIGEST_AT ? { dailyDigestAt: process.env.DAILY_DIGEST_AT } : {}),
  });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the local stack…`);
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  console.log(`
Security portal is running${reset ? ' (data reset)' : ''}.

  App:          ${stack.appUrl}
  Passkeys:     ${stack.appUrl.replace('//127.0.0.1:', '//localhost:')}   (the same app; WebAuthn needs a domain, not an IP)
  Mail outbox:  ${stack.mailUrl}   (sign-in links arrive here)
  S3 emulator:  ${stack.s3Endpoint}   (s3rver; browsers upload through ${stack.appUrl}/s3/)
  Import queue: ${stack.sqsEndpoint}   (SQS for the handlers; delivers to the import function)
  Webhooks:     ${stack.webhookInboxUrl}   (what Acme Corp's demo webhook endpoint receives)
  Data:         ${dataDir}   (kept across restarts; npm start -- --reset starts clean)

Demo accounts (sign in with the e-mail, then open the link from the outbox):
${demoUsers
  .map(
    (user) =>
      `  ${user.email.padEnd(22)} ${user.userType.padEnd(9)} level ${user.accessLevel}${user.companies ? `  companies: ${user.companies.join(', ')}` : ''}${user.servicesEnabled ? `  services: ${user.servicesEnabled.join(', ')}` : ''}`,
  )
  .join('\n')}
${demoInvitations
  .map(
    (invitation) =>
      `  ${invitation.email} finds an invitation to ${invitation.slug} (level ${invitation.accessLevel}) on Home until they answer it`,
  )
  .join('\n')}

Press Ctrl-C to stop.`);
} catch (error) {
  console.error(`Could not start the local stack: ${(error as Error).message}`);
  process.exit(1);
}
