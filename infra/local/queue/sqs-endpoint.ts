// The SQS JSON protocol as the AWS SDK v3 client (@aws-sdk/client-sqs) speaks it, for the local queues:
// POST / with `x-amz-target: AmazonSQS.<Operation>` and an `application/x-amz-json-1.0` body; answers in
// the same type; errors as `{"__type": "com.amazonaws.sqs#<Code>", "message"}` with the query-compatible
// `x-amzn-query-error` header the SDK reads the code from. SendMessage, GetQueueUrl and GetQueueAttributes
// are answered; consuming is the event source mapping's (fifo-queue.ts), not a caller's.
//
// It listens on a port of its own on 127.0.0.1, not on the browser's origin: a page on another origin
// cannot call it (the JSON content type and x-amz-target need a CORS preflight, which it never grants),
// a request must carry a SigV4 Authorization header with the local access key, and a Host other than
// 127.0.0.1 or localhost is refused (DNS rebinding).
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FifoQueue } from './fifo-queue.js';

const jsonType = 'application/x-amz-json-1.0';
const targetPrefix = 'AmazonSQS.';
/** SQS's largest message (1 MiB); a request is a little more. */
const maxMessageBytes = 1024 * 1024;
const maxRequestBytes = maxMessageBytes + 64 * 1024;

class SqsError extends Error {
  constructor(
    readonly code: string,
    /** The awsQuery error code, as x-amzn-query-error sends it. */
    readonly queryCode: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

const invalidParameter = (message: string) => new SqsError('InvalidParameterValue', 'InvalidParameterValue', message);
const missingParameter = (name: string) =>
  new SqsError('MissingParameter', 'MissingParameter', `The request must contain the parameter ${name}.`);
const noSuchQueue = () =>
  new SqsError('QueueDoesNotExist', 'AWS.SimpleQueueService.NonExistentQueue', 'The specified queue does not exist.');

export interface SqsEndpointOptions {
  port: number;
  region: string;
  accountId: string;
  /** The access key requests must be signed with (its signature is not verified). */
  accessKeyId: string;
  queues: readonly FifoQueue[];
}

export interface SqsEndpoint {
  /** http://127.0.0.1:<port>, for AWS_ENDPOINT_URL_SQS. */
  endpoint: string;
  queueUrl(name: string): string;
  stop(): Promise<void>;
}

export async function startSqsEndpoint(options: SqsEndpointOptions): Promise<SqsEndpoint> {
  const queues = new Map(options.queues.map((queue) => [queue.name, queue]));
  let endpoint = '';
  const queueUrl = (name: string) => `${endpoint}/${options.accountId}/${name}`;

  const queueOf = (input: Record<string, unknown>): FifoQueue => {
    if (typeof input.QueueUrl !== 'string') throw missingParameter('QueueUrl');
    let url: URL;
    try {
      url = new URL(input.QueueUrl);
    } catch {
      throw invalidParameter(`Value ${input.QueueUrl} for parameter QueueUrl is invalid. Reason: Invalid URL.`);
    }
    const [, account, name, ...rest] = url.pathname.split('/');
    const queue = account === options.accountId && rest.length === 0 ? queues.get(name ?? '') : undefined;
    if (!queue) throw noSuchQueue();
    return queue;
  };

  const operations: Record<string, (input: Record<string, unknown>) => Promise<object>> = {
    GetQueueUrl: async (input) => {
      if (typeof input.QueueName !== 'string') throw missingParameter('QueueName');
      const owner = input.QueueOwnerAWSAccountId;
      if (!queues.has(input.QueueName) || (owner !== undefined && owner !== options.accountId)) throw noSuchQueue();
      return { QueueUrl: queueUrl(input.QueueName) };
    },

    SendMessage: async (input) => {
      const queue = queueOf(input);
      const body = input.MessageBody;
      if (typeof body !== 'string' || body === '') throw missingParameter('MessageBody');
      if (Buffer.byteLength(body) > maxMessageBytes) {
        throw invalidParameter(
          `One or more parameters are invalid. Reason: Message must be shorter than ${maxMessageBytes} bytes.`,
        );
      }
      // The characters SQS allows: #x9 #xA #xD, #x20 to #xD7FF, #xE000 to #xFFFD, #x10000 to #x10FFFF.
      if (/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u.test(body)) {
        throw new SqsError(
          'InvalidMessageContents',
          'InvalidMessageContents',
          'Invalid characters found. Valid unicode characters are #x9 | #xA | #xD | #x20 to #xD7FF | #xE000 to #xFFFD | #x10000 to #x10FFFF',
        );
      }
      if (input.DelaySeconds !== undefined) {
        throw invalidParameter(
          `Value ${JSON.stringify(input.DelaySeconds)} for parameter DelaySeconds is invalid. Reason: The request include parameter that is not valid for this queue type.`,
        );
      }
      const messageAttributes = stringAttributes(input.MessageAttributes);
      if (messageAttributes === undefined || input.MessageSystemAttributes !== undefined) {
        throw new SqsError(
          'UnsupportedOperation',
          'AWS.SimpleQueueService.UnsupportedOperation',
          'Only String message attributes are supported by the local queue.',
        );
      }
      const groupId = input.MessageGroupId;
      if (typeof groupId !== 'string' || groupId === '') throw missingParameter('MessageGroupId');
      const deduplicationId = input.MessageDeduplicationId;
      if (typeof deduplicationId !== 'string' || deduplicationId === '') {
        throw invalidParameter(
          'The queue should either have ContentBasedDeduplication enabled or MessageDeduplicationId provided explicitly',
        );
      }
      for (const [name, value] of [
        ['MessageGroupId', groupId],
        ['MessageDeduplicationId', deduplicationId],
      ] as const) {
        if (value.length > 128 || !/^[\x21-\x7e]+$/.test(value)) {
          throw invalidParameter(
            `Value ${value} for parameter ${name} is invalid. Reason: 1 to 128 printable ASCII characters.`,
          );
        }
      }
      const sent = await queue.send({ body, groupId, deduplicationId, messageAttributes });
      return {
        MessageId: sent.messageId,
        MD5OfMessageBody: sent.md5OfBody,
        ...(sent.md5OfMessageAttributes ? { MD5OfMessageAttributes: sent.md5OfMessageAttributes } : {}),
        SequenceNumber: sent.sequenceNumber,
      };
    },

    GetQueueAttributes: async (input) => {
      const queue = queueOf(input);
      const { visible, notVisible, delayed } = queue.counts();
      const all: Record<string, string> = {
        QueueArn: queue.arn,
        FifoQueue: 'true',
        ContentBasedDeduplication: 'false',
        ApproximateNumberOfMessages: String(visible),
        ApproximateNumberOfMessagesNotVisible: String(notVisible),
        ApproximateNumberOfMessagesDelayed: String(delayed),
        DelaySeconds: String(queue.delaySeconds),
      };
      const names = Array.isArray(input.AttributeNames) ? (input.AttributeNames as string[]) : [];
      const wanted = names.includes('All') ? Object.keys(all) : names.filter((name) => name in all);
      return { Attributes: Object.fromEntries(wanted.map((name) => [name, all[name]])) };
    },
  };

  const allowedHosts = () => {
    const port = (server.address() as AddressInfo).port;
    return new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  };

  const server: Server = createServer((req, res) => {
    answer(req, res).catch((error: unknown) => {
      if (error instanceof SqsError) return sendError(res, error);
      console.error('Local queue endpoint failed to answer', (error as Error).name);
      sendError(res, new SqsError('InternalError', 'InternalError', 'We encountered an internal error.', 500));
    });
  });

  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!allowedHosts().has(req.headers.host ?? '')) {
      req.resume();
      throw new SqsError('AccessDenied', 'AccessDenied', 'Access to the local queue is denied.', 403);
    }
    const target = String(req.headers['x-amz-target'] ?? '');
    if (req.method !== 'POST' || !String(req.headers['content-type'] ?? '').startsWith(jsonType)) {
      req.resume();
      throw new SqsError('InvalidAction', 'InvalidAction', 'The local queue answers the SQS JSON protocol only.');
    }
    const credential = /Credential=([^/,\s]+)\//.exec(String(req.headers.authorization ?? ''))?.[1];
    if (credential !== options.accessKeyId) {
      req.resume();
      throw new SqsError(
        'InvalidClientTokenId',
        'InvalidClientTokenId',
        'The security token included in the request is invalid.',
        403,
      );
    }
    const operation = target.startsWith(targetPrefix) ? operations[target.slice(targetPrefix.length)] : undefined;
    if (!operation) {
      req.resume();
      throw new SqsError(
        'UnsupportedOperation',
        'AWS.SimpleQueueService.UnsupportedOperation',
        `${target} is not supported by the local queue.`,
      );
    }
    const input = await readJson(req);
    sendJson(res, 200, await operation(input));
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', resolve);
  });
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    endpoint,
    queueUrl,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxRequestBytes) {
      throw invalidParameter(`The request is longer than ${maxRequestBytes} bytes.`);
    }
    chunks.push(chunk);
  }
  try {
    const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw new SqsError('SerializationException', 'SerializationException', 'The request body is not a JSON object.');
}

function sendJson(res: ServerResponse, status: number, body: object, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': jsonType,
    'content-length': String(Buffer.byteLength(text)),
    'x-amzn-requestid': randomUUID(),
    ...headers,
  });
  res.end(text);
}

function sendError(res: ServerResponse, error: SqsError): void {
  if (res.headersSent) return void res.end();
  const sender = error.status < 500 ? 'Sender' : 'Receiver';
  sendJson(
    res,
    error.status,
    { __type: `com.amazonaws.sqs#${error.code}`, message: error.message },
    { 'x-amzn-query-error': `${error.queryCode};${sender}` },
  );
}

/** SendMessage's MessageAttributes as name → value when every one is a String (none: {}); undefined otherwise. */
function stringAttributes(input: unknown): Record<string, string> | undefined {
  if (input === undefined) return {};
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return undefined;
  const attributes: Record<string, string> = {};
  for (const [name, value] of Object.entries(input as Record<string, unknown>)) {
    const { DataType, StringValue } = (value ?? {}) as { DataType?: unknown; StringValue?: unknown };
    if (DataType !== 'String' || typeof StringValue !== 'string') return undefined;
    attributes[name] = StringValue;
  }
  return attributes;
}
