// How Lambda code is bundled, in one place: the CDK functions (lambda-function.ts) and the bundle-size
// measurement (scripts/) read the same entries and esbuild options, so what is measured is what ships.
import type { BuildOptions } from 'esbuild';
import { mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, where package.json and package-lock.json live. */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Every Lambda handler of the portal, by name, as a path from the repository root. Each exports `handler`. */
export const lambdaEntries = {
  // The API, one function per call group (lambdas/calls/registry.ts), each bundling only its own calls.
  peopleApi: 'lambdas/api/functions/people.ts',
  findingsApi: 'lambdas/api/functions/findings.ts',
  scanningApi: 'lambdas/api/functions/scanning.ts',
  vaultApi: 'lambdas/api/functions/vault.ts',
  defineAuthChallenge: 'lambdas/auth/define-auth-challenge.ts',
  createAuthChallenge: 'lambdas/auth/create-auth-challenge.ts',
  verifyAuthChallengeResponse: 'lambdas/auth/verify-auth-challenge-response.ts',
  preTokenGeneration: 'lambdas/auth/pre-token-generation.ts',
  firstAdministrator: 'lambdas/bootstrap/first-administrator.ts',
  scanImport: 'lambdas/import/handler.ts',
  reportWork: 'lambdas/reports/handler.ts',
  webhookWork: 'lambdas/webhooks/handler.ts',
  templateSearch: 'lambdas/search/handler.ts',
  threatFeedFetch: 'lambdas/feeds/handler.ts',
} as const;

export type LambdaName = keyof typeof lambdaEntries;

/** Lambda runtime nodejs22.x. */
export const lambdaNodeTarget = 'node22';

// Bundled ESM still meets CommonJS code (parts of the AWS SDK) that calls require("node:https") at load:
// give it a real require, or the function crashes before the handler runs.
const createRequireBanner = "import { createRequire } from 'module'; const require = createRequire(import.meta.url);";

/**
 * Powertools for AWS Lambda (Logger, Metrics, Tracer with aws-xray-sdk-core) is not bundled: every function takes it
 * from Powertools' official Lambda layer (lambda-function.ts), its documented deployment, where Lambda's Node.js
 * runtime resolves it from /opt/nodejs/node_modules, ES modules included. It was about 125 KB of each bundle.
 * esbuild's `*` wildcard leaves every package of the scope and its subpaths external.
 */
export const powertoolsExternal = '@aws-lambda-powertools/*';

/**
 * The Powertools version the layer must be: the installed Tracer's (package.json pins Logger, Metrics and Tracer to
 * one exact version, which tests/infra/portal-stack.test.ts checks), read at synth time rather than written twice.
 */
export function powertoolsVersion(): string {
  const manifest = path.join(repoRoot, 'node_modules/@aws-lambda-powertools/tracer/package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/** The public SSM parameter, in every commercial region, holding the ARN of Powertools' layer of that version. */
export const powertoolsLayerParameter = (version: string) =>
  `/aws/service/powertools/typescript/generic/all/${version}`;

/**
 * Makes `dir` resolve the bundles' externals as Lambda does from the layer, for bundles written into it and run
 * here: `dir/node_modules/@aws-lambda-powertools` links to the repository's installed packages (the layer's
 * /opt/nodejs/node_modules stands for the same packages of the same version), whose own dependencies
 * (aws-xray-sdk-core) resolve from where they really are, as the layer carries them. Nothing else is resolvable
 * there, so a bundle that left another package external fails here as it would on Lambda.
 */
export function linkPowertoolsLayer(dir: string): void {
  mkdirSync(path.join(dir, 'node_modules'), { recursive: true });
  symlinkSync(
    path.join(repoRoot, 'node_modules/@aws-lambda-powertools'),
    path.join(dir, 'node_modules/@aws-lambda-powertools'),
    'dir',
  );
}

/**
 * Parts of libraries the Lambda code never runs, replaced by small modules of lambdas/kernel (each says why):
 * Lambda credentials come from the environment (lambda-credentials.ts); DynamoDB has no event streams
 * (lambda-event-streams.ts); its endpoint-discovery cache, off, needs no more than a Map (lambda-lru-cache.ts).
 * (The X-Ray SDK's `semver` needed a stand-in only while the SDK was bundled: it comes with the layer now.)
 */
export const lambdaAliases = {
  '@aws-sdk/credential-provider-node': fileURLToPath(
    new URL('../../lambdas/kernel/lambda-credentials.ts', import.meta.url),
  ),
  '@smithy/core/event-streams': fileURLToPath(new URL('../../lambdas/kernel/lambda-event-streams.ts', import.meta.url)),
  'mnemonist/lru-cache': fileURLToPath(new URL('../../lambdas/kernel/lambda-lru-cache.ts', import.meta.url)),
};

/**
 * esbuild options for every handler. The AWS SDK is bundled (not taken from the runtime) so the pinned
 * versions of package.json are the ones that run; `module` before `main` picks the SDK's ESM builds,
 * smaller and faster to import at cold start. Powertools is external: it comes from its layer.
 */
export const lambdaEsbuildOptions = {
  bundle: true,
  platform: 'node',
  target: lambdaNodeTarget,
  format: 'esm',
  mainFields: ['module', 'main'],
  banner: { js: createRequireBanner },
  minify: true,
  sourcemap: false,
  external: [powertoolsExternal],
  alias: lambdaAliases,
} satisfies BuildOptions;
