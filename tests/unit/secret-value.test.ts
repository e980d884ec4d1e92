// The Secrets Manager read of kernel/aws/secret-value.ts against a recording server on 127.0.0.1, beside the real
// SDK client sending the same GetSecretValue: the same operation, body and signing service reach the server, and
// the secret's text comes back; an error answer becomes an AwsServiceError with the service's code.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AwsServiceError } from '../../lambdas/kernel/aws/json-request.js';
import { secretString } from '../../lambdas/kernel/aws/secret-value.js';

interface Seen {
  target: string | undefined;
  contentType: string | undefined;
  authorization: string;
  body: unknown;
}
const seen: Seen[] = [];
let endpoint = '';
const server = createServer((request: IncomingMessage, response) => {
  let text = '';
  request.on('data', (chunk: Buffer) => (text += chunk.toString()));
  request.on('end', () => {
    const body = JSON.parse(text) as { SecretId: string };
    seen.push({
      target: request.headers['x-amz-target'] as string | undefined,
      contentType: request.headers['content-type'],
      authorization: String(request.headers.authorization ?? ''),
      body,
    });
    response.setHeader('content-type', 'application/x-amz-json-1.1');
    if (body.SecretId === 'missing') {
      response.statusCode = 400;
      response.end(JSON.stringify({ __type: 'ResourceNotFoundException', message: 'no such secret' }));
      return;
    }
    response.end(JSON.stringify({ ARN: body.SecretId, Name: 'portal/test', SecretString: 'the-secret-text' }));
  });
});

beforeAll(async () => {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.AWS_ENDPOINT_URL_SECRETS_MANAGER = endpoint;
});
afterAll(async () => {
  delete process.env.AWS_ENDPOINT_URL_SECRETS_MANAGER;
  await new Promise((done) => server.close(done));
});

describe('secretString', () => {
  it('sends what the SDK client sends, and reads the SecretString', async () => {
    const client = new SecretsManagerClient({
      endpoint,
      region: process.env.AWS_REGION ?? 'eu-west-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const fromClient = await client.send(new GetSecretValueCommand({ SecretId: 'arn:secret:one' }));
    expect(fromClient.SecretString).toBe('the-secret-text');
    expect(await secretString('arn:secret:one')).toBe('the-secret-text');

    const [sdk, ours] = seen.slice(-2);
    expect(ours!.target).toBe(sdk!.target);
    expect(ours!.contentType).toBe(sdk!.contentType);
    expect(ours!.body).toEqual(sdk!.body);
    expect(ours!.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=\S+\/secretsmanager\/aws4_request/);
    expect(sdk!.authorization).toMatch(/\/secretsmanager\/aws4_request/);
  });

  it('answers the service error by its code', async () => {
    const failure = await secretString('missing').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AwsServiceError);
    expect(failure).toMatchObject({ code: 'ResourceNotFoundException', status: 400 });
  });
});
