// The whole product on one machine: DynamoDB Local, the SES emulator, the local Cognito endpoint and the
// API adapter behind one origin that also serves the built web app and /runtime-config.json.
// Handlers run unchanged; only the environment (endpoints, names, secrets) differs from AWS.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import sesLocalModule from 'aws-ses-v2-local';
import { createApiAdapter } from './api-adapter.js';
import { createLocalCognito, type LocalCognito } from './cognito/index.js';
import { ensureTable } from './create-table.js';
import { startDynamoDbLocal, type DynamoDbLocal } from './dynamodb-local.js';
import { createStaticSite, localSecurityHeaders } from './static-site.js';

export interface LocalStackOptions {
  /** The app's origin port (web app, /api, /cognito). */
  port: number;
  /** The SES emulator and its outbox page. */
  mailPort: number;
  dynamoDbPort: number;
  /** Everything that must survive a restart lives here. */
  dataDir: string;
  /** The built web app. */
  webRoot: string;
  /** Start from clean data. */
  reset?: boolean;
  /** Seed the demo accounts and companies. @default true */
  seed?: boolean;
  /** Extra function settings (e.g. throttle limits in tests); same names as on AWS. */
  settings?: Record<string, string>;
}

export interface LocalStack {
  appUrl: string;
  mailUrl: string;
  dynamoDbEndpoint: string;
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

function localSecret(dataDir: string): string {
  const file = path.join(dataDir, 'local-secrets.json');
  if (existsSync(file)) return (JSON.parse(readFileSync(file, 'utf8')) as { signInSecret: string }).signInSecret;
  const signInSecret = randomBytes(32).toString('base64url');
  writeFileSync(file, JSON.stringify({ signInSecret }), { mode: 0o600 });
  return signInSecret;
}

export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  if (options.reset) rmSync(options.dataDir, { recursive: true, force: true });
  mkdirSync(options.dataDir, { recursive: true });
  const appUrl = `http://127.0.0.1:${options.port}`;
  const mailUrl = `http://127.0.0.1:${options.mailPort}`;
  const staticSite = createStaticSite(path.resolve(options.webRoot));

  const environment: Record<string, string> = {
    AWS_REGION: region,
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_ENDPOINT_URL_DYNAMODB: `http://127.0.0.1:${options.dynamoDbPort}`,
    AWS_ENDPOINT_URL_SES: mailUrl,
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: `${appUrl}/cognito`,
    TABLE_NAME: tableName,
    USER_POOL_ID: userPoolId,
    ALLOWED_ORIGINS: [appUrl, `http://localhost:${options.port}`].join(','),
    MAIL_FROM: 'no-reply@portal.local',
    SUPPORT_MAIL_TO: 'support@portal.local',
    SIGN_IN_SECRET: localSecret(options.dataDir),
    POWERTOOLS_LOG_LEVEL: 'WARN',
    // Lambda runs Node 22; on an older local Node the SDK would warn on every start.
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    ...options.settings,
  };
  Object.assign(process.env, environment);

  const started: { stop(): Promise<void> }[] = [];
  const stopAll = async () => {
    for (const part of started.reverse()) await part.stop().catch(() => undefined);
  };
  try {
    const [dynamoDb, mail] = await Promise.all([
      startDynamoDbLocal({ port: options.dynamoDbPort, dataDir: path.join(options.dataDir, 'dynamodb') }),
      sesLocal({ host: '127.0.0.1', port: options.mailPort }),
    ]);
    started.push(dynamoDb satisfies DynamoDbLocal, { stop: () => closeServer(mail) });

    // Handlers are imported only now: their SDK clients read the endpoints from the environment above.
    const [{ dynamoDbClient }, { callRegistry }, api, define, create, verify, preToken, { seedDemoData }] =
      await Promise.all([
        import('../../lambdas/kernel/data/client.js'),
        import('../../lambdas/calls/registry.js'),
        import('../../lambdas/api/handler.js'),
        import('../../lambdas/auth/define-auth-challenge.js'),
        import('../../lambdas/auth/create-auth-challenge.js'),
        import('../../lambdas/auth/verify-auth-challenge-response.js'),
        import('../../lambdas/auth/pre-token-generation.js'),
        import('./seed.js'),
      ]);
    await ensureTable(dynamoDbClient, tableName);

    const issuer = `${appUrl}/cognito/${userPoolId}`;
    const cognito: LocalCognito = await createLocalCognito({
      region,
      userPoolId,
      clientId: userPoolClientId,
      issuer,
      dataDir: path.join(options.dataDir, 'cognito'),
      basePath: '/cognito',
      triggers: {
        defineAuthChallenge: define.handler as never,
        createAuthChallenge: create.handler as never,
        verifyAuthChallengeResponse: verify.handler as never,
        preTokenGeneration: preToken.handler as never,
      },
    });
    started.push({ stop: () => cognito.close() });

    const calls = callRegistry.list();
    const apiAdapter = createApiAdapter({
      basePath: '/api/calls',
      publicCalls: new Set(calls.filter((call) => call.access.kind === 'public').map((call) => call.name)),
      knownCalls: new Set(calls.map((call) => call.name)),
      issuer,
      audience: userPoolClientId,
      jwks: () => cognito.jwks() as never,
      handler: api.handler,
    });

    let ready = false;
    const allowedOrigins = environment.ALLOWED_ORIGINS!.split(',');
    const runtimeConfig = (req: IncomingMessage) => {
      const requestOrigin = `http://${req.headers.host ?? ''}`;
      const origin = allowedOrigins.includes(requestOrigin) ? requestOrigin : appUrl;
      return { region, userPoolId, userPoolClientId, apiUrl: '/api', userPoolEndpoint: `${origin}/cognito` };
    };

    const server = createServer((req, res) => {
      // On every answer of the origin, the API's included, as CloudFront's response-headers policy does.
      for (const [name, value] of Object.entries(localSecurityHeaders)) res.setHeader(name, value);
      const pathname = (req.url ?? '/').split('?')[0] ?? '/';
      const route = async () => {
        if (pathname === '/cognito' || pathname.startsWith('/cognito/')) return cognito.handle(req, res);
        if (pathname.startsWith('/api/')) return apiAdapter(req, res);
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

    if (options.seed !== false) await seedDemoData();
    ready = true;

    return {
      appUrl,
      mailUrl,
      dynamoDbEndpoint: environment.AWS_ENDPOINT_URL_DYNAMODB!,
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
