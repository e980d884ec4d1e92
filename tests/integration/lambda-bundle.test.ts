// The API and import functions as they ship: bundled with the Lambda build's esbuild options (credentials
// from the environment only, Powertools external), then invoked against the local stack, so what is deployed is
// what was tested. The bundles' directory stands for the Powertools layer (linkPowertoolsLayer), which Lambda
// resolves the bundles' Powertools imports from.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { build } from 'esbuild';
import { afterAll, describe, expect, inject, it } from 'vitest';
import {
  lambdaEntries,
  lambdaEsbuildOptions,
  linkPowertoolsLayer,
  repoRoot,
} from '../../infra/constructs/lambda-bundling.js';
import { callEvent, parseResult } from '../support/call-event.js';
import { createTestUser } from '../support/users.js';

const outDir = mkdtempSync(path.join(tmpdir(), 'bundle-test-'));
linkPowertoolsLayer(outDir);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/** Bundles one of the API functions as it ships, and loads it. */
async function bundledApiFunction(name: 'peopleApi' | 'findingsApi' | 'scanningApi' | 'vaultApi') {
  const outfile = path.join(outDir, `${name}.mjs`);
  await build({
    ...lambdaEsbuildOptions,
    entryPoints: [path.join(repoRoot, lambdaEntries[name])],
    outfile,
    logLevel: 'error',
  });
  return (await import(pathToFileURL(outfile).href)) as { handler: (event: unknown) => Promise<unknown> };
}

const claimsOf = (user: { uid: string; email: string }) => ({
  sub: user.uid,
  email: user.email,
  token_use: 'id',
  auth_time: String(Math.floor(Date.now() / 1000)),
});

describe('the bundled API functions', () => {
  it('people: answers public and signed-in calls against the local stack', async () => {
    const { handler } = await bundledApiFunction('peopleApi');
    const user = await createTestUser({ accessLevel: 2, companies: ['acme'] });

    const link = parseResult(
      await handler(
        callEvent(
          'sendSignInLink',
          { email: user.email, url: inject('localStack').appUrl },
          { sourceIp: '198.51.100.9' },
        ),
      ),
    );
    const session = parseResult(await handler(callEvent('getSession', {}, { claims: claimsOf(user) })));

    expect(link.statusCode).toBe(200);
    expect(session.statusCode).toBe(200);
    expect(session.body.result).toMatchObject({ user: { uid: user.uid }, company: 'acme' });
  });

  it.each([
    ['findingsApi', 'getReportsOverview', { slug: 'acme' }, 'listVaultLinks'],
    ['scanningApi', 'listLocations', { slug: 'acme' }, 'getReportsOverview'],
    ['vaultApi', 'listVaultLinks', {}, 'listLocations'],
  ] as const)(
    '%s: answers its own calls, and knows no other group’s (%s, not %s)',
    async (name, call, input, other) => {
      const { handler } = await bundledApiFunction(name);
      const analyst = await createTestUser({ userType: 'analyst', accessLevel: 9 });

      const own = parseResult(await handler(callEvent(call, input, { claims: claimsOf(analyst) })));
      const foreign = parseResult(await handler(callEvent(other, {}, { claims: claimsOf(analyst) })));

      expect(own.statusCode, JSON.stringify(own.body)).toBe(200);
      expect(foreign.statusCode).toBe(404);
    },
  );
});

describe('the bundled import function', () => {
  it('loads and answers an SQS event: a message without an import id is done, not retried', async () => {
    const outfile = path.join(outDir, 'scan-import.mjs');
    await build({
      ...lambdaEsbuildOptions,
      entryPoints: [path.join(repoRoot, lambdaEntries.scanImport)],
      outfile,
      logLevel: 'error',
    });
    const { handler } = (await import(pathToFileURL(outfile).href)) as {
      handler: (event: SQSEvent) => Promise<SQSBatchResponse>;
    };

    const response = await handler({
      Records: [
        {
          messageId: 'bundle-test-message',
          receiptHandle: 'bundle-test',
          body: '{"notAnImport":true}',
          attributes: {
            ApproximateReceiveCount: '1',
            SentTimestamp: String(Date.now()),
            SenderId: 'bundle-test',
            ApproximateFirstReceiveTimestamp: String(Date.now()),
            MessageGroupId: 'acme#dast',
            MessageDeduplicationId: 'bundle-test',
          },
          messageAttributes: {},
          md5OfBody: '',
          eventSource: 'aws:sqs',
          eventSourceARN: 'arn:aws:sqs:eu-west-1:000000000000:portal-imports.fifo',
          awsRegion: 'eu-west-1',
        },
      ],
    });

    expect(response).toEqual({ batchItemFailures: [] });
  });
});
