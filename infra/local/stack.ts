// The whole product on one machine: DynamoDB Local, the SES emulator, the S3 emulator, the import queue,
// the local Cognito endpoint and the API adapter behind one origin that also serves the built web app,
// /runtime-config.json and the browser's uploads (/s3/). Handlers run unchanged; only the environment
// (endpoints, names, secrets) differs from AWS.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import sesLocalModule from 'aws-ses-v2-local';
import { originSecretHeader } from '../edge-headers.js';
import { importMaxReceiveCount } from '../import-queue.js';
import { createApiAdapter } from './api-adapter.js';
import { restRouteKeys } from '../../lambdas/api/rest-routes.js';
import { createLocalCognito, type LocalCognito } from './cognito/index.js';
import { ensureTable } from './create-table.js';
import { startDynamoDbLocal, type DynamoDbLocal } from './dynamodb-local.js';
import { FifoQueue } from './queue/fifo-queue.js';
import { startSqsEndpoint } from './queue/sqs-endpoint.js';
import { startS3Emulator } from './s3/s3-emulator.js';
import { createUploadRoute } from './s3/upload-route.js';
import { createSearchRoute } from './search-route.js';
import { createSesIdentitiesRoute } from './ses-identities.js';
import { createStaticSite, localSecurityHeaders } from './static-site.js';
import { startWebhookInbox } from './webhook-inbox.js';
import { scheduleDaily, scheduleEvery, scheduleWeekly } from './daily-schedule.js';

export interface LocalStackOptions {
  /** The app's origin port (web app, /api, /cognito). */
  port: number;
  /** The SES emulator and its outbox page. */
  mailPort: number;
  dynamoDbPort: number;
  /** The S3 emulator (s3rver), for the handlers; browsers upload through the origin's /s3/. */
  s3Port: number;
  /** The import queue's SQS endpoint, for the handlers only. */
  sqsPort: number;
  /** The webhook inbox the demo company's endpoint posts to. @default a free port */
  webhookInboxPort?: number;
  /** Everything that must survive a restart lives here. */
  dataDir: string;
  /** The built web app. */
  webRoot: string;
  /** Start from clean data. */
  reset?: boolean;
  /** Seed the demo accounts and companies. @default true */
  seed?: boolean;
  /**
   * How long a failed import message waits before it is delivered again (the queue's visibility timeout,
   * 90 minutes on AWS; short here, so a retry shows while one watches).
   * @default 10000
   */
  queueVisibilityTimeoutMs?: number;
  /**
   * The vault cleanup queue's delivery delay: a claimed vault file is deleted this long after its last view.
   * @default 90 seconds, as on AWS (longer than the 60-second download link)
   */
  vaultCleanupDelayMs?: number;
  /**
   * When the daily digest of notification rules runs, 'HH:MM' UTC (the CDK schedule's default time).
   * @default '06:00'
   */
  dailyDigestAt?: string;
  /** Extra function settings (e.g. throttle limits in tests); same names as on AWS. */
  settings?: Record<string, string>;
}

export interface LocalStack {
  appUrl: string;
  mailUrl: string;
  dynamoDbEndpoint: string;
  /** The S3 emulator, as the handlers reach it. */
  s3Endpoint: string;
  /** The SQS endpoint of the import queue. */
  sqsEndpoint: string;
  /** The webhook inbox's page (webhook-inbox.ts). */
  webhookInboxUrl: string;
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  tableName: string;
  /** The environment the handlers run with, for tests that invoke them directly. */
  environment: Record<string, string>;
  stop(): Promise<void>;
}

// aws-ses-v2-local is CommonJS with an `exports.default`; Node's ESM interop wraps it once more.
const sesLocal = (sesLocalModule as unknown as { default?: typeof sesLocalModule }).default ?? sesLocalModule;

const region = 'eu-west-1';
const userPoolId = `${region}_localPool`;
const userPoolClientId = 'localwebclient';
const tableName = 'portal';
const uploadsBucket = 'portal-uploads';
const accountId = '000000000000';
const importQueueName = 'portal-imports.fifo';
const importDeadLetterQueueName = 'portal-imports-dlq.fifo';
const reportQueueName = 'portal-reports.fifo';
const reportDeadLetterQueueName = 'portal-reports-dlq.fifo';
const vaultCleanupQueueName = 'portal-vault-cleanup.fifo';
const webhookQueueName = 'portal-webhooks.fifo';
/** The template search, under the API's path as on AWS (CloudFront's /api/* reaches the HTTP API). */
const searchBasePath = '/api/search';
const localCredentials = { accessKeyId: 'local', secretAccessKey: 'local' };

export interface LocalSecrets {
  signInSecret: string;
  /** Signs the template search's keys (added to an older data directory's file on first use). */
  searchKeySecret: string;
  /** The HMAC key of DAST API keys (added to an older data directory's file on first use). */
  dastKeySecret: string;
  /** What the origin adds to every API request, as CloudFront does (added to an older file on first use). */
  originSecret: string;
  /** Encrypts webhook signing secrets (added to an older data directory's file on first use). */
  webhookSecretKey: string;
}

const localSecretNames = [
  'signInSecret',
  'searchKeySecret',
  'dastKeySecret',
  'originSecret',
  'webhookSecretKey',
] as const;

export function localSecrets(dataDir: string): LocalSecrets {
  const file = path.join(dataDir, 'local-secrets.json');
  const stored = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<LocalSecrets>) : {};
  const secrets = Object.fromEntries(
    localSecretNames.map((name) => [name, stored[name] ?? randomBytes(32).toString('base64url')]),
  ) as unknown as LocalSecrets;
  if (localSecretNames.some((name) => stored[name] !== secrets[name])) {
    writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  }
  return secrets;
}

/**
 * The environment the handlers run with: the same variables Lambda gets, pointing at this machine's stand-ins.
 * `npm run digest` builds it too, to reach a running stack's table, mail and queues.
 */
export function handlerEnvironment(
  options: Pick<LocalStackOptions, 'port' | 'mailPort' | 'dynamoDbPort' | 's3Port' | 'sqsPort' | 'settings'>,
  secrets: LocalSecrets,
): Record<string, string> {
  const appUrl = `http://127.0.0.1:${options.port}`;
  const mailUrl = `http://127.0.0.1:${options.mailPort}`;
  const s3Endpoint = `http://127.0.0.1:${options.s3Port}`;
  const sqsEndpoint = `http://127.0.0.1:${options.sqsPort}`;
  return {
    AWS_REGION: region,
    AWS_ACCESS_KEY_ID: localCredentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: localCredentials.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: `http://127.0.0.1:${options.dynamoDbPort}`,
    AWS_ENDPOINT_URL_SES: mailUrl,
    // SES's identity actions, which the emulator does not answer: the origin's /ses route (ses-identities.ts).
    MAIL_IDENTITY_ENDPOINT: `${appUrl}/ses`,
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: `${appUrl}/cognito`,
    AWS_ENDPOINT_URL_S3: s3Endpoint,
    AWS_ENDPOINT_URL_SQS: sqsEndpoint,
    TABLE_NAME: tableName,
    UPLOADS_BUCKET: uploadsBucket,
    // s3rver answers on 127.0.0.1:<port>/<bucket>, not on <bucket>.<host>.
    S3_FORCE_PATH_STYLE: 'true',
    // Relative: the browser posts to the origin it is on (127.0.0.1 or localhost), as runtime-config.json's
    // userPoolEndpoint follows it; the origin's /s3/ checks the policy and hands the file to s3rver.
    UPLOADS_BROWSER_URL: `/s3/${uploadsBucket}`,
    IMPORT_QUEUE_URL: `${sqsEndpoint}/${accountId}/${importQueueName}`,
    REPORT_QUEUE_URL: `${sqsEndpoint}/${accountId}/${reportQueueName}`,
    VAULT_CLEANUP_QUEUE_URL: `${sqsEndpoint}/${accountId}/${vaultCleanupQueueName}`,
    WEBHOOK_QUEUE_URL: `${sqsEndpoint}/${accountId}/${webhookQueueName}`,
    WEBHOOK_SECRET_KEY: secrets.webhookSecretKey,
    // Webhooks may reach receivers on this machine (http://127.0.0.1); off on AWS (infra/constructs/webhooks.ts).
    WEBHOOK_ALLOW_LOCAL_HTTP: 'true',
    PORTAL_URL: appUrl,
    USER_POOL_ID: userPoolId,
    ALLOWED_ORIGINS: [appUrl, `http://localhost:${options.port}`].join(','),
    MAIL_FROM: 'no-reply@portal.local',
    SUPPORT_MAIL_TO: 'support@portal.local',
    SIGN_IN_SECRET: secrets.signInSecret,
    SEARCH_KEY_SECRET: secrets.searchKeySecret,
    DAST_KEY_SECRET: secrets.dastKeySecret,
    // The origin plays CloudFront's part: it adds the origin secret to every API request (originHeaders below),
    // and the handlers refuse any request without it, as on AWS.
    ORIGIN_SECRET_HEADER: originSecretHeader,
    ORIGIN_SECRET: secrets.originSecret,
    POWERTOOLS_LOG_LEVEL: 'WARN',
    // Lambda runs Node 22; on an older local Node the SDK would warn on every start.
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    ...options.settings,
  };
}

export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  if (options.reset) rmSync(options.dataDir, { recursive: true, force: true });
  mkdirSync(options.dataDir, { recursive: true });
  const appUrl = `http://127.0.0.1:${options.port}`;
  const mailUrl = `http://127.0.0.1:${options.mailPort}`;
  const s3Endpoint = `http://127.0.0.1:${options.s3Port}`;
  const sqsEndpoint = `http://127.0.0.1:${options.sqsPort}`;
  const staticSite = createStaticSite(path.resolve(options.webRoot));
  const secrets = localSecrets(options.dataDir);

  const environment = handlerEnvironment(options, secrets);
  Object.assign(process.env, environment);

  const started: { stop(): Promise<void> }[] = [];
  const stopAll = async () => {
    for (const part of started.reverse()) await part.stop().catch(() => undefined);
  };
  try {
    const queueDir = path.join(options.dataDir, 'queue');
    /**
     * A queue of the stack, from its name (its ARN, its folder under the data directory) and its kind: a work
     * queue hands a failed message back after the visibility timeout and moves it to its dead-letter queue after
     * importMaxReceiveCount receives, as the CDK's queues do; a dead-letter queue only keeps what it is given.
     */
    const openQueue = (
      name: string,
      work?: { deadLetters: FifoQueue; deliveryDelayMs?: number; maxConcurrency?: number },
    ) =>
      FifoQueue.open({
        name,
        arn: `arn:aws:sqs:${region}:${accountId}:${name}`,
        region,
        dataDir: path.join(queueDir, name),
        ...(work
          ? {
              deadLetter: { queue: work.deadLetters, maxReceiveCount: importMaxReceiveCount },
              visibilityTimeoutMs: options.queueVisibilityTimeoutMs ?? 10_000,
              deliveryDelayMs: work.deliveryDelayMs,
              maxConcurrency: work.maxConcurrency,
            }
          : { visibilityTimeoutMs: 0 }),
      });
    const [dynamoDb, mail, s3, importDeadLetters, reportDeadLetters, webhookInbox] = await Promise.all([
      startDynamoDbLocal({ port: options.dynamoDbPort, dataDir: path.join(options.dataDir, 'dynamodb') }),
      sesLocal({ host: '127.0.0.1', port: options.mailPort }),
      startS3Emulator({
        port: options.s3Port,
        dataDir: path.join(options.dataDir, 's3'),
        buckets: [uploadsBucket],
        ...localCredentials,
        region,
      }),
      openQueue(importDeadLetterQueueName),
      openQueue(reportDeadLetterQueueName),
      startWebhookInbox({ port: options.webhookInboxPort ?? 0, dataDir: options.dataDir }),
    ]);
    started.push(
      dynamoDb satisfies DynamoDbLocal,
      { stop: () => closeServer(mail) },
      s3,
      {
        stop: () => importDeadLetters.stop(),
      },
      { stop: () => reportDeadLetters.stop() },
      webhookInbox,
    );
    const imports = await openQueue(importQueueName, { deadLetters: importDeadLetters });
    started.push({ stop: () => imports.stop() });
    const reports = await openQueue(reportQueueName, { deadLetters: reportDeadLetters });
    started.push({ stop: () => reports.stop() });
    const vaultCleanup = await openQueue(vaultCleanupQueueName, {
      deadLetters: reportDeadLetters,
      deliveryDelayMs: options.vaultCleanupDelayMs ?? 90_000,
    });
    started.push({ stop: () => vaultCleanup.stop() });
    // Each delivery is a message group of its own: several receivers are waited on at once, as the CDK's mapping
    // allows (its maximum concurrency).
    const webhooks = await openQueue(webhookQueueName, { deadLetters: reportDeadLetters, maxConcurrency: 8 });
    started.push({ stop: () => webhooks.stop() });
    const sqs = await startSqsEndpoint({
      port: options.sqsPort,
      region,
      accountId,
      accessKeyId: localCredentials.accessKeyId,
      queues: [imports, importDeadLetters, reports, reportDeadLetters, vaultCleanup, webhooks],
    });
    // Stopped last of the queue parts: the work queues first stop delivering and let their handlers finish, which
    // may still send messages (a fan-out queues its deliveries), then the endpoint closes.
    started.push({
      stop: async () => {
        await Promise.all([imports, reports, vaultCleanup, webhooks].map((queue) => queue.stop()));
        await sqs.stop();
      },
    });
    const incomingDir = path.join(options.dataDir, 's3-incoming');
    rmSync(incomingDir, { recursive: true, force: true }); // what an interrupted upload left
    const uploadRoute = createUploadRoute({
      basePath: '/s3',
      buckets: [uploadsBucket],
      credentials: { ...localCredentials, region },
      signedHost: new URL(s3.endpoint).host,
      // Imported here, after the environment above: the SDK warns about Node 20 at load unless told not to.
      s3: new (await import('@aws-sdk/client-s3')).S3Client({
        region,
        endpoint: s3.endpoint,
        forcePathStyle: true,
        credentials: localCredentials,
        // s3rver stores an aws-chunked body with its checksum trailer as it comes: send plain bodies.
        requestChecksumCalculation: 'WHEN_REQUIRED',
      }),
      incomingDir,
    });

    // Handlers are imported only now: their SDK clients read the endpoints from the environment above.
    const [
      { dynamoDbClient },
      { callRegistry },
      api,
      search,
      scanImport,
      reportWork,
      webhookWork,
      define,
      create,
      verify,
      preToken,
      { seedDemoData },
    ] = await Promise.all([
      import('../../lambdas/kernel/data/client.js'),
      import('../../lambdas/calls/registry.js'),
      import('../../lambdas/api/handler.js'),
      import('../../lambdas/search/handler.js'),
      import('../../lambdas/import/handler.js'),
      import('../../lambdas/reports/handler.js'),
      import('../../lambdas/webhooks/handler.js'),
      import('../../lambdas/auth/define-auth-challenge.js'),
      import('../../lambdas/auth/create-auth-challenge.js'),
      import('../../lambdas/auth/verify-auth-challenge-response.js'),
      import('../../lambdas/auth/pre-token-generation.js'),
      import('./seed.js'),
    ]);
    await ensureTable(dynamoDbClient, tableName);

    const issuer = `${appUrl}/cognito/${userPoolId}`;
    const allowedOrigins = environment.ALLOWED_ORIGINS!.split(',');
    const cognito: LocalCognito = await createLocalCognito({
      region,
      userPoolId,
      clientId: userPoolClientId,
      issuer,
      dataDir: path.join(options.dataDir, 'cognito'),
      basePath: '/cognito',
      // Passkeys: WebAuthn refuses an IP address as relying party, so they work on the localhost origin (an
      // allowed origin of the same server); on AWS the pool's WebAuthnRelyingPartyID is the site's domain.
      webAuthn: {
        relyingPartyId: 'localhost',
        origins: allowedOrigins.filter((origin) => new URL(origin).hostname === 'localhost'),
      },
      triggers: {
        defineAuthChallenge: define.handler as never,
        createAuthChallenge: create.handler as never,
        verifyAuthChallengeResponse: verify.handler as never,
        preTokenGeneration: preToken.handler as never,
      },
    });
    started.push({ stop: () => cognito.close() });

    // From the configuration the handlers read, so a setting given in options.settings is the one both sides use.
    const { ORIGIN_SECRET_HEADER: secretHeader, ORIGIN_SECRET: secretValue } = environment;
    const originHeaders: Record<string, string> = secretHeader && secretValue ? { [secretHeader]: secretValue } : {};
    const calls = callRegistry.list();
    const apiAdapter = createApiAdapter({
      basePath: '/api/calls',
      publicCalls: new Set(calls.filter((call) => call.access.kind === 'public').map((call) => call.name)),
      knownCalls: new Set(calls.map((call) => call.name)),
      restRoutes: restRouteKeys,
      issuer,
      audience: userPoolClientId,
      jwks: () => cognito.jwks() as never,
      handler: api.handler,
      originHeaders,
    });

    const sesIdentitiesRoute = createSesIdentitiesRoute({
      file: path.join(options.dataDir, 'ses-identities.json'),
      accessKeyId: localCredentials.accessKeyId,
    });

    const searchRoute = createSearchRoute({ basePath: searchBasePath, handler: search.handler, originHeaders });

    let ready = false;
    const runtimeConfig = (req: IncomingMessage) => {
      const requestOrigin = `http://${req.headers.host ?? ''}`;
      const origin = allowedOrigins.includes(requestOrigin) ? requestOrigin : appUrl;
      return {
        region,
        userPoolId,
        userPoolClientId,
        apiUrl: '/api',
        userPoolEndpoint: `${origin}/cognito`,
        // Algolia client hosts (its `hosts` option as it is): the template search on this same origin.
        searchHosts: [{ url: `${new URL(origin).host}${searchBasePath}`, protocol: 'http', accept: 'read' }],
      };
    };

    const server = createServer((req, res) => {
      // On every answer of the origin, the API's included, as CloudFront's response-headers policy does.
      for (const [name, value] of Object.entries(localSecurityHeaders)) res.setHeader(name, value);
      const pathname = (req.url ?? '/').split('?')[0] ?? '/';
      const route = async () => {
        if (pathname === '/cognito' || pathname.startsWith('/cognito/')) return cognito.handle(req, res);
        if (pathname.startsWith(`${searchBasePath}/`)) return searchRoute(req, res);
        if (pathname === '/ses' || pathname.startsWith('/ses/')) return sesIdentitiesRoute(req, res);
        if (pathname.startsWith('/api/')) return apiAdapter(req, res);
        if (pathname === '/s3' || pathname.startsWith('/s3/')) return uploadRoute(req, res);
        if (!ready) return sendJson(res, 503, { message: 'The local stack is starting' });
        if (pathname === '/runtime-config.json') return sendJson(res, 200, runtimeConfig(req));
        return staticSite(req, res);
      };
      route().catch((error: unknown) => {
        console.error('Local origin failed to answer', (error as Error).name);
        if (!res.headersSent) sendJson(res, 500, { message: 'Internal Server Error' });
        else res.end();
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, '127.0.0.1', resolve);
    });
    started.push({ stop: () => closeServer(server) });

    if (options.seed !== false) await seedDemoData({ webhookInbox });
    // The event source mapping: queued imports (also those a previous run left) run once the table is there.
    imports.consumeWith(scanImport.handler);
    reports.consumeWith(reportWork.handler);
    vaultCleanup.consumeWith(reportWork.handler);
    webhooks.consumeWith(webhookWork.handler);
    // The EventBridge rule of the webhook worker: every minute, the same event to the same handler.
    const webhookSchedule = scheduleEvery(60_000, () => webhookWork.handler({ webhooks: 'sweep' }));
    started.push({ stop: async () => webhookSchedule.stop() });
    // The EventBridge rule of the daily digest: the same event, to the same handler, at the same time of day.
    const dailyDigest = scheduleDaily(options.dailyDigestAt ?? '06:00', () => reportWork.handler({ digest: 'daily' }));
    started.push({ stop: async () => dailyDigest.stop() });
    // The EventBridge rule of the weekly digest: Monday 07:00 UTC, as on AWS.
    const weeklyDigest = scheduleWeekly('07:00', () => reportWork.handler({ digest: 'weekly' }));
    started.push({ stop: async () => weeklyDigest.stop() });
    ready = true;

    return {
      appUrl,
      mailUrl,
      dynamoDbEndpoint: environment.AWS_ENDPOINT_URL_DYNAMODB!,
      s3Endpoint,
      sqsEndpoint,
      webhookInboxUrl: webhookInbox.url,
      region,
      userPoolId,
      userPoolClientId,
      tableName,
      environment,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
