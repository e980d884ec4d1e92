// Starts one local stack for the whole test run, on free ports and clean data, the way `npm start` does.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startLocalStack, type LocalStack } from '../../infra/local/stack.js';
import { freePort } from './free-port.js';

export interface LocalStackInfo {
  appUrl: string;
  mailUrl: string;
  /** The webhook inbox Acme's demo endpoint posts to. */
  webhookInboxUrl: string;
  userPoolId: string;
  userPoolClientId: string;
  environment: Record<string, string>;
  /** The stack's data folder: its local Cognito keeps the pool's signing key there (cognito/pool-keys.json). */
  dataDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    localStack: LocalStackInfo;
  }
}

let stack: LocalStack | undefined;
let dataDir: string | undefined;

export async function setup(project: TestProject): Promise<void> {
  dataDir = mkdtempSync(path.join(tmpdir(), 'portal-test-'));
  stack = await startLocalStack({
    port: await freePort(),
    mailPort: await freePort(),
    dynamoDbPort: await freePort(),
    s3Port: await freePort(),
    sqsPort: await freePort(),
    dataDir,
    webRoot: path.resolve('web/dist'),
    // A claimed vault file is deleted 90 s after its last view on AWS; tests watch it go sooner.
    vaultCleanupDelayMs: 3000,
    // Every test request comes from 127.0.0.1; the per-address limit has its own test with the default.
    // Metrics go to stdout as EMF lines (as `npm start` shows them); the tests that check them turn them on again.
    settings: { SIGN_IN_IP_LIMIT: '100000', VAULT_IP_LIMIT: '100000', POWERTOOLS_METRICS_DISABLED: 'true' },
  });
  project.provide('localStack', {
    appUrl: stack.appUrl,
    mailUrl: stack.mailUrl,
    webhookInboxUrl: stack.webhookInboxUrl,
    userPoolId: stack.userPoolId,
    userPoolClientId: stack.userPoolClientId,
    environment: stack.environment,
    dataDir,
  });
}

export async function teardown(): Promise<void> {
  await stack?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
