// Bundles every Lambda exactly as the CDK does (same entries, same esbuild options) and reports each
// bundle's minified size and its cold import time against `node -e 0` (median of 11 runs each). Powertools is not
// in the bundles: it comes from its Lambda layer, which the bundles' directory stands for (linkPowertoolsLayer), so
// each cold import loads the layer's modules as on Lambda. What the layer adds is reported once, apart: Logger,
// Metrics and Tracer bundled and minified with the same options, an informational size, not a budget.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import {
  lambdaEntries,
  lambdaEsbuildOptions,
  linkPowertoolsLayer,
  powertoolsVersion,
  repoRoot,
} from '../infra/constructs/lambda-bundling.js';

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

/** The Powertools code the functions load from the layer rather than from their bundles. */
export interface PowertoolsLayerMeasure {
  version: string;
  /** Logger, Metrics and Tracer (with aws-xray-sdk-core) bundled and minified with the Lambda options. */
  minifiedBytes: number;
  /** Their cold import from the layer's packages (unbundled, as the layer ships them). */
  coldImportMsMedian: number;
}

async function measurePowertoolsLayer(outDir: string): Promise<PowertoolsLayerMeasure> {
  const packages = ['logger', 'metrics', 'tracer'].map((name) => `@aws-lambda-powertools/${name}`);
  const entry = path.join(outDir, 'powertools-entry.mjs');
  writeFileSync(entry, packages.map((name, index) => `export * as p${index} from ${JSON.stringify(name)};\n`).join(''));
  const outfile = path.join(outDir, 'powertools.mjs');
  // Bundled here only to be weighed: the same options, but nothing of Powertools left external.
  await build({
    ...lambdaEsbuildOptions,
    external: [],
    entryPoints: [entry],
    outfile,
    logLevel: 'error',
  });
  const importer = path.join(outDir, 'powertools-import.mjs');
  writeFileSync(importer, packages.map((name) => `await import(${JSON.stringify(name)});\n`).join(''));
  return {
    version: powertoolsVersion(),
    minifiedBytes: statSync(outfile).size,
    coldImportMsMedian: timeNode([importer]),
  };
}

export async function measureLambdas(): Promise<{
  baselineMs: number;
  lambdas: LambdaMeasure[];
  powertoolsLayer: PowertoolsLayerMeasure;
}> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'lambda-bundles-'));
  try {
    // The layer's /opt/nodejs/node_modules: the bundles import Powertools from there.
    linkPowertoolsLayer(outDir);
    const baselineMs = timeNode(['-e', '0']);
    const lambdas: LambdaMeasure[] = [];
    for (const [name, entry] of Object.entries(lambdaEntries)) {
      const outfile = path.join(outDir, `${name}.mjs`);
      await build({ ...lambdaEsbuildOptions, entryPoints: [path.join(repoRoot, entry)], outfile, logLevel: 'error' });
      const importer = path.join(outDir, `${name}-import.mjs`);
      writeFileSync(importer, `await import(${JSON.stringify(outfile)});`);
      lambdas.push({ name, minifiedBytes: statSync(outfile).size, coldImportMsMedian: timeNode([importer]) });
    }
    return { baselineMs, lambdas, powertoolsLayer: await measurePowertoolsLayer(outDir) };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { baselineMs, lambdas, powertoolsLayer } = await measureLambdas();
  console.log(`node -e 0: ${baselineMs.toFixed(0)} ms (median)`);
  console.log(
    `Powertools ${powertoolsLayer.version} from its Lambda layer (not in the bundles; informational, no budget): ` +
      `Logger, Metrics and Tracer ${(powertoolsLayer.minifiedBytes / 1000).toFixed(1)} KB minified with the same ` +
      `options; their cold import alone ${powertoolsLayer.coldImportMsMedian.toFixed(0)} ms ` +
      `(${(powertoolsLayer.coldImportMsMedian - baselineMs).toFixed(0)} ms over node -e 0), part of every cold import ` +
      "below but the two Cognito triggers'",
  );
  console.table(
    lambdas.map((lambda) => ({
      function: lambda.name,
      'minified KB': (lambda.minifiedBytes / 1000).toFixed(1),
      'cold import ms': lambda.coldImportMsMedian.toFixed(0),
      'over node -e 0 ms': (lambda.coldImportMsMedian - baselineMs).toFixed(0),
    })),
  );
}
