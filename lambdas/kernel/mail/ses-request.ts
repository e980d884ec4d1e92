// SES (API v1) actions, as query-protocol requests (kernel/aws/query-request.ts). Sending reaches SES's regional
// endpoint, or AWS_ENDPOINT_URL_SES (the SES emulator of `npm start`); the identity actions reach
// MAIL_IDENTITY_ENDPOINT when set (the local stack's identity stand-in), else the same endpoint.
import { awsQueryRequest } from '../aws/query-request.js';
import type { XmlNode } from '../aws/xml-answer.js';
import { region } from '../findings/uploads.js';

export const sesEndpoint = (override?: string) =>
  new URL(override || process.env.AWS_ENDPOINT_URL_SES || `https://email.${region()}.amazonaws.com`);

export function sesRequest(action: string, input: Record<string, unknown>, endpoint?: string): Promise<XmlNode> {
  return awsQueryRequest({ service: 'ses', endpoint: sesEndpoint(endpoint), action, version: '2010-12-01', input });
}
