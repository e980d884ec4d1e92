// Bundles every Lambda exactly as the CDK does (same entries, same esbuild options) and reports each
// bundle's minified size and its cold import time against `node -e 0` (median of 11 runs each).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { lambdaEntries, lambdaEsbuildOptions, repoRoot } from '../infra/constructs/lambda-bundling.js';

export interface LambdaMeasure {
  name: string;
  minifiedBytes: number;
  coldImportMsMedian: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function timeNode(args: string[], runs = 11): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = process.hrtime.bigint();
    const child = spawnSync(process.execPath, args, {
      // Settings the handlers check at cold start; nothing is contacted at import.
      env: {
        ...process.env,
        TABLE_NAME: 'measure',
        SIGN_IN_SECRET: 'x'.repeat(40),
        AWS_REGION: 'eu-west-1',
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      },
      encoding: 'utf8',
    });
    if (child.status !== 0) throw new Error(`node ${args.join(' ')} failed: ${child.stderr}`);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return median(times);
}

export async function measureLambdas(): Promise<{ baselineMs: number; lambdas: LambdaMeasure[] }> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'lambda-bundles-'));
  try {
    const baselineMs = timeNode(['-e', '0']);
    const lambdas: LambdaMeasure[] = [];
    for (const [name, entry] of Object.entries(lambdaEntries)) {
      const outfile = path.join(outDir, `${name}.mjs`);
      await build({ ...lambdaEsbuildOptions, entryPoints: [path.join(repoRoot, entry)], outfile, logLevel: 'error' });
      const importer = path.join(outDir, `${name}-import.mjs`);
      writeFileSync(importer, `await import(${JSON.stringify(outfile)});`);
      lambdas.push({ name, minifiedBytes: statSync(outfile).size, coldImportMsMedian: timeNode([importer]) });
    }
    return { baselineMs, lambdas };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { baselineMs, lambdas } = await measureLambdas();
  console.log(`node -e 0: ${baselineMs.toFixed(0)} ms (median)`);
  console.table(
    lambdas.map((lambda) => ({
      function: lambda.name,
      'minified KB': (lambda.minifiedBytes / 1000).toFixed(1),
      'cold import ms': lambda.coldImportMsMedian.toFixed(0),
      'over node -e 0 ms': (lambda.coldImportMsMedian - baselineMs).toFixed(0),
    })),
  );
}
