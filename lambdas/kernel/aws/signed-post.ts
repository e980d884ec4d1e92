// A SigV4-signed POST to an AWS endpoint, on the SDK's own signer and fetch: what the JSON-protocol
// (json-request.ts, SQS's send-message.ts) and query-protocol (query-request.ts) requests share.
import { SignatureV4 } from '@smithy/signature-v4';
import { credentials, region, Sha256 } from '../findings/uploads.js';

/** Throttling or a 5xx: sent again, as the SDK would. */
export const retryable = (status: number) => status >= 500 || status === 429;

export async function signedPost(
  service: string,
  endpoint: URL,
  headers: Record<string, string>,
  body: string,
): Promise<Response> {
  const signer = new SignatureV4({ service, region: region(), credentials, sha256: Sha256 });
  const signed = await signer.sign({
    method: 'POST',
    protocol: endpoint.protocol,
    hostname: endpoint.hostname,
    port: endpoint.port ? Number(endpoint.port) : undefined,
    path: endpoint.pathname || '/',
    query: {},
    headers: { host: endpoint.host, ...headers },
    body,
  });
  return fetch(endpoint, { method: 'POST', headers: signed.headers, body });
}
