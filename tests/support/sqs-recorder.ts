// A recording stand-in in front of the local stack's SQS endpoint: every SendMessage this process sends passes
// through it on its way to the real queue (so the workers still run), and the test reads what was sent. Set while a
// test runs through AWS_ENDPOINT_URL_SQS, which kernel/queues/send-message.ts reads at every send.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SentMessage {
  queueUrl: string;
  body: string;
  at: number;
}

export interface SqsRecorder {
  sent: SentMessage[];
  /** Puts the environment back and stops. */
  stop(): Promise<void>;
}

export async function recordSqsSends(): Promise<SqsRecorder> {
  const upstream = process.env.AWS_ENDPOINT_URL_SQS;
  if (!upstream) throw new Error('AWS_ENDPOINT_URL_SQS is not set: start the local stack first');
  const sent: SentMessage[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (String(req.headers['x-amz-target']).endsWith('.SendMessage')) {
        const input = JSON.parse(body.toString('utf8')) as { QueueUrl: string; MessageBody: string };
        sent.push({ queueUrl: input.QueueUrl, body: input.MessageBody, at: Date.now() });
      }
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(([name]) => !['host', 'content-length', 'connection'].includes(name)),
      ) as Record<string, string>;
      fetch(new URL(req.url ?? '/', upstream), { method: req.method, headers, body })
        .then(async (answer) => {
          res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
          res.end(Buffer.from(await answer.arrayBuffer()));
        })
        .catch(() => {
          res.writeHead(502);
          res.end();
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.AWS_ENDPOINT_URL_SQS = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    sent,
    async stop() {
      process.env.AWS_ENDPOINT_URL_SQS = upstream;
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
