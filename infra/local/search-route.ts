// The local stand-in for the HTTP API's template-search route (/api/search/{proxy+}, no authorizer: the
// secured key is the credential): an HTTP request in, a payload v2 event to the same handler Lambda runs,
// its answer out.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { withHeaders } from './api-adapter.js';

/** Larger bodies are refused before the handler (it allows far less anyway). */
const maxBodyBytes = 1024 * 1024;

export function createSearchRoute(options: {
  basePath: string;
  handler: (event: APIGatewayProxyEventV2) => Promise<APIGatewayProxyStructuredResultV2>;
  /** Added to every request, as CloudFront's origin custom headers are (the API adapter's originHeaders). */
  originHeaders?: Readonly<Record<string, string>>;
}) {
  return async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBodyBytes) {
        res.writeHead(413, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: 'Request Entity Too Large', status: 413 }));
        return;
      }
      chunks.push(chunk);
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(',') : value;
    }
    const now = new Date();
    const routeKey = `${req.method ?? 'GET'} ${options.basePath}/{proxy+}`;
    const event: APIGatewayProxyEventV2 = {
      version: '2.0',
      routeKey,
      rawPath: url.pathname,
      rawQueryString: url.search.slice(1),
      headers,
      pathParameters: { proxy: url.pathname.slice(options.basePath.length + 1) },
      requestContext: {
        accountId: '000000000000',
        apiId: 'local',
        domainName: headers.host ?? 'localhost',
        domainPrefix: 'local',
        http: {
          method: req.method ?? 'GET',
          path: url.pathname,
          protocol: `HTTP/${req.httpVersion}`,
          sourceIp: (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, ''),
          userAgent: headers['user-agent'] ?? '',
        },
        requestId: randomUUID(),
        routeKey,
        stage: '$default',
        time: now.toISOString(),
        timeEpoch: now.getTime(),
      },
      body: Buffer.concat(chunks).toString('utf8'),
      isBase64Encoded: false,
    };
    const result = await options.handler(withHeaders(event, options.originHeaders));
    res.writeHead(result.statusCode ?? 200, { ...(result.headers as Record<string, string>) });
    res.end(result.body ?? '');
  };
}
