// The metrics, as CloudWatch would read them, where the work happens: each function's handler run in this process
// against the local stack's DynamoDB Local, S3 and SES stand-ins, its stdout captured and its Embedded Metric Format
// lines read back (Powertools' documented way of testing Metrics: the EMF it writes on stdout). And the correlation
// id: the API request id travels with the work it queues to the worker, whose log lines name it.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { FifoQueue } from '../../infra/local/queue/fifo-queue.js';
import { startSqsEndpoint, type SqsEndpoint } from '../../infra/local/queue/sqs-endpoint.js';
import { handler as api } from '../../lambdas/api/handler.js';
import { handler as preTokenGeneration } from '../../lambdas/auth/pre-token-generation.js';
import { handler as verifyAuthChallengeResponse } from '../../lambdas/auth/verify-auth-challenge-response.js';
import { handler as scanImportWorker } from '../../lambdas/import/handler.js';
import { handler as reportWorker } from '../../lambdas/reports/handler.js';
import { handler as webhookWorker } from '../../lambdas/webhooks/handler.js';
import { createCompanyAs } from '../../lambdas/kernel/companies/company-admin.js';
import { readConfig, resetConfigCache } from '../../lambdas/kernel/config.js';
import { putNewScanImport } from '../../lambdas/kernel/data/entities/scan-imports.js';
import { importFileKey } from '../../lambdas/kernel/findings/scan-imports.js';
import { callEvent, parseResult } from '../support/call-event.js';
import { nextSignInLink, tokenOf } from '../support/outbox.js';
import { seedQueuedJob } from '../support/agent-fixtures.js';
import { seedFindings } from '../support/seed-findings.js';
import { signedInCaller } from '../support/signed-in-call.js';
import { createTestUser } from '../support/users.js';
import { seedWebhookDelivery, seedWebhookEndpoint } from '../support/webhook-fixtures.js';

// The test stack writes no metrics (global-setup.ts); this file's own handlers do. Metrics read the setting when
// the first metric of a function is counted, which is after this line.
process.env.POWERTOOLS_METRICS_DISABLED = 'false';

const { appUrl, userPoolId } = inject('localStack');
const run = randomUUID().slice(0, 8);
const written: string[] = [];

interface EmfLine {
  _aws: { Timestamp: number; CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: unknown[] }[] };
  [key: string]: unknown;
}

/** The EMF lines written since `from` (an index into `written`) that carry metric `name`. */
function emf(name: string, from = 0): EmfLine[] {
  return written
    .slice(from)
    .join('')
    .split('\n')
    .filter((line) => line.startsWith('{"_aws"'))
    .map((line) => JSON.parse(line) as EmfLine)
    .filter((line) =>
      line._aws.CloudWatchMetrics[0]!.Metrics.some((metric) => (metric as { Name: string }).Name === name),
    );
}

/** The JSON log lines written since `from`. */
function logLines(from = 0): Record<string, unknown>[] {
  return written
    .slice(from)
    .join('')
    .split('\n')
    .filter((line) => line.startsWith('{"level"'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

function sqsRecord(body: unknown, correlationId?: string): SQSRecord {
  return {
    messageId: randomUUID(),
    receiptHandle: 'test',
    body: JSON.stringify(body),
    attributes: {
      ApproximateReceiveCount: '1',
      SentTimestamp: String(Date.now()),
      SenderId: 'test',
      ApproximateFirstReceiveTimestamp: String(Date.now()),
    },
    messageAttributes: correlationId
      ? {
          correlationId: { dataType: 'String', stringValue: correlationId, stringListValues: [], binaryListValues: [] },
        }
      : {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:eu-west-1:000000000000:test.fifo',
    awsRegion: 'eu-west-1',
  };
}

const sqsEvent = (...records: SQSRecord[]): SQSEvent => ({ Records: records });

beforeAll(() => {
  // Metrics and info logs go to stdout, warnings and errors to stderr.
  for (const stream of [process.stdout, process.stderr]) {
    const original = stream.write.bind(stream);
    vi.spyOn(stream, 'write').mockImplementation((chunk: unknown, ...rest: unknown[]) => {
      written.push(String(chunk));
      // Metric lines are what this file reads: kept out of the test run's output.
      if (String(chunk).startsWith('{"_aws"')) return true;
      return (original as (...args: unknown[]) => boolean)(chunk, ...rest);
    });
  }
});

afterAll(() => {
  vi.restoreAllMocks();
});

describe('imports', () => {
  const slug = `metrics-import-${run}`;
  const s3 = new S3Client({ forcePathStyle: readConfig().S3_FORCE_PATH_STYLE });

  beforeAll(async () => {
    await createCompanyAs({ uid: 'test', email: 'test' }, { slug, companyName: `Metrics ${run}`, flags: {} });
  });

  /** An import as startScanImport leaves it (its file copied, queued); the worker is handed its message. */
  async function queuedImport(body: string, format?: 'nuclei-jsonl'): Promise<string> {
    const importId = `metrics${Date.now().toString(36)}${randomBytes(4).toString('hex')}`;
    const objectKey = `uploads/${slug}/projectmariana/${importId}/0`;
    await s3.send(
      new PutObjectCommand({ Bucket: readConfig().UPLOADS_BUCKET, Key: importFileKey(objectKey), Body: body }),
    );
    await putNewScanImport({
      importId,
      slug,
      service: 'projectmariana',
      status: 'queued',
      files: [{ name: 'scan.jsonl', contentLength: Buffer.byteLength(body), objectKey }],
      createdAt: Date.now(),
      createdByUid: 'test',
      createdByEmail: 'test@test.example',
      progress: { bytesRead: 0, bytesTotal: Buffer.byteLength(body), findingsWritten: 0 },
      version: 1,
      ...(format ? { format, formatChosen: true } : {}),
    });
    return importId;
  }

  const nucleiLine = (id: number) =>
    JSON.stringify({
      'template-id': `metrics-check-${id}`,
      info: { name: `Metrics check ${id}`, severity: 'medium' },
      'matcher-name': `m${id}`,
      host: `metrics-${id}.example.com`,
      'matched-at': `https://metrics-${id}.example.com/`,
      type: 'http',
      timestamp: '2026-11-01T00:00:00Z',
    });

  it('counts a completed import by tool, with the findings it wrote, once', async () => {
    const importId = await queuedImport([1, 2, 3].map(nucleiLine).join('\n'));
    const from = written.length;
    const answer = await scanImportWorker(sqsEvent(sqsRecord({ importId })));
    expect(answer.batchItemFailures).toEqual([]);

    const [completed, ...more] = emf('ImportCompleted', from);
    expect(more).toEqual([]);
    expect(completed).toMatchObject({ service: 'scanImport', tool: 'nuclei', ImportCompleted: 1 });
    expect(completed!._aws.CloudWatchMetrics).toEqual([
      {
        Namespace: 'SecurityPortal',
        Dimensions: [['service', 'tool']],
        Metrics: [{ Name: 'ImportCompleted', Unit: 'Count' }],
      },
    ]);
    expect(emf('FindingsWritten', from)).toEqual([
      expect.objectContaining({ service: 'scanImport', tool: 'nuclei', FindingsWritten: 3 }),
    ]);

    // The queue delivers the message again: the import is done, nothing is counted twice.
    const again = written.length;
    await scanImportWorker(sqsEvent(sqsRecord({ importId })));
    expect(emf('ImportCompleted', again)).toEqual([]);
  });

  it('counts an import that fails on its file, under its tool or unknown when it could not tell', async () => {
    const importId = await queuedImport('not a scan of any tool the portal reads\n');
    const from = written.length;
    await scanImportWorker(sqsEvent(sqsRecord({ importId })));
    expect(emf('ImportFailed', from)).toEqual([
      expect.objectContaining({ service: 'scanImport', tool: 'unknown', ImportFailed: 1 }),
    ]);
    expect(emf('ImportCompleted', from)).toEqual([]);

    // The analyst chose the format: the failure is the tool's.
    const chosen = await queuedImport('{"not": "a nuclei finding"\n', 'nuclei-jsonl');
    const next = written.length;
    await scanImportWorker(sqsEvent(sqsRecord({ importId: chosen })));
    expect(emf('ImportFailed', next)).toEqual([
      expect.objectContaining({ service: 'scanImport', tool: 'nuclei', ImportFailed: 1 }),
    ]);
  });
});

describe('sign-in', () => {
  const triggerEvent = (triggerSource: string, request: Record<string, unknown>) =>
    ({
      version: '1',
      region: 'eu-west-1',
      userPoolId,
      userName: 'user',
      callerContext: { awsSdkVersion: 'test', clientId: 'client' },
      triggerSource,
      request,
      response: {},
    }) as any;

  it('counts the sign-in link sent, when the mail was handed over, in the function that sent it', async () => {
    const user = await createTestUser();
    const from = written.length;
    const answer = parseResult(await api(callEvent('sendSignInLink', { email: user.email, url: appUrl })));
    expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
    expect(emf('SignInLinkSent', from)).toEqual([expect.objectContaining({ service: 'peopleApi', SignInLinkSent: 1 })]);
    expect(emf('SignInLinkFailed', from)).toEqual([]);
  });

  it('counts a completed sign-in by its method: the mailed link, or a passkey', async () => {
    const user = await createTestUser({ userType: 'analyst', accessLevel: 5 });
    parseResult(await api(callEvent('sendSignInLink', { email: user.email, url: appUrl })));
    const token = tokenOf(await nextSignInLink(user.email, 0));
    const userAttributes = { sub: user.uid, email: user.email };
    const verified = await verifyAuthChallengeResponse(
      triggerEvent('VerifyAuthChallengeResponse_Authentication', {
        userAttributes,
        challengeAnswer: token,
        privateChallengeParameters: {},
        clientMetadata: {},
        userNotFound: false,
      }),
    );
    expect(verified.response.answerCorrect).toBe(true);

    const from = written.length;
    await preTokenGeneration(
      triggerEvent('TokenGeneration_Authentication', { userAttributes, groupConfiguration: {} }),
    );
    // Nothing left to claim: the next sign-in went through Cognito's passkey challenge.
    await preTokenGeneration(
      triggerEvent('TokenGeneration_Authentication', { userAttributes, groupConfiguration: {} }),
    );
    // A refreshed token is no sign-in.
    await preTokenGeneration(triggerEvent('TokenGeneration_RefreshTokens', { userAttributes, groupConfiguration: {} }));

    const lines = emf('SignInCompleted', from);
    expect(lines.map((line) => [line.service, line.method, line.SignInCompleted])).toEqual([
      ['preTokenGeneration', 'email-link', 1],
      ['preTokenGeneration', 'passkey', 1],
    ]);
    expect(lines[0]!._aws.CloudWatchMetrics[0]!.Dimensions).toEqual([['service', 'method']]);
  });
});

describe('webhooks', () => {
  const slug = `metrics-hooks-${run}`;
  let receiver: Server;
  let status = 200;

  beforeAll(async () => {
    await createCompanyAs({ uid: 'test', email: 'test' }, { slug, companyName: `Hooks ${run}`, flags: {} });
    receiver = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        response.statusCode = status;
        response.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    await new Promise((resolve) => receiver.close(resolve));
  });

  async function dueDelivery(attempts: number) {
    const { port } = receiver.address() as AddressInfo;
    const endpoint = await seedWebhookEndpoint(slug, { url: `http://127.0.0.1:${port}/hooks` });
    const now = Date.now();
    const { deliveryId } = await seedWebhookDelivery(endpoint, {
      state: 'pending',
      attempts,
      nextAttemptAt: now - 1000,
    });
    return { kind: 'deliver', slug, endpointId: endpoint.endpointId, deliveryId, attempts };
  }

  it('counts a delivery the receiver accepted, and an attempt it refused', async () => {
    const accepted = await dueDelivery(0);
    let from = written.length;
    status = 200;
    expect((await webhookWorker(sqsEvent(sqsRecord(accepted)))).batchItemFailures).toEqual([]);
    expect(emf('WebhookDelivered', from)).toEqual([
      expect.objectContaining({ service: 'webhookWork', WebhookDelivered: 1 }),
    ]);
    expect(emf('WebhookFailed', from)).toEqual([]);

    // The last of its attempts: refused, the delivery fails for good (no retry to wait for).
    const refused = await dueDelivery(7);
    from = written.length;
    status = 500;
    await webhookWorker(sqsEvent(sqsRecord(refused)));
    expect(emf('WebhookFailed', from)).toEqual([expect.objectContaining({ service: 'webhookWork', WebhookFailed: 1 })]);
    expect(emf('WebhookDelivered', from)).toEqual([]);
  });
});

describe('DAST scans', () => {
  it('counts a DAST scan that ended by its outcome, in the function that ended it', async () => {
    const slug = `metrics-dast-${run}`;
    await createCompanyAs(
      { uid: 'test', email: 'test' },
      { slug, companyName: `DAST ${run}`, flags: { enableDast: true, enableDastTriggering: true } },
    );
    const job = await seedQueuedJob(slug);
    const analyst = signedInCaller(await createTestUser({ userType: 'analyst', accessLevel: 9 }));
    const from = written.length;
    const cancelled = await analyst('cancelDastScan', { slug, scanId: job.jobId });
    expect(cancelled.statusCode, JSON.stringify(cancelled.body)).toBe(200);
    expect(emf('DastScanCompleted', from)).toEqual([
      expect.objectContaining({ service: 'scanningApi', outcome: 'cancelled', DastScanCompleted: 1 }),
    ]);
  });
});

describe('exports and the correlation id', () => {
  const slug = `metrics-exports-${run}`;
  const region = 'eu-west-1';
  let queue: FifoQueue;
  let endpoint: SqsEndpoint;
  let queueDir: string;
  const delivered: SQSRecord[] = [];
  const stackQueues = {
    REPORT_QUEUE_URL: process.env.REPORT_QUEUE_URL,
    AWS_ENDPOINT_URL_SQS: process.env.AWS_ENDPOINT_URL_SQS,
  };

  beforeAll(async () => {
    await createCompanyAs(
      { uid: 'test', email: 'test' },
      { slug, companyName: `Exports ${run}`, flags: { enableDast: true } },
    );
    await seedFindings({ slug, service: 'dast', count: 3 });
    // A report queue of this file's own, whose consumer is the report worker's handler in this process.
    queueDir = mkdtempSync(path.join(tmpdir(), 'metrics-report-queue-'));
    queue = await FifoQueue.open({
      name: 'metrics-report-test.fifo',
      arn: `arn:aws:sqs:${region}:000000000000:metrics-report-test.fifo`,
      region,
      dataDir: queueDir,
      visibilityTimeoutMs: 100,
    });
    endpoint = await startSqsEndpoint({
      port: 0,
      region,
      accountId: '000000000000',
      accessKeyId: process.env.AWS_ACCESS_KEY_ID!,
      queues: [queue],
    });
    queue.consumeWith(async (event) => {
      delivered.push(...event.Records);
      return reportWorker(event);
    });
    Object.assign(process.env, {
      REPORT_QUEUE_URL: endpoint.queueUrl('metrics-report-test.fifo'),
      AWS_ENDPOINT_URL_SQS: endpoint.endpoint,
    });
    resetConfigCache();
  });

  afterAll(async () => {
    Object.assign(process.env, stackQueues);
    resetConfigCache();
    await endpoint?.stop();
    await queue?.stop(0);
    rmSync(queueDir, { recursive: true, force: true });
  });

  it('carries the API request id to the worker, and counts the export it completed', async () => {
    const analyst = await createTestUser({ userType: 'analyst', accessLevel: 7 });
    const event = callEvent(
      'startFindingExport',
      { slug, service: 'dast', format: 'csv' },
      {
        claims: {
          sub: analyst.uid,
          email: analyst.email,
          token_use: 'id',
          auth_time: String(Math.floor(Date.now() / 1000)),
        },
      },
    );
    const requestId = event.requestContext.requestId;
    const from = written.length;
    const started = parseResult(await api(event));
    expect(started.statusCode, JSON.stringify(started.body)).toBe(200);
    const { exportId } = started.body.result as { exportId: string };
    const as = signedInCaller(analyst);
    await vi.waitFor(async () => expect((await as('getFindingExport', { exportId })).body.result.status).toBe('done'), {
      timeout: 30_000,
      interval: 100,
    });

    expect(delivered.map((record) => record.messageAttributes.correlationId?.stringValue)).toEqual([requestId]);
    await vi.waitFor(() =>
      expect(emf('ExportCompleted', from)).toEqual([
        expect.objectContaining({ service: 'reportWork', ExportCompleted: 1 }),
      ]),
    );
  });

  it("names the queued work's correlation id in the worker's log lines, and no other message's", async () => {
    const from = written.length;
    const missing = (n: number) =>
      sqsRecord({ kind: 'export', id: `missing-${run}-${n}` }, n === 1 ? `request-${run}` : undefined);
    await reportWorker(sqsEvent(missing(1), missing(2)));
    const dropped = logLines(from).filter((line) => String(line.message).startsWith('Export message for an export'));
    expect(dropped.map((line) => line.correlation_id)).toEqual([`request-${run}`, undefined]);
  });
});
