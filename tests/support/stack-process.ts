// A second local stack as a child process, started the way `npm start` does (infra/local/start.ts) on given
// ports and its own data directory, so a test can SIGKILL it and start it again on the same data.
// Free of vitest.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { freePort } from './free-port.js';
import type { StackEndpoints } from './id-token.js';

export interface StackPorts {
  port: number;
  mailPort: number;
  dynamoDbPort: number;
  /** @default a free port */
  s3Port?: number;
  /** @default a free port */
  sqsPort?: number;
}

export interface StackProcess extends StackEndpoints {
  child: ChildProcess;
  /** The last lines the process printed. */
  output(): string;
  /** Resolves when the process has exited. */
  exited: Promise<void>;
}

const repoRoot = path.resolve(import.meta.dirname, '../..');

/**
 * Starts `node --import tsx infra/local/start.ts --no-build` (web/dist must be built) and resolves once it
 * says it is running and /runtime-config.json answers. `environment` replaces the keys it names; `omit`
 * drops keys (such as another stack's endpoints) from the inherited environment.
 */
export async function startStackProcess(
  ports: StackPorts,
  dataDir: string,
  options: { environment?: Record<string, string>; omit?: readonly string[]; timeoutMs?: number } = {},
): Promise<StackProcess> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !options.omit?.includes(key)) env[key] = value;
  }
  Object.assign(env, options.environment, {
    PORT: String(ports.port),
    MAIL_PORT: String(ports.mailPort),
    DYNAMODB_PORT: String(ports.dynamoDbPort),
    S3_PORT: String(ports.s3Port ?? (await freePort())),
    SQS_PORT: String(ports.sqsPort ?? (await freePort())),
    DATA_DIR: dataDir,
  });
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/start.ts', '--no-build'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const appUrl = `http://127.0.0.1:${ports.port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The stack process exited (${child.exitCode ?? child.signalCode}): ${output.slice(-1500)}`);
    }
    if (/Security portal is running/.test(output)) {
      const config = await fetch(`${appUrl}/runtime-config.json`).then(
        (response) => (response.ok ? response.json() : undefined),
        () => undefined,
      );
      if (config) {
        const { userPoolId, userPoolClientId } = config as { userPoolId: string; userPoolClientId: string };
        return {
          child,
          appUrl,
          mailUrl: `http://127.0.0.1:${ports.mailPort}`,
          userPoolId,
          userPoolClientId,
          output: () => output,
          exited,
        };
      }
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(
        `The stack process did not start within ${options.timeoutMs ?? 60_000} ms: ${output.slice(-1500)}`,
      );
    }
    await delay(100);
  }
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    // Every interface, as DynamoDB Local binds them.
    probe.listen(port, () => probe.close(() => resolve(true)));
  });
}

/** Waits until nothing listens on any of the ports (DynamoDB Local's Java stops shortly after its parent dies). */
export async function waitForPortsFree(ports: readonly number[], timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const free = await Promise.all(ports.map(portIsFree));
    if (free.every(Boolean)) return;
    if (Date.now() > deadline)
      throw new Error(
        `Ports still in use after ${timeoutMs} ms: ${ports.filter((_, index) => !free[index]).join(', ')}`,
      );
    await delay(100);
  }
}
