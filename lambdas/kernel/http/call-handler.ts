// Turns an API Gateway HTTP API (v2) event into one call of the registry: check it came through the CDN, parse,
// authenticate, authorise, run, shape the answer. Errors leave through toErrorResponse only.
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2 } from 'aws-lambda';
import * as z from 'zod/mini';
import type { Caller } from '../access/caller.js';
import {
  needsFreshProof,
  type AnyCall,
  type AnyPublicCall,
  type AnySignedInCall,
  type CallRegistry,
  type RequestInfo,
} from '../call.js';
import { readConfig } from '../config.js';
import {
  InvalidArgumentError,
  NotFoundError,
  PermissionDeniedError,
  StepUpRequiredError,
  UnauthenticatedError,
  toErrorResponse,
} from '../errors.js';
import { logger } from '../logger.js';
import { signInProofClaim, signInProofs, type SignInProof } from '../sign-in/sign-in-code.js';
import { loadUserRecords } from '../users/user-records.js';
import { requireOriginSecret } from './origin-secret.js';

/**
 * Larger bodies are refused before parsing. Up to this size (HTTP API's own limit) a body is parsed, so an
 * oversized field is named by its schema's message rather than by a bare size error.
 */
export const maxBodyBytes = 10 * 1024 * 1024;

type JwtClaims = Record<string, string | number | boolean | string[]>;
type CallEvent = APIGatewayProxyEventV2 & {
  requestContext: APIGatewayProxyEventV2['requestContext'] & { authorizer?: { jwt?: { claims?: JwtClaims } } };
};

const jsonHeaders = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

export function makeCallHandler(registry: CallRegistry) {
  return async (event: CallEvent): Promise<APIGatewayProxyResultV2> => {
    let address: Promise<string> | undefined;
    const request: RequestInfo = {
      requestId: event.requestContext.requestId,
      clientAddress: () => (address ??= Promise.resolve(clientAddress(event))),
      origin: event.headers?.origin,
    };
    try {
      // Before the name, the body or the token is looked at: a direct caller learns nothing, costs nothing.
      await requireOriginSecret(event.headers);
      const call = findCall(registry, event);
      const result: unknown = isPublicCall(call)
        ? await call.run(parseInput(call, readData(event)), { request })
        : await runSignedIn(call, event, request);
      return {
        statusCode: 200,
        headers: jsonHeaders,
        body: JSON.stringify({ result: call.output.parse(result) as unknown }),
      };
    } catch (error) {
      const { statusCode, body, headers } = toErrorResponse(error, request.requestId);
      if (statusCode >= 500) {
        logger.error('Call failed', { requestId: request.requestId, path: event.rawPath, error: error as Error });
      }
      return { statusCode, headers: { ...jsonHeaders, ...headers }, body: JSON.stringify(body) };
    }
  };
}

/**
 * Behind CloudFront, API Gateway sees the edge's address; the CDN passes the viewer's in a header. Anyone can send
 * that header, so it is configured only beside the origin secret (readConfig), and a request reaches this point
 * only with that secret (requireOriginSecret): it came through the CDN, which overwrote whatever the viewer sent.
 * Without the header configured (the local stack), the address API Gateway saw.
 */
function clientAddress(event: CallEvent): string {
  const { VIEWER_ADDRESS_HEADER } = readConfig();
  const forwarded = VIEWER_ADDRESS_HEADER ? event.headers?.[VIEWER_ADDRESS_HEADER]?.trim() : undefined;
  return forwarded || event.requestContext.http.sourceIp;
}

function findCall(registry: CallRegistry, event: CallEvent): AnyCall {
  const name = event.pathParameters?.name ?? event.rawPath.split('/').pop() ?? '';
  const call = registry.get(name);
  if (!call) throw new NotFoundError(`Unknown call "${name.slice(0, 64)}"`);
  return call;
}

function readData(event: CallEvent): unknown {
  const raw = event.body ?? '';
  const text = event.isBase64Encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw;
  if (Buffer.byteLength(text, 'utf8') > maxBodyBytes) {
    throw new InvalidArgumentError(`Request body is larger than ${maxBodyBytes / 1024 / 1024} MB`);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new InvalidArgumentError('Request body is not valid JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !Object.hasOwn(body, 'data')) {
    throw new InvalidArgumentError('Request body must be a JSON object with a "data" field');
  }
  // A call without arguments may be sent as {"data": null}, as the callable protocol does.
  return (body as { data: unknown }).data ?? {};
}

/** The issues of an input its schema refused, as the answer names them: the field's path, and what is wrong. */
export function inputIssues(issues: readonly z.core.$ZodIssue[]): { field?: string; message: string }[] {
  return issues.map((issue) => ({
    ...(issue.path.length > 0 ? { field: issue.path.map(String).join('.') } : {}),
    // A strict object's extra keys are named, in zod's English words, whether or not a locale was loaded (without
    // one, zod/mini says only "Invalid input").
    message:
      issue.code === 'unrecognized_keys'
        ? `Unrecognized key${issue.keys.length === 1 ? '' : 's'}: ${issue.keys.map((key) => JSON.stringify(key)).join(', ')}`
        : issue.message,
  }));
}

function parseInput(call: AnyCall, data: unknown): unknown {
  const parsed = call.input.safeParse(data);
  if (parsed.success) return parsed.data;
  const issues = inputIssues(parsed.error.issues);
  const message = issues.map((issue) => (issue.field ? `${issue.field}: ${issue.message}` : issue.message)).join('; ');
  throw new InvalidArgumentError(message || 'Invalid request', { issues });
}

function isPublicCall(call: AnyCall): call is AnyPublicCall {
  return call.access.kind === 'public';
}

/**
 * Who is calling and whether they may come before the input is looked at: a caller without the right
 * learns nothing of a call's schema from its validation messages. A call's read-ahead runs meanwhile.
 */
async function runSignedIn(call: AnySignedInCall, event: CallEvent, request: RequestInfo): Promise<unknown> {
  const token = tokenIdentity(event.requestContext.authorizer?.jwt?.claims);
  const callerRecords = authenticate(token);
  const prepared = call.readAhead ? prepareReadAhead(call, event, token.sub) : undefined;
  try {
    const caller = await callerRecords;
    if (!call.access.allows(caller)) throw new PermissionDeniedError();
    const input = prepared ? prepared.input() : parseInput(call, readData(event));
    requireFreshProof(call, input, caller);
    return await call.run(input, { request, caller, ahead: prepared?.ahead ?? noReadAhead });
  } finally {
    // Nothing of this invocation outlives it, whatever the answer (Lambda freezes the process after it).
    await prepared?.settled;
  }
}

const noReadAhead = Promise.resolve(undefined);

/**
 * Step-up, in one place for every call that declares freshProof: the sign-in behind the token (auth_time) must be
 * recent, else the call is refused before it reads or writes anything of its own.
 */
function requireFreshProof(call: AnySignedInCall, input: unknown, caller: Caller): void {
  if (!needsFreshProof(call, input)) return;
  const maxAgeSeconds = readConfig().STEP_UP_MAX_AGE_SECONDS;
  if (Date.now() - caller.authTime > maxAgeSeconds * 1000) throw new StepUpRequiredError(maxAgeSeconds);
}

interface PreparedReadAhead {
  /** The parsed input, or the InvalidArgumentError it would have raised; asked for only once the caller may call. */
  input(): unknown;
  ahead: Promise<unknown>;
  settled: Promise<unknown>;
}

/** Parses the input at once (its messages are kept for later) and starts the call's read-ahead on a valid one. */
function prepareReadAhead(call: AnySignedInCall, event: CallEvent, uid: string): PreparedReadAhead {
  let parsed: { valid: true; input: unknown } | { valid: false; error: unknown };
  try {
    parsed = { valid: true, input: parseInput(call, readData(event)) };
  } catch (error) {
    parsed = { valid: false, error };
  }
  const ahead = parsed.valid ? startReadAhead(call, parsed.input, uid) : noReadAhead;
  // Handled here as well, so a read-ahead that fails for a caller who is then refused is no unhandled rejection.
  const settled = ahead.then(
    () => undefined,
    () => undefined,
  );
  return {
    input() {
      if (!parsed.valid) throw parsed.error;
      return parsed.input;
    },
    ahead,
    settled,
  };
}

/** Started at once; a readAhead that throws before its first await rejects like one that fails later. */
function startReadAhead(call: AnySignedInCall, input: unknown, uid: string): Promise<unknown> {
  return new Promise((resolve) => resolve(call.readAhead!(input, { uid })));
}

const claimsSchema = z.object({
  sub: z.string().check(z.minLength(1)),
  auth_time: z.coerce.number(),
  token_use: z.literal('id'),
  [signInProofClaim]: z.optional(z.string()),
});

type TokenIdentity = z.infer<typeof claimsSchema>;

/** The JWT authorizer has checked signature, issuer, audience and expiry; these are the claims the server uses. */
function tokenIdentity(claims: JwtClaims | undefined): TokenIdentity {
  const parsed = claimsSchema.safeParse(claims);
  if (!parsed.success) throw new UnauthenticatedError();
  return parsed.data;
}

/**
 * The server adds what the authorizer cannot know: that the access record still exists and that the session
 * was not revoked after the token was issued.
 */
async function authenticate({ sub, auth_time, ...token }: TokenIdentity): Promise<Caller> {
  const authTime = auth_time * 1000;
  const records = await loadUserRecords(sub);
  if (!records.access) throw new UnauthenticatedError('Your account has no access to this portal.');
  const revoked = records.access.claims._revoked;
  if (revoked !== undefined && authTime < revoked) {
    throw new UnauthenticatedError('Your session was ended. Please sign in again.');
  }
  return {
    uid: sub,
    email: records.access.email,
    authTime,
    ...proofOf(token[signInProofClaim]),
    user: records.user,
    access: records.access,
    preferences: records.preferences,
    invitations: records.invitations,
  };
}

/** The token's signInProof claim (PreTokenGeneration), when it is one of the known proofs. */
function proofOf(claim: string | undefined): { signInProof?: SignInProof } {
  const proof = signInProofs.find((known) => known === claim);
  return proof === undefined ? {} : { signInProof: proof };
}
