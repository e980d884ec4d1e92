// One SigV4-signed request of an AWS JSON-protocol service (Cognito, Secrets Manager: the protocol their SDK
// clients speak), on the SDK's own signer and fetch. The API Lambda's 600 KB budget cannot hold a client per
// service for a handful of operations (kernel/queues/send-message.ts does the same for SQS's query protocol).
import { retryable, signedPost } from './signed-post.js';

/** The service's error: its code (`__type`, without the namespace), message and HTTP status. */
export class AwsServiceError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = code;
  }
}

export interface JsonRequest {
  /** The signing name, e.g. `cognito-idp`, `secretsmanager`. */
  service: string;
  endpoint: URL;
  /** `X-Amz-Target`, e.g. `secretsmanager.GetSecretValue`. */
  target: string;
  input: Record<string, unknown>;
  /** The service's JSON protocol version: 1.1 (Cognito, Secrets Manager) or 1.0 (SQS). */
  jsonVersion?: '1.0' | '1.1';
}

/** Sends the operation; retried twice on throttling or a 5xx, as the SDK would. */
export async function awsJsonRequest({
  service,
  endpoint,
  target,
  input,
  jsonVersion = '1.1',
}: JsonRequest): Promise<Record<string, unknown>> {
  const body = JSON.stringify(input);
  for (let attempt = 1; ; attempt += 1) {
    const answer = await signedPost(
      service,
      endpoint,
      { 'content-type': `application/x-amz-json-${jsonVersion}`, 'x-amz-target': target },
      body,
    );
    const text = await answer.text();
    let parsed: Record<string, unknown> = {};
    try {
      parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      // An answer that is not JSON is an error of the transport; its status says which.
    }
    if (answer.ok) return parsed;
    if (!retryable(answer.status) || attempt >= 3) {
      const type =
        (typeof parsed.__type === 'string' && parsed.__type) || answer.headers.get('x-amzn-errortype') || 'HTTP';
      const code = type.split('#').pop()!.split(':')[0]!;
      const message =
        (typeof parsed.message === 'string' && parsed.message) ||
        (typeof parsed.Message === 'string' && parsed.Message) ||
        `${service} answered ${answer.status}`;
      throw new AwsServiceError(code, message, answer.status);
    }
    await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt));
  }
}
