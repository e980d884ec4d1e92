// Load on one call with autocannon, run as its own process (its CLI) so the load generator does not share the
// local stack's event loop.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

export interface LoadResult {
  call: string;
  connections: number;
  durationSeconds: number;
  requestsPerSecond: number;
  latencyMedianMs: number;
  latencyP99Ms: number;
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

interface AutocannonJson {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}

const require = createRequire(import.meta.url);

export async function loadCall(options: {
  appUrl: string;
  call: string;
  data: unknown;
  token: string;
  connections?: number;
  durationSeconds?: number;
}): Promise<LoadResult> {
  const connections = options.connections ?? 50;
  const durationSeconds = options.durationSeconds ?? 20;
  const cli = path.join(path.dirname(require.resolve('autocannon/package.json')), 'autocannon.js');
  const args = [
    cli,
    '--json',
    '--no-progress',
    '-c',
    String(connections),
    '-d',
    String(durationSeconds),
    '-m',
    'POST',
    '-H',
    'content-type=application/json',
    '-H',
    `origin=${options.appUrl}`,
    '-H',
    `authorization=Bearer ${options.token}`,
    '-b',
    JSON.stringify({ data: options.data }),
    `${options.appUrl}/api/calls/${options.call}`,
  ];
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(stdout) : reject(new Error(`autocannon exited ${code}: ${stderr.slice(-1000)}`)),
    );
  });
  const result = JSON.parse(output.slice(output.indexOf('{'))) as AutocannonJson;
  return {
    call: options.call,
    connections,
    durationSeconds,
    requestsPerSecond: Math.round(result.requests.average * 10) / 10,
    latencyMedianMs: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}
