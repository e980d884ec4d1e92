// Bad input, for every call of the registry: inputs generated from the call's zod/mini schema, mutations of
// them (wrong types, missing and extra fields, huge and unicode strings, __proto__ and constructor keys, deep
// nesting, forged cursors, data that is no object) and raw bodies (not JSON, arrays, no data field). Each goes
// to the API handler as a level-9 administrator's verified claims. Whatever the input:
//   - never a 5xx, and every 4xx carries a message;
//   - a body that is no JSON object with "data", or data the schema refuses, is answered 400 INVALID_ARGUMENT
//     and sends no write to DynamoDB;
//   - an input the schema accepts may succeed; when it is refused (404, 409, …) no write landed.
// Every generated input is judged here as the handler judges it (the same body parsing, the same schema). The
// handler's answer to a refused input is built from its refusal alone (the body's fault, or the schema's issues:
// each field and message), so an input refused for exactly the reasons of one already sent for the same call is
// not sent again: it would take the same path to the same answer. Every input the schema accepts is sent.
// The fuzzing runs in a table of its own on the same DynamoDB Local, so the writes valid inputs make (companies,
// services switched off, …) never reach the table the other suites share.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import fc from 'fast-check';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ensureTable } from '../../infra/local/create-table.js';
import { handler } from '../../lambdas/api/handler.js';
import { callRegistry } from '../../lambdas/calls/registry.js';
import { pageCursor } from '../../lambdas/contracts/scope.js';
import { endsCallerSessions, type AnyCall } from '../../lambdas/kernel/call.js';
import { createCompanyAs } from '../../lambdas/kernel/companies/company-admin.js';
import { resetConfigCache } from '../../lambdas/kernel/config.js';
import { AlreadyExistsError } from '../../lambdas/kernel/errors.js';
import { allEventsPartition, eventPartition } from '../../lambdas/kernel/data/entities/events.js';
import { companyListPartition } from '../../lambdas/kernel/data/entities/companies.js';
import { commentsPartition } from '../../lambdas/kernel/data/entities/finding-comments.js';
import { reviewQueuePartition } from '../../lambdas/kernel/data/entities/finding-reviews.js';
import { companyPartition } from '../../lambdas/kernel/data/entities/memberships.js';
import { platformServiceListPartition } from '../../lambdas/kernel/data/entities/platform-services.js';
import { userListPartition, userPartition } from '../../lambdas/kernel/data/entities/users.js';
import { tableDesign } from '../../lambdas/kernel/data/table-design.js';
import { inputIssues, maxBodyBytes } from '../../lambdas/kernel/http/call-handler.js';
import { callEvent } from '../support/call-event.js';
import { dynamoDbOutcomesOf, isBookkeepingWrite, landedWrites, writeCommand } from '../support/dynamodb-outcomes.js';
import { dynamoDbRequestsOf } from '../support/dynamodb-requests.js';
import { arbitraryFor, defOf, fieldsOf, unicodeText, unwrap, type ZodLike } from '../support/schema-arbitrary.js';
import { createTestUser } from '../support/users.js';

const { appUrl } = inject('localStack');

/** The table this shard's handler writes to: set by fuzzRegistryShard. */
let fuzzTable = 'portal-fuzz';

// A fixed seed: the same inputs on every run (each property sets its own number of runs below).
fc.configureGlobal({ seed: 20_250_501, endOnFailure: true });

const runs = { schema: 60, mutations: 200, bodies: 40, cursors: 60 };

let claims: Record<string, string>;
/** Identifiers of records that exist in the fuzz table, mixed into generated strings to reach deeper paths. */
let knownValues: string[] = [];
let partitions: string[] = [];

async function newAdminClaims(displayName: string): Promise<Record<string, string>> {
  const admin = await createTestUser({ userType: 'analyst', accessLevel: 9, displayName });
  return { sub: admin.uid, email: admin.email, token_use: 'id', auth_time: String(Math.floor(Date.now() / 1000)) };
}

/**
 * A call that ends the caller's sessions (signOut) is sent as an administrator of its own, who signs in again once
 * a valid input has signed them out: the fuzzing administrator's token stays good, and every body still reaches
 * the schema.
 */
let sessionEnder: Record<string, string> | undefined;
async function claimsFor(call: AnyCall): Promise<Record<string, string>> {
  if (!endsCallerSessions(call)) return claims;
  sessionEnder ??= await newAdminClaims('Fuzz Session Ender');
  return sessionEnder;
}

/**
 * The token of a sign-in after the sign-out: auth_time has whole seconds, and a sign-out counts every sign-in
 * of its own second (or of the ended token's second) as before it (kernel/sign-in/sign-out.ts).
 */
function signedInAgain(ended: Record<string, string>): Record<string, string> {
  const authTime = Math.max(Math.ceil(Date.now() / 1000), Number(ended.auth_time) + 1);
  return { ...ended, auth_time: String(authTime) };
}

// ---------------------------------------------------------------------------------------------------------
// What is sent, and what must come back

interface Sent {
  body: string | undefined;
  isBase64Encoded?: boolean;
}

/** Why the handler must refuse a body: the body's fault, or the schema's issues as the answer names them. */
type Refusal = { fault: string } | { issues: { field?: string; message: string }[] };

/**
 * Why the handler must refuse a body (call-handler.ts readData and parseInput, whose answer is built from this
 * alone), or undefined for a body whose data the schema accepts: a valid call, answered with anything but a 5xx.
 */
function refusalOf(call: AnyCall, sent: Sent): Refusal | undefined {
  const text = sent.isBase64Encoded ? Buffer.from(sent.body ?? '', 'base64').toString('utf8') : (sent.body ?? '');
  if (Buffer.byteLength(text, 'utf8') > maxBodyBytes) return { fault: 'too large' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { fault: 'not JSON' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed) || !Object.hasOwn(parsed, 'data'))
    return { fault: 'no object with data' };
  const result = call.input.safeParse((parsed as { data: unknown }).data ?? {});
  if (result.success) return undefined;
  return { issues: inputIssues(result.error.issues) };
}

/** Per call, the refusals already sent to the handler (see the top of this file), as JSON. */
const refusalsSent = new Map<string, Set<string>>();
const refusalsSentFor = (call: AnyCall) =>
  refusalsSent.get(call.name) ?? refusalsSent.set(call.name, new Set()).get(call.name)!;

const describeSent = (sent: Sent) => {
  const body = sent.body ?? '(no body)';
  return `${sent.isBase64Encoded ? 'base64 ' : ''}${body.length > 300 ? `${body.slice(0, 300)}… (${body.length} chars)` : body}`;
};

async function check(call: AnyCall, sent: Sent): Promise<void> {
  const refusal = refusalOf(call, sent);
  if (refusal !== undefined) {
    const sentBefore = refusalsSentFor(call);
    const reason = JSON.stringify(refusal);
    if (sentBefore.has(reason)) return;
    sentBefore.add(reason);
  }
  const callerClaims = await claimsFor(call);
  const event = callEvent(call.name, {}, { claims: callerClaims, origin: appUrl }) as {
    body?: string;
    isBase64Encoded: boolean;
  };
  event.body = sent.body;
  event.isBase64Encoded = sent.isBase64Encoded ?? false;

  const {
    result: { result, outcomes },
    requests,
  } = await dynamoDbRequestsOf(() => dynamoDbOutcomesOf(() => handler(event as never)));
  const { statusCode, body: text } = result as { statusCode: number; body: string };
  if (statusCode === 200 && callerClaims === sessionEnder) sessionEnder = signedInAgain(sessionEnder);
  const body = JSON.parse(text) as { error?: { status?: string; message?: string; details?: unknown } };
  const context = `${call.name} ← ${describeSent(sent)}\n→ ${statusCode} ${text.slice(0, 500)}\nDynamoDB: ${requests.join(', ') || 'none'}`;

  expect(statusCode, context).toBeGreaterThanOrEqual(200);
  expect(statusCode, context).toBeLessThan(500);
  if (statusCode >= 400) {
    expect(typeof body.error?.message, context).toBe('string');
    expect(body.error!.message!.trim().length, context).toBeGreaterThan(0);
  }
  if (refusal !== undefined) {
    expect(statusCode, context).toBe(400);
    expect(body.error?.status, context).toBe('INVALID_ARGUMENT');
    // The answer names the schema's issues, and nothing else decides it.
    if ('issues' in refusal) expect(body.error?.details, context).toEqual({ issues: refusal.issues });
    expect(
      requests.filter((command) => writeCommand.test(command)),
      context,
    ).toEqual([]);
  } else if (statusCode >= 400) {
    // Refused after the schema let it through (not found, conflict, …): any write it tried was refused too, but
    // for bookkeeping (the public vault calls' throttle counter and audit of the refusal).
    expect(
      landedWrites(outcomes).filter((outcome) => !isBookkeepingWrite(outcome)),
      context,
    ).toEqual([]);
  }
}

const sendData = (data: unknown): Sent => ({ body: JSON.stringify({ data }) });

// ---------------------------------------------------------------------------------------------------------
// Generators

/** Values of every JSON type, and the edges of each. */
const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ maxLength: 20 }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
  fc.constantFrom(
    1e308,
    -1,
    0,
    0.5,
    Number.MAX_SAFE_INTEGER + 2,
    -(2 ** 53),
    '',
    ' ',
    'null',
    'true',
    '1',
    '1e3',
    [],
    {},
  ),
);

const dangerousKeys = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__defineGetter__',
  'then',
  'data',
];

const hugeString = fc
  .tuple(
    fc.constantFrom(300 * 1024, 200 * 1024, 100 * 1024 + 1),
    fc.constantFrom('x', 'é', '😀', '\u0000', ' ', '\uD800'),
  )
  .map(([size, unit]) => unit.repeat(Math.ceil(size / unit.length)));

function nested(depth: number, kind: 'array' | 'object'): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level += 1) value = kind === 'array' ? [value] : { a: value };
  return value;
}
const deepValue = fc
  .tuple(fc.integer({ min: 50, max: 2500 }), fc.constantFrom('array' as const, 'object' as const))
  .map(([depth, kind]) => nested(depth, kind));

/**
 * Page cursors as a client might forge them: objects over the table design's key attributes, the partition
 * (under both partition-key names) one the lists use or one built from the input's own strings.
 */
const keyAttributes = [
  tableDesign.partitionKey,
  tableDesign.sortKey,
  ...tableDesign.globalSecondaryIndexes.flatMap((index) => [index.partitionKey, index.sortKey]),
];
const partitionAttributes: string[] = [
  tableDesign.partitionKey,
  ...tableDesign.globalSecondaryIndexes.map((index) => index.partitionKey),
];
const keyValue = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.integer(),
  fc.constantFrom('x'.repeat(1500), '', 'USER#', 'MEMBER#'),
);

/** A finding's conversation the input names (a list of comments), and the same finding's of another company. */
function conversationPartitions(input: unknown): string[] {
  const fields = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  if (typeof fields.findingId !== 'string') return [];
  const service = typeof fields.service === 'string' ? fields.service : 'dast';
  const slugs = [typeof fields.slug === 'string' ? fields.slug : 'fuzz-co', 'another-co'];
  return slugs.map((slug) => commentsPartition(slug, service, fields.findingId as string));
}

function forgedCursor(input: unknown = {}): fc.Arbitrary<string> {
  const strings = Object.values(typeof input === 'object' && input !== null ? input : {}).filter(
    (value): value is string => typeof value === 'string',
  );
  const candidates = () => [
    ...partitions,
    ...strings.flatMap((value) => [companyPartition(value), userPartition(value), eventPartition(value)]),
    ...conversationPartitions(input),
  ];
  return fc
    .tuple(
      fc.nat(),
      fc.subarray(keyAttributes.filter((name) => !partitionAttributes.includes(name))),
      fc.array(keyValue, { minLength: keyAttributes.length, maxLength: keyAttributes.length }),
      fc.option(fc.tuple(fc.constantFrom('other', 'pk ', '__proto__'), keyValue)),
    )
    .map(([which, others, values, extra]) => {
      const list = candidates();
      const key: Record<string, unknown> = {};
      for (const name of partitionAttributes) key[name] = list[which % list.length];
      others.forEach((name, index) => (key[name] = values[index]));
      if (extra) setOwn(key, extra[0], extra[1]);
      return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
    });
}

type Mutation =
  | { kind: 'missing'; pick: number }
  | { kind: 'replace'; pick: number; field: number; value: unknown; what: string }
  | { kind: 'extra'; pick: number; key: string; value: unknown }
  | { kind: 'notAnObject'; value: unknown };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('missing' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('replace' as const),
    pick: fc.nat(),
    field: fc.nat(),
    value: anyJson,
    what: fc.constant('wrong type'),
  }),
  fc.record({
    kind: fc.constant('replace' as const),
    pick: fc.nat(),
    field: fc.nat(),
    value: hugeString,
    what: fc.constant('huge string'),
  }),
  fc.record({
    kind: fc.constant('replace' as const),
    pick: fc.nat(),
    field: fc.nat(),
    value: unicodeText(300),
    what: fc.constant('unicode string'),
  }),
  fc.record({
    kind: fc.constant('replace' as const),
    pick: fc.nat(),
    field: fc.nat(),
    value: deepValue,
    what: fc.constant('deep nesting'),
  }),
  fc.record({
    kind: fc.constant('replace' as const),
    pick: fc.nat(),
    field: fc.nat(),
    value: forgedCursor(),
    what: fc.constant('forged cursor'),
  }),
  fc.record({
    kind: fc.constant('extra' as const),
    pick: fc.nat(),
    key: fc.oneof(fc.constantFrom(...dangerousKeys), fc.string({ maxLength: 12 })),
    value: fc.oneof(
      anyJson,
      fc.constant({ accessLevel: 9, userType: 'analyst', isAdmin: true }),
      deepValue,
      hugeString,
    ),
  }),
  fc.record({
    kind: fc.constant('notAnObject' as const),
    value: fc.oneof(anyJson, fc.array(anyJson, { maxLength: 3 })),
  }),
);

/** The objects of a value that its schema describes as objects (the top and nested ones), with their schemas. */
function objectNodes(schema: ZodLike, value: unknown): { schema: ZodLike; node: Record<string, unknown> }[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  const node = value as Record<string, unknown>;
  const nodes = [{ schema, node }];
  for (const field of fieldsOf(schema)) {
    if (defOf(unwrap(field.schema)).type === 'object')
      nodes.push(...objectNodes(unwrap(field.schema), node[field.name]));
  }
  return nodes;
}

/** Sets a key as an own, enumerable property, even "__proto__" (which an assignment would not create). */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function mutate(schema: ZodLike, valid: unknown, change: Mutation): unknown {
  if (change.kind === 'notAnObject') return change.value;
  const copy = JSON.parse(JSON.stringify(valid ?? {})) as Record<string, unknown>;
  const nodes = objectNodes(schema, copy);
  const target = nodes[change.pick % nodes.length]!;
  const fields = fieldsOf(target.schema);
  switch (change.kind) {
    case 'missing': {
      const required = fields.filter((field) => field.required);
      const victim = (required.length > 0 ? required : fields)[
        change.pick % Math.max(1, (required.length > 0 ? required : fields).length)
      ];
      if (victim) delete target.node[victim.name];
      return copy;
    }
    case 'replace': {
      const name = fields[change.field % Math.max(1, fields.length)]?.name ?? 'unexpected';
      setOwn(target.node, name, change.value);
      return copy;
    }
    case 'extra':
      setOwn(target.node, change.key, change.value);
      return copy;
  }
}

/** Raw bodies: text that is not JSON, JSON that is no object with "data", and bytes in base64. */
const rawBody: fc.Arbitrary<Sent> = fc.oneof(
  fc.string({ maxLength: 200 }).map((body) => ({ body })),
  unicodeText(200).map((body) => ({ body })),
  fc.jsonValue({ maxDepth: 3 }).map((value) => ({ body: JSON.stringify(value) })),
  fc
    .array(fc.record({ data: fc.jsonValue({ maxDepth: 1 }) }), { maxLength: 3 })
    .map((value) => ({ body: JSON.stringify(value) })),
  fc
    .dictionary(
      fc.string({ maxLength: 8 }).filter((key) => key !== 'data'),
      fc.jsonValue({ maxDepth: 2 }),
    )
    .map((value) => ({ body: JSON.stringify(value) })),
  fc
    .uint8Array({ maxLength: 200 })
    .map((bytes) => ({ body: Buffer.from(bytes).toString('base64'), isBase64Encoded: true })),
  fc.constantFrom<Sent>(
    { body: undefined },
    { body: '' },
    { body: 'null' },
    { body: '[]' },
    { body: '{}' },
    { body: '{"data"' },
    { body: '{"Data": {}}' },
    { body: '[{"data": {}}]' },
    { body: '{"data": {}}{"data": {}}' },
    { body: '\uFEFF{"data": {}}' },
    { body: '{"__proto__": {"data": {}}}' },
    { body: '{"constructor": {"prototype": {"data": {}}}}' },
    { body: '{"data": {"__proto__": {"accessLevel": 9}}}' },
    { body: '{"data": {"constructor": {"prototype": {"isAdmin": true}}}}' },
    { body: `{"data": ${'['.repeat(5000)}${']'.repeat(5000)}}` },
    { body: `${'['.repeat(100_000)}${']'.repeat(100_000)}` },
    { body: 'data=1&x=2' },
    { body: '<data/>' },
    { body: '"data"' },
    { body: 'eyJkYXRhIjp7fX0=', isBase64Encoded: true },
    { body: '!!not base64!!', isBase64Encoded: true },
  ),
);

/** A schema-generated input, with some string fields set to identifiers of records that exist. */
function schemaInput(call: AnyCall): fc.Arbitrary<unknown> {
  const stringFields = fieldsOf(call.input as unknown as ZodLike)
    .filter((field) => defOf(unwrap(field.schema)).type === 'string')
    .map((field) => field.name);
  return fc
    .tuple(arbitraryFor(call.input as unknown as ZodLike), fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 2 }))
    .map(([value, known]) => {
      if (typeof value !== 'object' || value === null || stringFields.length === 0 || knownValues.length === 0)
        return value;
      const copy = { ...(value as Record<string, unknown>) };
      for (const [field, which] of known)
        copy[stringFields[field % stringFields.length]!] = knownValues[which % knownValues.length];
      return copy;
    });
}

// ---------------------------------------------------------------------------------------------------------

/** The calls of one shard: every `shards`-th call of the registry, from the `shard`-th. */
export function callsOfShard(shard: number, shards: number): AnyCall[] {
  return callRegistry.list().filter((_, index) => index % shards === shard);
}

/**
 * Fuzzes one shard of the registry's calls (the suite is cut in shards so they run side by side). The shard's
 * handler writes to a table of its own on the same DynamoDB Local, and mails support elsewhere.
 */
export function fuzzRegistryShard(shard: number, shards: number): void {
  fuzzTable = `portal-fuzz-${shard}`;
  process.env.TABLE_NAME = fuzzTable;
  process.env.SUPPORT_MAIL_TO = 'fuzz-support@portal.local';
  resetConfigCache();

  beforeAll(async () => {
    await ensureTable(new DynamoDBClient({}), fuzzTable);
    claims = await newAdminClaims('Fuzz Admin');
    await createCompanyAs(
      { uid: 'fuzz', email: 'fuzz' },
      { slug: 'fuzz-co', companyName: 'Fuzz Co', flags: { enableDast: true } },
    ).catch((error: unknown) => {
      if (!(error instanceof AlreadyExistsError)) throw error;
    });
    const member = await createTestUser({ accessLevel: 1, companies: ['fuzz-co'] });
    // Never the caller's own uid: a valid signOutEverywhere of oneself would end the fuzzing session.
    knownValues = ['fuzz-co', member.uid, member.email, appUrl, `${appUrl}/auth/redirect`];
    partitions = [
      userListPartition,
      companyListPartition,
      allEventsPartition,
      platformServiceListPartition,
      reviewQueuePartition,
      eventPartition(claims.sub!),
      companyPartition('fuzz-co'),
      userPartition(member.uid),
    ];
  });

  describe(`bad input never gets a 5xx, always a message, and writes nothing (shard ${shard + 1} of ${shards})`, () => {
    it('fuzzes every call of the registry, each in one shard', () => {
      expect(callsOfShard(shard, shards).length).toBeGreaterThan(0);
      const inShards = Array.from({ length: shards }, (_, index) => callsOfShard(index, shards)).flat();
      expect(inShards.map((call) => call.name).sort()).toEqual(
        callRegistry
          .list()
          .map((call) => call.name)
          .sort(),
      );
    });

    for (const call of callsOfShard(shard, shards)) {
      const schema = call.input as unknown as ZodLike;
      describe(call.name, () => {
        it(`inputs generated from its schema (${runs.schema})`, async () => {
          await fc.assert(
            fc.asyncProperty(schemaInput(call), (input) => check(call, sendData(input))),
            { numRuns: runs.schema },
          );
        });

        it(`mutations of valid inputs (${runs.mutations})`, async () => {
          await fc.assert(
            fc.asyncProperty(arbitraryFor(schema), mutation, (input, change) =>
              check(call, sendData(mutate(schema, input, change))),
            ),
            { numRuns: runs.mutations },
          );
        });

        const cursorFields = fieldsOf(schema)
          .filter((field) => unwrap(field.schema) === (pageCursor as unknown as ZodLike))
          .map((field) => field.name);
        if (cursorFields.length > 0) {
          it(`forged page cursors (${runs.cursors})`, async () => {
            const forged = schemaInput(call).chain((input) =>
              fc.tuple(fc.constant(input), fc.constantFrom(...cursorFields), forgedCursor(input)),
            );
            await fc.assert(
              fc.asyncProperty(forged, ([input, field, cursor]) =>
                check(call, sendData({ ...(input as object), [field]: cursor })),
              ),
              { numRuns: runs.cursors },
            );
          });
        }

        it(`raw bodies (${runs.bodies})`, async () => {
          await fc.assert(
            fc.asyncProperty(rawBody, (sent) => check(call, sent)),
            { numRuns: runs.bodies },
          );
          // The handler was sent refused inputs of this call, the body's faults among them.
          expect([...refusalsSentFor(call)]).toEqual(
            expect.arrayContaining(
              [{ fault: 'not JSON' }, { fault: 'no object with data' }].map((refusal) => JSON.stringify(refusal)),
            ),
          );
        });
      });
    }
  });
}
