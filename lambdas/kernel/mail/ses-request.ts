// SES (API v1) actions, as query-protocol requests (kernel/aws/query-request.ts), and API v2's SendEmail for a mail
// with headers of its own. Sending reaches SES's regional endpoint, or AWS_ENDPOINT_URL_SES (the SES emulator of
// `npm start`); the identity actions reach MAIL_IDENTITY_ENDPOINT when set (the local stack's identity stand-in),
// else the same endpoint.
import { AwsServiceError } from '../aws/json-request.js';
import { awsQueryRequest } from '../aws/query-request.js';
import { retryable, signedPost } from '../aws/signed-post.js';
import type { XmlNode } from '../aws/xml-answer.js';
import { region } from '../findings/uploads.js';

export const sesEndpoint = (override?: string) =>
  new URL(override || process.env.AWS_ENDPOINT_URL_SES || `https://email.${region()}.amazonaws.com`);

export function sesRequest(action: string, input: Record<string, unknown>, endpoint?: string): Promise<XmlNode> {
  return awsQueryRequest({ service: 'ses', endpoint: sesEndpoint(endpoint), action, version: '2010-12-01', input });
}

/**
 * SES API v2's SendEmail (REST-JSON, `POST /v2/email/outbound-emails`), for a mail with headers of its own; answers
 * the message id. Retried twice on throttling or a 5xx, as the SDK would.
 */
export async function sesV2SendEmail(input: Record<string, unknown>): Promise<string | undefined> {
  const endpoint = new URL('/v2/email/outbound-emails', sesEndpoint());
  const body = JSON.stringify(input);
  for (let attempt = 1; ; attempt += 1) {
    const answer = await signedPost('ses', endpoint, { 'content-type': 'application/json' }, body);
    const text = await answer.text();
    let parsed: Record<string, unknown> = {};
    try {
      parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      // An answer that is not JSON is an error of the transport; its status says which.
    }
    if (answer.ok) return typeof parsed.MessageId === 'string' ? parsed.MessageId : undefined;
    if (!retryable(answer.status) || attempt >= 3) {
      const code = answer.headers.get('x-amzn-errortype')?.split(':')[0] || 'HTTP';
      const message = (typeof parsed.message === 'string' && parsed.message) || `ses answered ${answer.status}`;
      throw new AwsServiceError(code, message, answer.status);
    }
    await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt));
  }
}
