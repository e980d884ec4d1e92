// The bench's call measurements, against a running local stack in this process:
//   - call overhead, two ratios over the same floor. The floor: the DynamoDB requests the call makes, captured as
//     DynamoDB receives them and replayed with the plain AWS SDK client on the same DynamoDB Local, in the same
//     order and with the same parallelism (a request waits only for those the call always had answered before
//     sending it). The handler path: the Lambda handler invoked in this process with an API Gateway v2 event
//     carrying the token's claims as the JWT authorizer passes them, event in, result out. Over HTTP: the local
//     stack's API with the client in a process of its own (bench-http-client.ts), one keep-alive connection.
//     The three are timed in turn, one of each per round, so all three see the same machine;
//   - DynamoDB requests of every call of the registry (a valid input each, invoked as a level-9 administrator),
//     counted by instrumenting the client; Scans among them.
// Import only after startLocalStack has set the environment.
import { fork } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import {
  BatchGetItemCommand,
  DynamoDBClient,
  GetItemCommand,
  QueryCommand,
  ScanCommand,
  TransactGetItemsCommand,
} from '@aws-sdk/client-dynamodb';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { handler } from '../lambdas/api/handler.js';
import { callRegistry } from '../lambdas/calls/registry.js';
import { senderFor } from '../lambdas/kernel/mail/mail-settings.js';
import { callEvent, parseResult } from '../tests/support/call-event.js';
import { callerOfInput, prepareCallInputs } from '../tests/support/call-inputs.js';
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

interface Timing {
  medianMs: number;
  p99Ms: number;
}

export interface CallOverhead {
  call: string;
  input: unknown;
  samples: number;
  /** The Lambda handler in this process, event in, result out. */
  handlerPath: Timing;
  /** The call's DynamoDB requests replayed with the plain client as the call sends them. */
  floor: Timing & {
    /** e.g. "(Query ‖ Query) → Query": requests in parallel, then those that waited for an answer. */
    schedule: string;
    requests: { operation: string; waitsFor: number[]; aloneMedianMs: number }[];
  };
  /** Handler path median over the floor median. */
  handlerPathRatio: number;
  /** The local stack's API, the client in a process of its own. */
  http: Timing;
  /** HTTP median over the floor median. */
  httpRatio: number;
  /** os.loadavg() (1, 5, 15 minutes) when the measurement started. */
  loadAverage: number[];
}

/** Captures of the call used to tell which requests wait for which (a wait seen in every capture). */
const schedulingCaptures = 10;

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
  const warmup = 20;
  const claims = claimsOfToken(options.token);
  const loadAverage = loadavg().map((value) => round(value, 2));
  // What the adapter hands the handler for this request, as the HTTP API with its JWT authorizer would.
  const newEvent = () => callEvent(options.call, options.input, { claims, origin: options.appUrl });
  const invoke = async (event: APIGatewayProxyEventV2) => {
    const result = (await handler(event)) as { statusCode: number; body: string };
    if (result.statusCode !== 200) throw new Error(`${options.call} answered ${result.statusCode}: ${result.body}`);
  };

  const requests = await requestsOf(() => invoke(newEvent()));
  const raw = new DynamoDBClient({
    endpoint: options.dynamoDbEndpoint,
    region: options.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const http = startHttpClient(options);
  try {
    // Events are made before the clock starts: making them is API Gateway's work, not the handler's.
    const events = Array.from({ length: warmup + samples }, newEvent);
    const measures = {
      handler: async (index: number) => timed(() => invoke(events[index]!)),
      floor: async () => timed(() => replaySchedule(raw, requests)),
      http: () => http.request(),
    };
    const measured = { handler: [] as number[], floor: [] as number[], http: [] as number[] };
    const kinds = ['handler', 'floor', 'http'] as const;
    for (let index = 0; index < warmup + samples; index += 1) {
      // A different one goes first each round, so none always runs on a machine another has just warmed or loaded.
      for (let turn = 0; turn < kinds.length; turn += 1) {
        const kind = kinds[(index + turn) % kinds.length]!;
        const ms = await measures[kind](index);
        if (index >= warmup) measured[kind].push(ms);
      }
    }
    const alone: number[] = [];
    for (const request of requests) alone.push(median(await timeRuns(samples, () => send(raw, request))));

    const floorMedian = median(measured.floor);
    return {
      call: options.call,
      input: options.input,
      samples,
      handlerPath: timing(measured.handler),
      floor: {
        ...timing(measured.floor),
        schedule: describeSchedule(requests),
        requests: requests.map((request, index) => ({
          operation: request.operation,
          waitsFor: request.waitsFor,
          aloneMedianMs: round(alone[index]!),
        })),
      },
      handlerPathRatio: round(median(measured.handler) / floorMedian),
      http: timing(measured.http),
      httpRatio: round(median(measured.http) / floorMedian),
      loadAverage,
    };
  } finally {
    http.stop();
    raw.destroy();
  }
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

const timing = (times: number[]): Timing => ({ medianMs: round(median(times)), p99Ms: round(percentile(times, 99)) });

type ScheduledRequest = CapturedRequest & { waitsFor: number[] };

/**
 * The call's requests, each with the requests it waits for: those answered before it was sent in every one of
 * several captures (a wait that only happened by chance in one is not kept, so the floor is not padded).
 */
async function requestsOf(invoke: () => Promise<void>): Promise<ScheduledRequest[]> {
  const captures: CapturedRequest[][] = [];
  for (let index = 0; index < schedulingCaptures; index += 1)
    captures.push((await captureDynamoDbRequests(invoke)).requests);
  const [first] = captures as [CapturedRequest[]];
  const sequence = (requests: CapturedRequest[]) => requests.map((request) => request.operation).join(',');
  if (captures.some((requests) => sequence(requests) !== sequence(first)))
    throw new Error(`The call does not send the same requests each time: ${captures.map(sequence).join(' / ')}`);
  return first.map((request, index): ScheduledRequest => ({
    ...request,
    waitsFor: request.sentAfter.filter((earlier) =>
      captures.every((requests) => requests[index]!.sentAfter.includes(earlier)),
    ),
  }));
}

/** Sends every request as soon as the requests it waits for are answered. */
async function replaySchedule(client: DynamoDBClient, requests: readonly ScheduledRequest[]): Promise<void> {
  const answers: Promise<unknown>[] = [];
  for (const request of requests)
    answers.push(Promise.all(request.waitsFor.map((earlier) => answers[earlier]!)).then(() => send(client, request)));
  await Promise.all(answers);
}

/** "(Query ‖ Query) → Query": the requests by how many answers they wait for in a row. */
function describeSchedule(requests: readonly ScheduledRequest[]): string {
  const depth: number[] = [];
  requests.forEach((request, index) => {
    depth[index] = Math.max(0, ...request.waitsFor.map((earlier) => depth[earlier]! + 1));
  });
  const waves: string[][] = [];
  requests.forEach((request, index) => (waves[depth[index]!] ??= []).push(request.operation));
  return waves.map((wave) => (wave.length > 1 ? `(${wave.join(' ‖ ')})` : wave[0]!)).join(' → ');
}

function send(client: DynamoDBClient, request: CapturedRequest): Promise<unknown> {
  const Command = readCommands[request.operation];
  if (!Command) throw new Error(`Only reads are replayed; ${request.operation} is not one`);
  return client.send(new Command(request.input as never) as never);
}

/** The HTTP client in a process of its own (bench-http-client.ts): each request() is one timed POST there. */
function startHttpClient(options: { appUrl: string; token: string; call: string; input: unknown }) {
  const child = fork(
    path.join(import.meta.dirname, 'bench-http-client.ts'),
    [
      JSON.stringify({
        url: `${options.appUrl}/api/calls/${options.call}`,
        token: options.token,
        origin: options.appUrl,
        data: options.input,
      }),
    ],
    { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] },
  );
  return {
    request: () =>
      new Promise<number>((resolve, reject) => {
        const onExit = (code: number | null) => reject(new Error(`The HTTP client exited ${code}`));
        child.once('exit', onExit);
        child.once('message', (answer: { ms: number } | { error: string }) => {
          child.off('exit', onExit);
          if ('error' in answer) reject(new Error(answer.error));
          else resolve(answer.ms);
        });
        child.send('request');
      }),
    stop: () => {
      if (child.connected) child.send('stop');
    },
  };
}

export interface CallRequests {
  call: string;
  status: number;
  /** What the call answered when it refused its input (a status other than 2xx): its error, as JSON. */
  refusal?: string;
  requests: number;
  scans: number;
  commands: string[];
}

/** Every call of the registry once, with a valid input, as a level-9 administrator; its DynamoDB requests counted. */
export async function countRequestsPerCall(
  appUrl: string,
  caller: { uid: string; email: string },
): Promise<{ counted: CallRequests[]; missing: string[] }> {
  const inputs = await prepareCallInputs(appUrl, caller);
  const counted: CallRequests[] = [];
  const missing: string[] = [];
  for (const call of callRegistry.list()) {
    const makeInput = inputs[call.name];
    if (!makeInput) {
      missing.push(call.name);
      continue;
    }
    const input = await makeInput();
    // A call that ends the caller's sessions goes as a copy of the caller, whose token the other calls still need.
    const callerClaims = claimsOf(await callerOfInput(call, caller));
    // The mailer reads the mail settings at most every MAIL_SETTINGS_CACHE_MS per function instance, not once per
    // call: read now if they are due (as the authorization matrix reads them once), so a call that sends mail is
    // counted for its own requests, not for whichever call the cache happened to expire in.
    await senderFor('invitation');
    const { result, requests } = await dynamoDbRequestsOf(() => invokeDirectly(call.name, input, callerClaims, appUrl));
    const accepted = result.statusCode >= 200 && result.statusCode < 300;
    counted.push({
      call: call.name,
      status: result.statusCode,
      ...(accepted ? {} : { refusal: JSON.stringify(result.body).slice(0, 500) }),
      requests: requests.length,
      scans: requests.filter((command) => /^Scan/.test(command)).length,
      commands: requests,
    });
  }
  return { counted, missing };
}
