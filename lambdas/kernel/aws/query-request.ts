// One SigV4-signed request of an AWS query-protocol service (SES API v1: the protocol its SDK client speaks):
// form-encoded parameters, an XML answer. On the SDK's own signer and fetch, like json-request.ts: the API
// Lambda's 600 KB budget cannot hold @aws-sdk/client-ses (28 KB and its XML protocol) for a few operations.
import { AwsServiceError } from './json-request.js';
import { retryable, signedPost } from './signed-post.js';
import { parseXml, textAt, type XmlNode } from './xml-answer.js';

/** Form encoding as the SDK does it (RFC 3986: `!'()*` escaped too). */
const encode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const scalarText = (value: unknown, name: string): string => {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new TypeError(`${name}: not a string, number or boolean`);
};

/** Flat query parameters from nested input: lists as `Name.member.N`, structures as `Name.Field`. */
export function queryParameters(input: Record<string, unknown>, prefix = ''): [string, string][] {
  const pairs: [string, string][] = [];
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    const name = `${prefix}${key}`;
    if (Array.isArray(value)) {
      value.forEach((item, index) => pairs.push([`${name}.member.${index + 1}`, scalarText(item, name)]));
    } else if (typeof value === 'object' && value !== null) {
      pairs.push(...queryParameters(value as Record<string, unknown>, `${name}.`));
    } else {
      pairs.push([name, scalarText(value, name)]);
    }
  }
  return pairs;
}

export interface QueryRequest {
  /** The signing name, e.g. `ses`. */
  service: string;
  endpoint: URL;
  action: string;
  version: string;
  input: Record<string, unknown>;
}

/** Sends the action and answers its `<Action>Result` element; retried twice on throttling or a 5xx, as the SDK. */
export async function awsQueryRequest({ service, endpoint, action, version, input }: QueryRequest): Promise<XmlNode> {
  const body = [
    ['Action', action] as [string, string],
    ['Version', version] as [string, string],
    ...queryParameters(input),
  ]
    .map(([key, value]) => `${encode(key)}=${encode(value)}`)
    .join('&');
  for (let attempt = 1; ; attempt += 1) {
    const answer = await signedPost(service, endpoint, { 'content-type': 'application/x-www-form-urlencoded' }, body);
    const text = await answer.text();
    let parsed: XmlNode | undefined;
    try {
      parsed = text ? parseXml(text) : undefined;
    } catch {
      // An answer that is not XML is an error of the transport; its status says which.
    }
    if (answer.ok && parsed) return parsed.children.find((node) => node.name === `${action}Result`) ?? parsed;
    if (answer.ok || !retryable(answer.status) || attempt >= 3) {
      const code = textAt(parsed, 'Error', 'Code') ?? (answer.ok ? 'InvalidAnswer' : 'HTTP');
      const message = textAt(parsed, 'Error', 'Message') ?? `${service} answered ${answer.status}`;
      throw new AwsServiceError(code, message, answer.status);
    }
    await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt));
  }
}
