// Configuration of every function, read once from the environment and validated at cold start.
// Endpoints of AWS services are not configuration of ours: the AWS SDK reads AWS_ENDPOINT_URL_* itself,
// which is how the local stack points the same handlers at DynamoDB Local, the SES emulator and the
// local Cognito endpoint.
import * as z from 'zod/mini';

const intFrom = (fallback: number) =>
  z.pipe(
    z.optional(z.string()),
    z.transform((value, ctx) => {
      if (value === undefined || value === '') return fallback;
      const parsed = Number(value);
      if (!Number.isInteger(parsed) || parsed < 0) {
        ctx.issues.push({ code: 'custom', message: `must be a non-negative integer, got "${value}"`, input: value });
        return z.NEVER;
      }
      return parsed;
    }),
  );

const listFrom = z.pipe(
  z.optional(z.string()),
  z.transform((value) =>
    (value ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  ),
);

const configSchema = z.object({
  TABLE_NAME: z.string().check(z.minLength(1)),
  /** Origins a sign-in link may point at, exact match, comma separated (e.g. https://portal.example.com). */
  ALLOWED_ORIGINS: listFrom,
  /** Sender of every mail, a verified SES identity. */
  MAIL_FROM: z._default(z.string(), 'no-reply@example.com'),
  /**
   * Where the SES identity actions (VerifyDomainIdentity, GetIdentityDkimAttributes, …) are sent when not to SES's
   * regional endpoint: the local stack's identity stand-in (aws-ses-v2-local answers only mail sends). Unset on AWS.
   */
  MAIL_IDENTITY_ENDPOINT: z.optional(z.string().check(z.minLength(1))),
  /** How long a function keeps the sending identities per kind of mail before it reads them again. */
  MAIL_SETTINGS_CACHE_MS: intFrom(30_000),
  PRODUCT_NAME: z._default(z.string(), 'Security Portal'),
  /** Where support messages from the contact dialog are mailed (the provider's inbox). */
  SUPPORT_MAIL_TO: z._default(z.string(), 'support@example.com'),
  /** The Cognito user pool, for the functions that create or sign out users. */
  USER_POOL_ID: z.optional(z.string()),
  /** The HMAC key for user names in keys: given directly (local stack, tests) or as a Secrets Manager ARN (AWS). */
  SIGN_IN_SECRET: z.optional(z.string().check(z.minLength(32))),
  SIGN_IN_SECRET_ARN: z.optional(z.string()),
  SIGN_IN_LINK_TTL_SECONDS: intFrom(900),
  SIGN_IN_EMAIL_INTERVAL_SECONDS: intFrom(60),
  /**
   * Attempts with a link and an address it was not sent to after which the link stops working: room for
   * typos, and a bound on guesses by someone who holds a link but not its address.
   */
  SIGN_IN_LINK_MAX_MISSES: intFrom(5),
  /** Wrong codes a sign-in mail takes: the last one ends its code and its link. */
  SIGN_IN_CODE_MAX_MISSES: intFrom(5),
  /** How old a sign-in proof may be for the calls that ask for a fresh one (freshProof). */
  STEP_UP_MAX_AGE_SECONDS: intFrom(600),
  SIGN_IN_IP_LIMIT: intFrom(30),
  SIGN_IN_IP_WINDOW_SECONDS: intFrom(600),
  /** Unknown e-mails are answered like known ones unless the operator turns this on. */
  REVEAL_UNKNOWN_ACCOUNTS: z.pipe(
    z.optional(z.string()),
    z.transform((value) => value === 'true'),
  ),
  /**
   * A header that the CDN in front of the API sets to the viewer's address (CloudFront: a viewer-request
   * function writes x-viewer-address). It is believed only on requests that carry the origin secret; unset,
   * the address API Gateway saw is used (the local stack).
   */
  VIEWER_ADDRESS_HEADER: z.optional(z.string().check(z.toLowerCase())),
  /**
   * The header the CDN adds to every request it sends to the API (CloudFront: an origin custom header; the local
   * stack: its origin). Set, every API request without the origin secret in it is refused (requireOriginSecret).
   */
  ORIGIN_SECRET_HEADER: z.optional(z.string().check(z.toLowerCase())),
  /** The value of that header: given directly (tests) or as a Secrets Manager ARN (AWS). */
  ORIGIN_SECRET: z.optional(z.string().check(z.minLength(32))),
  ORIGIN_SECRET_ARN: z.optional(z.string().check(z.minLength(1))),
  /** The bucket scan files are uploaded to (raw uploads are removed after 30 days by its lifecycle rule). */
  UPLOADS_BUCKET: z.optional(z.string().check(z.minLength(3))),
  /**
   * Where browsers reach the bucket (the presigned POST of an upload, a presigned GET of a vault file), when not
   * at the S3 endpoint itself: the local stack's one origin (`/s3/<bucket>`). Unset on AWS: the bucket's
   * regional address.
   */
  UPLOADS_BROWSER_URL: z.optional(z.string().check(z.minLength(1))),
  /** Path-style S3 addresses (an S3 emulator on a port of its own); AWS uses virtual-hosted ones. */
  S3_FORCE_PATH_STYLE: z.pipe(
    z.optional(z.string()),
    z.transform((value) => value === 'true'),
  ),
  /** The FIFO queue that starts imports, one company and service at a time. */
  IMPORT_QUEUE_URL: z.optional(z.string().check(z.minLength(1))),
  /** The FIFO queue of the report worker: exports of findings and notification digests. */
  REPORT_QUEUE_URL: z.optional(z.string().check(z.minLength(1))),
  /**
   * A FIFO queue with a delivery delay longer than a vault file's download link: a claimed vault file is
   * removed from the bucket once its last link has died (the report worker consumes it).
   */
  VAULT_CLEANUP_QUEUE_URL: z.optional(z.string().check(z.minLength(1))),
  /** The portal's address, for links in notification mails (the first allowed origin when unset). */
  PORTAL_URL: z.optional(z.string().check(z.minLength(1))),
  /**
   * The key the template search's secured keys are signed with (HMAC-SHA-256, Algolia's secured-key
   * scheme): given directly (local stack, tests) or as a Secrets Manager ARN (AWS).
   */
  SEARCH_KEY_SECRET: z.optional(z.string().check(z.minLength(32))),
  SEARCH_KEY_SECRET_ARN: z.optional(z.string().check(z.minLength(1))),
  /** The search application's id, as getSearchClient names it to the Algolia client. */
  SEARCH_APP_ID: z._default(z.string().check(z.minLength(1)), 'portal'),
  /**
   * A real Algolia application instead of the portal's own search endpoint: template changes are mirrored to
   * its index finding_templates (app SEARCH_APP_ID) with this admin key, given directly (tests, a local
   * stack) or as a Secrets Manager ARN (AWS). Either one switches the mirror on; unset, nothing is mirrored.
   * SEARCH_KEY_SECRET(_ARN) is then the application's search-only key, the parent of the keys handed out.
   */
  ALGOLIA_ADMIN_KEY: z.optional(z.string().check(z.minLength(1))),
  ALGOLIA_ADMIN_KEY_SECRET_ARN: z.optional(z.string().check(z.minLength(1))),
  /**
   * Where the mirror sends Algolia's write API instead of the application's own hosts, comma separated
   * origins (`https://algolia-proxy.example.org`, `http://127.0.0.1:8123`): a proxy, or a test's stand-in.
   */
  ALGOLIA_HOSTS: listFrom,
  /** How long a search key works after getSearchClient hands it out. */
  SEARCH_KEY_TTL_SECONDS: intFrom(3600),
  /** How often, at most, the search index asks DynamoDB whether templates changed. */
  SEARCH_REFRESH_MS: intFrom(2000),
  /** The public vault calls (landing, reveal, request reply) a client address may make per window. */
  VAULT_IP_LIMIT: intFrom(120),
  VAULT_IP_WINDOW_SECONDS: intFrom(600),
  /** The HMAC key DAST API keys are hashed with: given directly (local stack, tests) or as a Secrets Manager ARN (AWS). */
  DAST_KEY_SECRET: z.optional(z.string().check(z.minLength(32))),
  DAST_KEY_SECRET_ARN: z.optional(z.string().check(z.minLength(1))),
  /** Requests one DAST key may make per window (all scopes together); past it, 429 with Retry-After. */
  DAST_KEY_RATE_LIMIT: intFrom(60),
  DAST_KEY_RATE_WINDOW_SECONDS: intFrom(60),
  /** The key webhook signing secrets are encrypted with: given directly (local stack, tests) or as a Secrets Manager ARN (AWS). */
  WEBHOOK_SECRET_KEY: z.optional(z.string().check(z.minLength(32))),
  WEBHOOK_SECRET_KEY_ARN: z.optional(z.string().check(z.minLength(1))),
  /** The webhook queue (fan-out of events and each delivery's attempts); unset, nothing is delivered. */
  WEBHOOK_QUEUE_URL: z.optional(z.string().check(z.minLength(1))),
  /**
   * Webhooks may go to `http://127.0.0.1` (the local stack's receivers and tests). Off on AWS: only `https`, and
   * never to a private, loopback, link-local or metadata address.
   */
  WEBHOOK_ALLOW_LOCAL_HTTP: z.pipe(
    z.optional(z.string()),
    z.transform((value) => value === 'true'),
  ),
  /** Responses of sendSignInLink take at least this long, so known and unknown e-mails look alike. */
  SIGN_IN_MIN_RESPONSE_MS: intFrom(150),
});

export type Config = z.infer<typeof configSchema>;

let cached: Config | undefined;

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  if (cached && env === process.env) return cached;
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid configuration: ${z.prettifyError(parsed.error)}`);
  }
  const config = parsed.data;
  // A header to check without a value to check it against would refuse every request.
  if (config.ORIGIN_SECRET_HEADER && !(config.ORIGIN_SECRET || config.ORIGIN_SECRET_ARN)) {
    throw new Error('Invalid configuration: ORIGIN_SECRET_HEADER needs ORIGIN_SECRET or ORIGIN_SECRET_ARN');
  }
  // Anyone can send a viewer-address header straight to the API: without the origin secret it would be trusted.
  if (
    config.VIEWER_ADDRESS_HEADER &&
    !(config.ORIGIN_SECRET_HEADER && (config.ORIGIN_SECRET || config.ORIGIN_SECRET_ARN))
  ) {
    throw new Error(
      'Invalid configuration: VIEWER_ADDRESS_HEADER needs ORIGIN_SECRET_HEADER and ORIGIN_SECRET or ORIGIN_SECRET_ARN',
    );
  }
  if (env === process.env) cached = config;
  return config;
}

/** Whether template changes are mirrored to a real Algolia application (its admin key is configured). */
export function algoliaMirrorConfigured(config: Config = readConfig()): boolean {
  return Boolean(config.ALGOLIA_ADMIN_KEY || config.ALGOLIA_ADMIN_KEY_SECRET_ARN);
}

/** Tests change the environment between cases; production reads it once. */
export function resetConfigCache(): void {
  cached = undefined;
}
