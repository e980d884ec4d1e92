// The bench's call measurements, against a running local stack in this process:
//   - call overhead: a call's median and p99 through the local API over HTTP (real ID token), against the
//     medians of the raw DynamoDB requests it makes, replayed with the plain AWS SDK client on the same
//     DynamoDB Local;
//   - DynamoDB requests of every call of the registry (a valid input each, invoked as a level-9 administrator),
//     counted by instrumenting the client; Scans among them.
// Import only after startLocalStack has set the environment.
import {
  BatchGetItemCommand,
  DynamoDBClient,
  GetItemCommand,
  QueryCommand,
  ScanCommand,
  TransactGetItemsCommand,
} from '@aws-sdk/client-dynamodb';
import { handler } from '../lambdas/api/handler.js';
import { callRegistry } from '../lambdas/calls/registry.js';
import { callApi } from '../tests/support/api-client.js';
import { callEvent, parseResult } from '../tests/support/call-event.js';
import { prepareCallInputs } from '../tests/support/call-inputs.js';
import { captureDynamoDbRequests, type CapturedRequest } from '../tests/support/dynamodb-capture.js';
import { dynamoDbRequestsOf } from '../tests/support/dynamodb-requests.js';
import { median, percentile, round, timeRuns } from './bench-stats.js';

type Claims = Record<string, string>;

export function claimsOf(user: { uid: string; email: string }): Claims {
  return { sub: user.uid, email: user.email, token_use: 'id', auth_time: String(Math.floor(Date.now() / 1000)) };
}

/** The claims a verified ID token carries, read from the token itself (the API adapter verifies it). */
export function claimsOfToken(token: string): Claims {
  const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
  return Object.fromEntries(Object.entries(payload).map(([key, value]) => [key, String(value)]));
}

export async function invokeDirectly(name: string, data: unknown, claims: Claims, origin: string) {
  return parseResult(await handler(callEvent(name, data, { claims, origin })));
}

const readCommands: Record<string, new (input: never) => unknown> = {
  GetItem: GetItemCommand,
  Query: QueryCommand,
  Scan: ScanCommand,
  BatchGetItem: BatchGetItemCommand,
  TransactGetItems: TransactGetItemsCommand,
};

export interface CallOverhead {
  call: string;
  input: unknown;
  samples: number;
  httpMedianMs: number;
  httpP99Ms: number;
  /** The handler invoked in this process with the token's claims, no HTTP: where the overhead is not. */
  directMedianMs: number;
  rawRequests: { operation: string; medianMs: number }[];
  rawSumOfMediansMs: number;
  /** The call's median over the sum of its raw requests' medians. */
  ratio: number;
}

export async function measureCallOverhead(options: {
  appUrl: string;
  dynamoDbEndpoint: string;
  region: string;
  token: string;
  call: string;
  input: unknown;
  samples?: number;
}): Promise<CallOverhead> {
  const samples = options.samples ?? 200;
  const claims = claimsOfToken(options.token);
  // The requests the call makes for this caller, as DynamoDB receives them.
  const { requests, result } = await captureDynamoDbRequests(() =>
    invokeDirectly(options.call, options.input, claims, options.appUrl),
  );
  if (result.statusCode !== 200)
    throw new Error(`${options.call} answered ${result.statusCode}: ${JSON.stringify(result.body)}`);

  const http = await timeRuns(samples, async () => {
    const answer = await callApi(options.appUrl, options.call, options.input, { token: options.token });
    if (answer.status !== 200) throw new Error(`${options.call} over HTTP answered ${answer.status}`);
  });

  const direct = await timeRuns(samples, async () => {
    const answer = await invokeDirectly(options.call, options.input, claims, options.appUrl);
    if (answer.statusCode !== 200) throw new Error(`${options.call} answered ${answer.statusCode}`);
  });

  const raw = new DynamoDBClient({
    endpoint: options.dynamoDbEndpoint,
    region: options.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const rawRequests: CallOverhead['rawRequests'] = [];
  try {
    for (const request of requests)
      rawRequests.push({
        operation: request.operation,
        medianMs: median(await timeRuns(samples, () => replay(raw, request))),
      });
  } finally {
    raw.destroy();
  }
  const rawSum = rawRequests.reduce((total, request) => total + request.medianMs, 0);
  const httpMedian = median(http);
  return {
    call: options.call,
    input: options.input,
    samples,
    httpMedianMs: round(httpMedian),
    httpP99Ms: round(percentile(http, 99)),
    directMedianMs: round(median(direct)),
    rawRequests: rawRequests.map((request) => ({ ...request, medianMs: round(request.medianMs) })),
    rawSumOfMediansMs: round(rawSum),
    ratio: round(httpMedian / rawSum),
  };
}

function replay(client: DynamoDBClient, request: CapturedRequest): Promise<unknown> {
  const Command = readCommands[request.operation];
  if (!Command) throw new Error(`Only reads are replayed; ${request.operation} is not one`);
  return client.send(new Command(request.input as never) as never);
}

export interface CallRequests {
  call: string;
  status: number;
  requests: number;
  scans: number;
  commands: string[];
}

/** Every call of the registry once, with a valid input, as a level-9 administrator; its DynamoDB requests counted. */
export async function countRequestsPerCall(
  appUrl: string,
  caller: { uid: string; email: string },
): Promise<{ counted: CallRequests[]; missing: string[] }> {
  const inputs = await prepareCallInputs(appUrl);
  const claims = claimsOf(caller);
  const counted: CallRequests[] = [];
  const missing: string[] = [];
  for (const call of callRegistry.list()) {
    const makeInput = inputs[call.name];
    if (!makeInput) {
      missing.push(call.name);
      continue;
    }
    const input = await makeInput();
    const { result, requests } = await dynamoDbRequestsOf(() => invokeDirectly(call.name, input, claims, appUrl));
    counted.push({
      call: call.name,
      status: result.statusCode,
      requests: requests.length,
      scans: requests.filter((command) => /^Scan/.test(command)).length,
      commands: requests,
    });
  }
  return { counted, missing };
}
