// A webhook receiver for the one-machine stack, as the mail outbox is for mail: the demo company's endpoint posts
// here, so a newcomer sees deliveries on the Integrations page and, on this page, what a receiver gets. Each
// delivery is checked as a customer's receiver would check it, with the `standardwebhooks` library and the
// endpoint's secret (kept beside the data, mode 0600, by the demo seed); the page says whether it verified.
// Only what arrived since the stack started is shown (the last 200), newest first; GET /deliveries.json has the
// same for scripts and tests.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';

export interface InboxDelivery {
  /** The path's name: which endpoint posted (e.g. "acme"). */
  inbox: string;
  receivedAt: string;
  webhookId?: string;
  /** The payload's `type`, when it is JSON with one. */
  type?: string;
  /** Whether the signature verified with the inbox's secret; undefined when it has none (unsigned formats). */
  verified?: boolean;
  payload: unknown;
}

export interface WebhookInbox {
  url: string;
  /** Remembers the secret deliveries to `inbox` are verified with (and keeps it for the next start). */
  keepSecret(inbox: string, secret: string): void;
  stop(): Promise<void>;
}

const kept = 200;
const maxBodyBytes = 1024 * 1024;
const inboxName = /^\/([a-z0-9-]{1,40})$/;

export async function startWebhookInbox(options: { port: number; dataDir: string }): Promise<WebhookInbox> {
  const secretsFile = path.join(options.dataDir, 'webhook-inbox-secrets.json');
  const secrets: Record<string, string> = existsSync(secretsFile)
    ? (JSON.parse(readFileSync(secretsFile, 'utf8')) as Record<string, string>)
    : {};
  const deliveries: InboxDelivery[] = [];

  const receive = async (req: IncomingMessage, res: ServerResponse, inbox: string) => {
    const body = await readBody(req);
    if (body === undefined) return send(res, 413, 'text/plain', 'Too large');
    const secret = secrets[inbox];
    let verified: boolean | undefined;
    if (secret && req.headers['webhook-signature']) {
      try {
        new Webhook(secret).verify(body, req.headers as Record<string, string>);
        verified = true;
      } catch {
        verified = false;
      }
    }
    const payload = parseJson(body);
    const type = (payload as { type?: unknown } | undefined)?.type;
    deliveries.unshift({
      inbox,
      receivedAt: new Date().toISOString(),
      webhookId: headerOf(req, 'webhook-id'),
      type: typeof type === 'string' ? type : undefined,
      verified,
      payload,
    });
    deliveries.length = Math.min(deliveries.length, kept);
    // A receiver that cannot verify a signed delivery refuses it, so the portal shows the failure.
    send(res, verified === false ? 401 : 204, 'text/plain', '');
  };

  const server: Server = createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://inbox');
    const named = inboxName.exec(pathname);
    if (req.method === 'POST' && named) {
      receive(req, res, named[1]!).catch(() => send(res, 400, 'text/plain', 'Bad request'));
    } else if (req.method === 'GET' && pathname === '/deliveries.json') {
      send(res, 200, 'application/json', JSON.stringify({ deliveries }));
    } else if (req.method === 'GET' && pathname === '/') {
      send(res, 200, 'text/html; charset=utf-8', page(deliveries));
    } else {
      send(res, 404, 'text/plain', 'Not found');
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    keepSecret(inbox, secret) {
      secrets[inbox] = secret;
      writeFileSync(secretsFile, JSON.stringify(secrets), { mode: 0o600 });
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBodyBytes) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > maxBodyBytes ? undefined : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

const headerOf = (req: IncomingMessage, name: string) => {
  const value = req.headers[name];
  return typeof value === 'string' ? value : undefined;
};

function send(res: ServerResponse, status: number, contentType: string, body: string) {
  res.writeHead(status, {
    'content-type': contentType,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  });
  res.end(body);
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

const verdict = (delivery: InboxDelivery) =>
  delivery.verified === undefined ? 'not signed' : delivery.verified ? 'signature verified' : 'signature REFUSED';

function page(deliveries: InboxDelivery[]): string {
  const rows = deliveries
    .map(
      (delivery) => `<section>
<h2>${escapeHtml(delivery.type ?? 'delivery')} <small>to /${escapeHtml(delivery.inbox)} · ${escapeHtml(delivery.receivedAt)} · ${verdict(delivery)}${delivery.webhookId ? ` · ${escapeHtml(delivery.webhookId)}` : ''}</small></h2>
<pre>${escapeHtml(JSON.stringify(delivery.payload, null, 2) ?? '')}</pre>
</section>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Webhook inbox</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:70rem}small{font-weight:normal;color:#555}pre{background:#f4f4f4;padding:1rem;overflow:auto;white-space:pre-wrap;overflow-wrap:anywhere}</style>
</head><body>
<h1>Webhook inbox</h1>
<p>What the demo company's webhook endpoint received since the local stack started (the last ${kept}), newest first. Reload to see new deliveries.</p>
${rows || '<p>Nothing yet: publish or change a finding of Acme Corp, or send a test from Administration → Integrations.</p>'}
</body></html>`;
}
