// One POST of a webhook: to the address checked just before (webhook-address.ts), never following a redirect,
// answered within 15 s or counted as a timeout; keeps the status, the latency and the answer's first kilobyte.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { webhookResponseExcerptBytes } from '../../contracts/webhooks.js';
import { ForbiddenAddressError, resolveWebhookAddress, type WebhookAddressPolicy } from './webhook-address.js';

export const webhookTimeoutMs = 15_000;

export interface WebhookPostResult {
  responseStatus?: number;
  latencyMs: number;
  responseExcerpt?: string;
  /** Why there is no answer: `timeout`, `forbidden address: …`, `connection failed`. */
  error?: string;
}

export const isSuccess = (result: WebhookPostResult) =>
  result.responseStatus !== undefined && result.responseStatus >= 200 && result.responseStatus < 300;

function readExcerpt(response: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const done = () => resolve(Buffer.concat(chunks).subarray(0, webhookResponseExcerptBytes).toString('utf8'));
    response.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= webhookResponseExcerptBytes) {
        response.destroy();
        done();
      }
    });
    response.on('end', done);
    response.on('error', done);
    response.on('close', done);
  });
}

export async function postWebhook(
  target: string,
  headers: Record<string, string>,
  body: string,
  policy: WebhookAddressPolicy,
  timeoutMs = webhookTimeoutMs,
): Promise<WebhookPostResult> {
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  const url = new URL(target);
  let pinned: { address: string; family: 4 | 6 };
  try {
    pinned = await resolveWebhookAddress(url, policy);
  } catch (error) {
    const reason = error instanceof ForbiddenAddressError ? `forbidden address: ${error.message}` : 'name not found';
    return { latencyMs: latency(), error: reason };
  }
  // The connection goes to the address checked above, whatever the name resolves to by now.
  const lookup: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all) {
      (callback as (error: null, addresses: Array<{ address: string; family: number }>) => void)(null, [pinned]);
    } else callback(null, pinned.address, pinned.family);
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<WebhookPostResult>((resolve) => {
    let settled = false;
    const finish = (result: WebhookPostResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const outgoing = send(
      url,
      {
        method: 'POST',
        lookup,
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'SecurityPortal-Webhooks/1',
          ...headers,
        },
        agent: false,
      },
      (response) => {
        void readExcerpt(response).then((excerpt) =>
          finish({ responseStatus: response.statusCode, latencyMs: latency(), responseExcerpt: excerpt }),
        );
      },
    );
    const timer = setTimeout(() => {
      finish({ latencyMs: latency(), error: 'timeout' });
      outgoing.destroy();
    }, timeoutMs);
    outgoing.on('error', () => finish({ latencyMs: latency(), error: 'connection failed' }));
    outgoing.end(body);
  });
}
