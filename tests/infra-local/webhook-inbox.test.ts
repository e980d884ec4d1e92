// The local stack's webhook inbox as a receiver: a delivery signed with the secret it keeps is answered 204 and shown
// verified, a tampered one is refused 401 and shown refused, an unsigned one (the chat formats) is kept as it came;
// the page escapes what it shows, and the secret survives a restart in a file only its owner reads.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookInbox, type InboxDelivery, type WebhookInbox } from '../../infra/local/webhook-inbox.js';

const secret = `whsec_${Buffer.from('a local inbox secret of 32 bytes').toString('base64')}`;
let dataDir: string;
let inbox: WebhookInbox;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'webhook-inbox-'));
  inbox = await startWebhookInbox({ port: 0, dataDir });
  inbox.keepSecret('acme', secret);
});

afterAll(async () => {
  await inbox.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function deliver(name: string, body: string, headers: Record<string, string>) {
  return (await fetch(`${inbox.url}/${name}`, { method: 'POST', headers, body })).status;
}

function signed(body: string, id: string) {
  const at = new Date();
  return {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(id, at, body),
  };
}

const received = async (): Promise<InboxDelivery[]> =>
  ((await (await fetch(`${inbox.url}/deliveries.json`)).json()) as { deliveries: InboxDelivery[] }).deliveries;

describe('the webhook inbox', () => {
  it('verifies a signed delivery, refuses a tampered one and keeps an unsigned one, newest first', async () => {
    const body = JSON.stringify({ type: 'finding.published', timestamp: new Date().toISOString(), data: { id: 'f1' } });
    expect(await deliver('acme', body, signed(body, 'msg_good'))).toBe(204);
    expect(await deliver('acme', body.replace('f1', 'f2'), signed(body, 'msg_tampered'))).toBe(401);
    expect(await deliver('slack', JSON.stringify({ text: 'A finding' }), { 'content-type': 'application/json' })).toBe(
      204,
    );
    const [unsigned, tampered, good] = await received();
    expect(good).toMatchObject({ inbox: 'acme', webhookId: 'msg_good', type: 'finding.published', verified: true });
    expect(tampered).toMatchObject({ webhookId: 'msg_tampered', verified: false });
    expect(unsigned).toMatchObject({ inbox: 'slack', payload: { text: 'A finding' } });
    expect(unsigned!.verified).toBeUndefined();
  });

  it('shows deliveries on its page with their text escaped', async () => {
    const body = JSON.stringify({ type: 'finding.updated', data: { title: '<script>alert(1)</script>' } });
    await deliver('acme', body, signed(body, 'msg_page'));
    const response = await fetch(inbox.url);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    const page = await response.text();
    expect(page).toContain('finding.updated');
    expect(page).toContain('signature verified');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).not.toContain('<script>');
  });

  it('refuses bodies over 1 MB and unknown paths', async () => {
    expect(await deliver('acme', 'x'.repeat(1024 * 1024 + 1), {})).toBe(413);
    expect((await fetch(`${inbox.url}/a/b`, { method: 'POST', body: '{}' })).status).toBe(404);
  });

  it('keeps the secret for the next start, readable by its owner only', async () => {
    const file = path.join(dataDir, 'webhook-inbox-secrets.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const again = await startWebhookInbox({ port: 0, dataDir });
    try {
      const body = JSON.stringify({ type: 'scan.completed', data: {} });
      expect(
        await fetch(`${again.url}/acme`, { method: 'POST', headers: signed(body, 'msg_restart'), body }),
      ).toHaveProperty('status', 204);
    } finally {
      await again.stop();
    }
  });
});
