// How Lambda code is bundled, in one place: the CDK functions (lambda-function.ts) and the bundle-size
// measurement (scripts/) read the same entries and esbuild options, so what is measured is what ships.
import type { BuildOptions } from 'esbuild';
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
 * esbuild options for every handler. The AWS SDK is bundled (not taken from the runtime) so the pinned
 * versions of package.json are the ones that run; `module` before `main` picks the SDK's ESM builds,
 * smaller and faster to import at cold start.
 */
/**
 * Parts of libraries the Lambda code never runs, replaced by small modules of lambdas/kernel (each says why):
 * Lambda credentials come from the environment (lambda-credentials.ts); the X-Ray SDK's `semver` serves only its
 * capture of the AWS SDK v2 (lambda-semver.ts); DynamoDB has no event streams (lambda-event-streams.ts); its
 * endpoint-discovery cache, off, needs no more than a Map (lambda-lru-cache.ts).
 */
export const lambdaAliases = {
  '@aws-sdk/credential-provider-node': fileURLToPath(
    new URL('../../lambdas/kernel/lambda-credentials.ts', import.meta.url),
  ),
  semver: fileURLToPath(new URL('../../lambdas/kernel/lambda-semver.ts', import.meta.url)),
  '@smithy/core/event-streams': fileURLToPath(new URL('../../lambdas/kernel/lambda-event-streams.ts', import.meta.url)),
  'mnemonist/lru-cache': fileURLToPath(new URL('../../lambdas/kernel/lambda-lru-cache.ts', import.meta.url)),
};

export const lambdaEsbuildOptions = {
  bundle: true,
  platform: 'node',
  target: lambdaNodeTarget,
  format: 'esm',
  mainFields: ['module', 'main'],
  banner: { js: createRequireBanner },
  minify: true,
  sourcemap: false,
  external: [],
  alias: lambdaAliases,
} satisfies BuildOptions;
