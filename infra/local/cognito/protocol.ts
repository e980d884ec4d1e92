// The AWS JSON 1.1 transport as Cognito speaks it: how a request body is read, how answers and
// errors are written, and the CORS headers browsers need to call the endpoint from another origin.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';

export const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';
const JSON_11 = 'application/x-amz-json-1.1';
// Cognito's largest requests (ListUsers filters, attribute updates) are a few KB.
const MAX_BODY_BYTES = 256 * 1024;

/** A failure the client is meant to see: its `type` becomes `__type` and `x-amzn-errortype`. */
export class CognitoError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
    this.name = type;
  }
}

export const notAuthorized = (message: string) => new CognitoError('NotAuthorizedException', message);
export const invalidParameter = (message: string) => new CognitoError('InvalidParameterException', message);
export const userNotFound = () => new CognitoError('UserNotFoundException', 'User does not exist.');

const corsHeaders = {
  // No cookies are involved (tokens travel in bodies), so a wildcard origin is what Cognito sends too.
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, GET, OPTIONS',
  'access-control-allow-headers': [
    'content-type',
    'x-amz-target',
    'x-amz-user-agent',
    'cache-control',
    'authorization',
    'x-amz-date',
    'x-amz-security-token',
    'amz-sdk-invocation-id',
    'amz-sdk-request',
  ].join(', '),
  'access-control-expose-headers': 'x-amzn-errortype, x-amzn-requestid, x-amzn-errormessage',
  'access-control-max-age': '600',
};

function send(res: ServerResponse, status: number, headers: Record<string, string>, body: string): void {
  res.writeHead(status, {
    ...corsHeaders,
    'x-amzn-requestid': randomUUID(),
    'cache-control': 'no-store',
    'content-length': String(Buffer.byteLength(body)),
    ...headers,
  });
  res.end(body);
}

export function sendPreflight(res: ServerResponse): void {
  send(res, 200, {}, '');
}

export function sendResult(res: ServerResponse, result: object): void {
  send(res, 200, { 'content-type': JSON_11 }, JSON.stringify(result));
}

export function sendJson(res: ServerResponse, status: number, body: object): void {
  send(res, status, { 'content-type': 'application/json' }, JSON.stringify(body));
}

export function sendError(res: ServerResponse, error: CognitoError): void {
  send(
    res,
    error.status,
    {
      'content-type': JSON_11,
      'x-amzn-errortype': error.type,
      // Header values must be one line of Latin-1; the body keeps the full message.
      'x-amzn-errormessage': error.message.replace(/[^\x20-\x7e]/g, ' '),
    },
    JSON.stringify({ __type: error.type, message: error.message }),
  );
}

/** Reads and parses the JSON body; every way it can be malformed is a SerializationException. */
export async function readJsonBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    // Past the limit, keep reading but drop the bytes: answering before the client has finished
    // sending makes some clients see a reset connection instead of the error.
    if (size <= MAX_BODY_BYTES) chunks.push(buffer);
  }
  if (size > MAX_BODY_BYTES) throw new CognitoError('SerializationException', 'Request body is too large.', 413);
  const text = Buffer.concat(chunks).toString('utf8');
  let parsed: unknown;
  try {
    parsed = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw new CognitoError('SerializationException', 'The request body is not valid JSON.');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new CognitoError('SerializationException', 'Start of structure or map expected.');
  }
  return parsed as Record<string, unknown>;
}

/** Validates an operation's input, answering in the shape AWS uses for constraint failures. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues;
  const details = issues
    .map((issue) => `Value at '${issue.path.join('.') || 'request'}' failed to satisfy constraint: ${issue.message}`)
    .join('; ');
  throw invalidParameter(`${issues.length} validation error${issues.length === 1 ? '' : 's'} detected: ${details}`);
}
