// Vault share and request links against DynamoDB Local, through the API handler as Lambda runs it: the
// landing consumes nothing, exactly one of racing openers gets a one-view secret, a wrong key consumes
// nothing, expiry and revocation hold, the server stores no plaintext and no key, only the asking analyst
// collects a reply, and every event is in the audit without content.
import { setTimeout as delay } from 'node:timers/promises';
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { seedDemoVault } from '../../infra/local/demo-vault.js';
import { resetConfigCache } from '../../lambdas/kernel/config.js';
import { findUserByEmail } from '../../lambdas/kernel/users/user-records.js';
import { listMyVaultLinks } from '../../lambdas/kernel/vault/vault-links.js';
import { vaultPartitionItems } from '../../lambdas/kernel/data/entities/vault-links.js';
import {
  fromBase64,
  newRequestKeyPair,
  openRequestReply,
  openShare,
  sealToRequest,
  shareKeysFrom,
  toBase64,
  toBase64Url,
  FingerprintMismatchError,
} from '../../web/src/vault/vault-crypto.js';
import { mailsTo } from '../support/outbox.js';
import { signedInCaller } from '../support/signed-in-call.js';
import { createTestUser } from '../support/users.js';
import { anonymousCaller, createShare, postSealedUpload, tableHolds } from '../support/vault.js';
import { scanTable } from '../support/table-scan.js';

const analyst = () => createTestUser({ userType: 'analyst', accessLevel: 5 });
const utf8 = (text: string) => new TextEncoder().encode(text);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('share links', () => {
  it('round-trips a text: created, landed on (nothing consumed), revealed once, then gone', async () => {
    const owner = signedInCaller(await analyst());
    const visitor = anonymousCaller();
    const secret = `vpn-password-${crypto.randomUUID()}`;
    const { linkId, keys, answer } = await createShare(owner, { kind: 'text', text: secret }, { label: 'VPN' });
    expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);

    // A mail scanner, a chat preview and the person: three landings, nothing consumed.
    for (let view = 0; view < 3; view += 1) {
      const landing = await visitor('getVaultLink', { linkId });
      expect(landing.body.result).toMatchObject({ kind: 'share', status: 'waiting', available: true, viewsLeft: 1 });
    }

    const reveal = await visitor('claimVaultLink', { linkId, verifier: keys.verifier });
    expect(reveal.statusCode).toBe(200);
    const content = await openShare(await shareKeysFrom(keys.secret), fromBase64(reveal.body.result.ciphertext));
    expect(content).toEqual({ kind: 'text', text: secret });

    const again = await visitor('claimVaultLink', { linkId, verifier: keys.verifier });
    expect(again.statusCode).toBe(404);
    expect(again.body.error.details).toEqual({ reason: 'opened' });
    expect(again.body.error.message).toMatch(/already opened/);
    expect((await visitor('getVaultLink', { linkId })).body.result).toMatchObject({
      status: 'opened',
      available: false,
    });
    const [stored] = (await vaultPartitionItems(linkId)).filter((item) => item.sk === 'LINK');
    expect(stored).not.toHaveProperty('ciphertext');
  });

  it('is not consumed by plain GETs of the link (mail scanners, chat previews): the page is served, no-store', async () => {
    const owner = signedInCaller(await analyst());
    const { linkId, keys } = await createShare(owner, { kind: 'text', text: 'prefetched' });
    const address = `${inject('localStack').appUrl}/vault/s/${linkId}`;
    for (const method of ['GET', 'HEAD', 'GET']) {
      const answer = await fetch(`${address}#k=${keys.secret}`, { method });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
      if (method === 'GET') expect(await answer.text()).toContain('<div id="root"></div>');
    }
    const reveal = await anonymousCaller()('claimVaultLink', { linkId, verifier: keys.verifier });
    expect(reveal.statusCode).toBe(200);
  });

  it('gives a one-view secret to exactly one of ten racing openers', async () => {
    const owner = signedInCaller(await analyst());
    const { linkId, keys } = await createShare(owner, { kind: 'text', text: 'race' });

    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        anonymousCaller(`203.0.113.${index + 10}`)('claimVaultLink', { linkId, verifier: keys.verifier }),
      ),
    );

    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 404)).toHaveLength(9);
    expect(answers.every((answer) => answer.statusCode < 500)).toBe(true);
  });

  it('serves a link of three views three times, then no more', async () => {
    const owner = signedInCaller(await analyst());
    const { linkId, keys } = await createShare(owner, { kind: 'text', text: 'thrice' }, { maxViews: 3 });
    const visitor = anonymousCaller();
    const left = [];
    for (let view = 0; view < 3; view += 1) {
      left.push((await visitor('claimVaultLink', { linkId, verifier: keys.verifier })).body.result.viewsLeft);
    }
    expect(left).toEqual([2, 1, 0]);
    expect((await visitor('claimVaultLink', { linkId, verifier: keys.verifier })).statusCode).toBe(404);
  });

  it('refuses a damaged or wrong key without consuming the link, and says the link is broken', async () => {
    const owner = signedInCaller(await analyst());
    const { linkId, keys } = await createShare(owner, { kind: 'text', text: 'still here' });
    const visitor = anonymousCaller();
    const wrong = await shareKeysFrom(toBase64Url(crypto.getRandomValues(new Uint8Array(32))));

    const denied = await visitor('claimVaultLink', { linkId, verifier: wrong.verifier });
    expect(denied.statusCode).toBe(400);
    expect(denied.body.error).toMatchObject({ status: 'INVALID_ARGUMENT', details: { reason: 'broken' } });
    expect(denied.body.error.message).toMatch(/broken/);
    const damaged = await visitor('claimVaultLink', { linkId, verifier: 'not a verifier' });
    expect(damaged.statusCode).toBe(400);

    const reveal = await visitor('claimVaultLink', { linkId, verifier: keys.verifier });
    expect(reveal.statusCode).toBe(200);
  });

  it('expires: after its time the landing says so and a reveal gets nothing', async () => {
    const owner = signedInCaller(await analyst());
    const { linkId, keys } = await createShare(owner, { kind: 'text', text: 'short-lived' }, { expiresIn: '1h' });
    const visitor = anonymousCaller();
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 3600_000 + 1000);

    expect((await visitor('getVaultLink', { linkId })).body.result).toMatchObject({
      status: 'expired',
      available: false,
    });
    const reveal = await visitor('claimVaultLink', { linkId, verifier: keys.verifier });
    expect(reveal.statusCode).toBe(404);
    expect(reveal.body.error.details).toEqual({ reason: 'expired' });
    const list = await owner('listVaultLinks', {});
    expect(list.body.result.items.find((row: { linkId: string }) => row.linkId === linkId).status).toBe('expired');
  });

  it('is revoked by its owner only; a revoked link reveals nothing', async () => {
    const user = await analyst();
    const owner = signedInCaller(user);
    const other = signedInCaller(await analyst());
    const { linkId, keys } = await createShare(owner, { kind: 'text', text: 'withdrawn' });

    expect((await other('revokeVaultLink', { linkId })).statusCode).toBe(404);
    const revoked = await owner('revokeVaultLink', { linkId });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.body.result.status).toBe('revoked');
    expect((await owner('revokeVaultLink', { linkId })).statusCode).toBe(409);

    const reveal = await anonymousCaller()('claimVaultLink', { linkId, verifier: keys.verifier });
    expect(reveal.body.error.details).toEqual({ reason: 'revoked' });
    const stored = (await vaultPartitionItems(linkId)).find((item) => item.sk === 'LINK');
    expect(stored).not.toHaveProperty('ciphertext');
  });

  it('stores neither the plaintext nor the key, before or after the reveal', async () => {
    const owner = signedInCaller(await analyst());
    const marker = `plaintext-marker-${crypto.randomUUID()}`;
    const file = utf8(`${marker}\n`.repeat(50));
    const { linkId, keys } = await createShare(owner, {
      kind: 'file',
      name: `scope-${marker}.txt`,
      type: 'text/plain',
      bytes: file,
    });
    const secretBytes = fromBase64(keys.secret.replace(/-/g, '+').replace(/_/g, '/') + '=');
    for (const moment of ['created', 'revealed']) {
      const items = await scanTable();
      expect(tableHolds(items, utf8(marker)), moment).toBe(false);
      expect(tableHolds(items, secretBytes), moment).toBe(false);
      expect(tableHolds(items, utf8(keys.secret)), moment).toBe(false);
      expect(tableHolds(items, utf8(keys.verifier)), moment).toBe(false);
      if (moment === 'created') {
        const reveal = await anonymousCaller()('claimVaultLink', { linkId, verifier: keys.verifier });
        const content = await openShare(keys, fromBase64(reveal.body.result.ciphertext));
        expect(content).toMatchObject({ kind: 'file', name: `scope-${marker}.txt`, bytes: file });
      }
    }
    // It reads the whole table twice (a Scan), which grows with every file run before it: more than the 30 s default.
  }, 120_000);

  it('refuses bad input with a clear message and writes nothing', async () => {
    const user = await analyst();
    const owner = signedInCaller(user);
    const good = { ciphertext: toBase64(new Uint8Array(64)), verifierHash: 'a'.repeat(64), expiresIn: '1h' };
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...good, expiresIn: '2h' }, /expiresIn: must be one of 1h, 1d, 7d/],
      [{ ...good, maxViews: 11 }, /maxViews: must be 1 to 10/],
      [{ ...good, maxViews: 0 }, /maxViews: must be 1 to 10/],
      [{ ...good, ciphertext: 'not base64!' }, /ciphertext: must be base64/],
      [{ ...good, ciphertext: toBase64(new Uint8Array(300 * 1024 + 3)) }, /ciphertext: must be at most 307200 bytes/],
      [{ ...good, verifierHash: 'xyz' }, /verifierHash/],
    ];
    for (const [input, message] of cases) {
      const answer = await owner('createVaultLink', input);
      expect(answer.statusCode, JSON.stringify(input).slice(0, 80)).toBe(400);
      expect(answer.body.error.message).toMatch(message);
    }
    expect((await owner('listVaultLinks', {})).body.result.items).toEqual([]);
    const visitor = anonymousCaller();
    expect((await visitor('getVaultLink', { linkId: '' })).statusCode).toBe(400);
    expect((await visitor('getVaultLink', { linkId: 'A'.repeat(22) })).statusCode).toBe(404);
  });

  it('lets an analyst name only a company they may open', async () => {
    const owner = signedInCaller(await analyst());
    const { answer } = await createShare(owner, { kind: 'text', text: 'x' }, { companySlug: 'acme' });
    expect(answer.statusCode).toBe(403);
    const senior = signedInCaller(await createTestUser({ userType: 'analyst', accessLevel: 7 }));
    const { answer: allowed } = await createShare(senior, { kind: 'text', text: 'x' }, { companySlug: 'acme' });
    expect(allowed.statusCode).toBe(200);
  });

  it('lists the owner’s links with their status, and the audit (level 9) holds every event without content', async () => {
    const user = await analyst();
    const owner = signedInCaller(user);
    const { linkId, keys } = await createShare(owner, { kind: 'text', text: 'audited' }, { label: 'Audit me' });
    const visitor = anonymousCaller('198.51.100.77');
    await visitor('getVaultLink', { linkId });
    await visitor('claimVaultLink', {
      linkId,
      verifier: (await shareKeysFrom(toBase64Url(new Uint8Array(32)))).verifier,
    });
    await visitor('claimVaultLink', { linkId, verifier: keys.verifier });

    const list = await owner('listVaultLinks', {});
    expect(list.body.result.items[0]).toMatchObject({ linkId, kind: 'share', status: 'opened', label: 'Audit me' });
    expect(JSON.stringify(list.body)).not.toMatch(/ciphertext|verifierHash/);

    expect((await owner('listVaultEvents', {})).statusCode).toBe(403);
    const admin = signedInCaller(await createTestUser({ userType: 'analyst', accessLevel: 9 }));
    const audit = await admin('listVaultEvents', { limit: 100 });
    const events = audit.body.result.items.filter((event: { linkId: string }) => event.linkId === linkId);
    expect(events.map((event: { event: string }) => event.event).sort()).toEqual(
      ['claim_denied', 'created', 'landing_viewed', 'revealed'].sort(),
    );
    expect(JSON.stringify(events)).not.toMatch(/198\.51\.100\.77|audited|Audit me/);
    expect(events.every((event: { addressKey: string }) => event.addressKey.length > 20)).toBe(true);
  });
});

describe('share links of files over 300 KB, through the bucket', () => {
  const s3 = new S3Client({ forcePathStyle: true });
  const bucket = () => process.env.UPLOADS_BUCKET!;
  const objectSize = async (linkId: string) => {
    try {
      return (await s3.send(new HeadObjectCommand({ Bucket: bucket(), Key: `vault/${linkId}` }))).ContentLength;
    } catch (error) {
      if ((error as Error).name === 'NotFound') return undefined;
      throw error;
    }
  };
  const objectBytes = async (linkId: string) => {
    const object = await s3.send(new GetObjectCommand({ Bucket: bucket(), Key: `vault/${linkId}` }));
    return object.Body!.transformToByteArray();
  };
  /** A file of random bytes with a recognisable marker in the middle. */
  const fileOf = (size: number, marker: string) => {
    const bytes = new Uint8Array(size);
    for (let offset = 0; offset < size; offset += 65_536) {
      crypto.getRandomValues(bytes.subarray(offset, Math.min(size, offset + 65_536)));
    }
    bytes.set(utf8(marker), size >> 1);
    return bytes;
  };
  const download = async (url: string) => {
    const answer = await fetch(new URL(url, inject('localStack').appUrl));
    return { status: answer.status, bytes: new Uint8Array(await answer.arrayBuffer()) };
  };

  it('keeps a 10 MB file as ciphertext in the bucket, hands it out once by a short link, then deletes it', async () => {
    const owner = signedInCaller(await analyst());
    const visitor = anonymousCaller();
    const marker = `payroll-${crypto.randomUUID()}`;
    const file = fileOf(10 * 1024 * 1024, marker);
    const { linkId, keys, answer, sealed } = await createShare(owner, {
      kind: 'file',
      name: `payroll-${marker}.xlsx`,
      type: 'application/octet-stream',
      bytes: file,
    });
    expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.result.upload.fields['x-amz-server-side-encryption']).toBe('AES256');

    // The table holds the link but no ciphertext; the bucket holds only ciphertext.
    const [link] = (await vaultPartitionItems(linkId)).filter((item) => item.sk === 'LINK');
    expect(link).toMatchObject({ objectKey: `vault/${linkId}`, size: sealed.byteLength, viewsLeft: 1 });
    expect(link!.ciphertext).toBeUndefined();
    expect(await objectSize(linkId)).toBe(sealed.byteLength);
    const stored = Buffer.from(await objectBytes(linkId));
    expect(stored.includes(Buffer.from(marker))).toBe(false);
    expect(stored.includes(Buffer.from(file.subarray(0, 4096)))).toBe(false);

    expect((await visitor('getVaultLink', { linkId })).body.result).toMatchObject({ available: true, viewsLeft: 1 });
    const reveal = await visitor('claimVaultLink', { linkId, verifier: keys.verifier });
    expect(reveal.statusCode, JSON.stringify(reveal.body)).toBe(200);
    expect(reveal.body.result.ciphertext).toBeUndefined();
    expect(reveal.body.result).toMatchObject({ viewsLeft: 0, download: { size: sealed.byteLength } });
    const fetched = await download(reveal.body.result.download.url);
    expect(fetched.status).toBe(200);
    const content = await openShare(await shareKeysFrom(keys.secret), fetched.bytes);
    expect(content).toMatchObject({ kind: 'file', name: `payroll-${marker}.xlsx` });
    expect(Buffer.compare(Buffer.from((content as { bytes: Uint8Array }).bytes), Buffer.from(file))).toBe(0);

    const again = await visitor('claimVaultLink', { linkId, verifier: keys.verifier });
    expect(again.statusCode).toBe(404);
    expect(again.body.error.details).toEqual({ reason: 'opened' });

    // The stack's cleanup queue delays 3 s here (90 s on AWS, past the 60-second link): then the object is gone.
    await vi.waitFor(async () => expect(await objectSize(linkId)).toBeUndefined(), { timeout: 20_000, interval: 500 });
    expect((await download(reveal.body.result.download.url)).status).toBe(404);
    expect(tableHolds(await scanTable(), utf8(marker))).toBe(false);
  });

  it('keeps the file for every view of a link of two, and deletes it after the last', async () => {
    const owner = signedInCaller(await analyst());
    const visitor = anonymousCaller();
    const file = fileOf(400 * 1024, 'two views');
    const { linkId, keys } = await createShare(
      owner,
      { kind: 'file', name: 'scope.pdf', type: 'application/pdf', bytes: file },
      { maxViews: 2 },
    );

    const first = await visitor('claimVaultLink', { linkId, verifier: keys.verifier });
    expect(first.body.result.viewsLeft).toBe(1);
    await delay(4000); // past the cleanup delay: nothing was queued for a view that is not the last
    expect(await objectSize(linkId)).toBeGreaterThan(400 * 1024);
    const second = await visitor('claimVaultLink', { linkId, verifier: keys.verifier });
    expect(second.body.result.viewsLeft).toBe(0);
    const content = await openShare(
      await shareKeysFrom(keys.secret),
      (await download(second.body.result.download.url)).bytes,
    );
    expect(content).toMatchObject({ kind: 'file', name: 'scope.pdf' });
    await vi.waitFor(async () => expect(await objectSize(linkId)).toBeUndefined(), { timeout: 20_000, interval: 500 });
  });

  it('deletes the file at once when its link is revoked', async () => {
    const owner = signedInCaller(await analyst());
    const { linkId, keys } = await createShare(owner, {
      kind: 'file',
      name: 'vpn.ovpn',
      type: 'application/octet-stream',
      bytes: fileOf(350 * 1024, 'revoked'),
    });
    expect(await objectSize(linkId)).toBeDefined();
    expect((await owner('revokeVaultLink', { linkId })).statusCode).toBe(200);
    expect(await objectSize(linkId)).toBeUndefined();
    const reveal = await anonymousCaller()('claimVaultLink', { linkId, verifier: keys.verifier });
    expect(reveal.statusCode).toBe(404);
    expect(reveal.body.error.details).toEqual({ reason: 'revoked' });
  });

  it('refuses sizes outside the bucket’s range, both or neither ciphertext, and an upload of another size', async () => {
    const owner = signedInCaller(await analyst());
    const good = { verifierHash: 'a'.repeat(64), expiresIn: '1h' };
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...good, ciphertextSize: 300 * 1024 }, /ciphertextSize: must be over 307200 bytes/],
      [{ ...good, ciphertextSize: 10 * 1024 * 1024 + 64 * 1024 + 1 }, /ciphertextSize: must be at most 10551296 bytes/],
      [{ ...good, ciphertextSize: 1.5e6 + 0.5 }, /ciphertextSize/],
      [{ ...good }, /ciphertext or ciphertextSize: give exactly one of them/],
      [
        { ...good, ciphertext: toBase64(new Uint8Array(64)), ciphertextSize: 400 * 1024 },
        /ciphertext or ciphertextSize: give exactly one of them/,
      ],
    ];
    for (const [input, message] of cases) {
      const answer = await owner('createVaultLink', input);
      expect(answer.statusCode, JSON.stringify(input)).toBe(400);
      expect(answer.body.error.message).toMatch(message);
    }
    expect((await owner('listVaultLinks', {})).body.result.items).toEqual([]);

    const made = await owner('createVaultLink', { ...good, ciphertextSize: 400 * 1024 });
    const linkId = made.body.result.linkId as string;
    expect(await postSealedUpload(made.body.result.upload, new Uint8Array(400 * 1024 + 1))).toBe(400);
    expect(await objectSize(linkId)).toBeUndefined();
  });
});

describe('the public vault calls', () => {
  it('are throttled per address: past the limit, 429 and nothing consumed', async () => {
    const saved = process.env.VAULT_IP_LIMIT;
    process.env.VAULT_IP_LIMIT = '3';
    resetConfigCache();
    try {
      const owner = signedInCaller(await analyst());
      const { linkId, keys } = await createShare(owner, { kind: 'text', text: 'throttled' });
      const hammering = anonymousCaller(`192.0.2.${Math.floor(Math.random() * 200) + 20}`);
      const answers = [];
      for (let i = 0; i < 4; i += 1) answers.push((await hammering('getVaultLink', { linkId })).statusCode);
      const refused = await hammering('claimVaultLink', { linkId, verifier: keys.verifier });

      expect(answers).toEqual([200, 200, 200, 429]);
      expect(refused.statusCode).toBe(429);
      expect(refused.body.error.message).toMatch(/Too many vault requests/);
      expect(
        (await anonymousCaller('192.0.2.5')('claimVaultLink', { linkId, verifier: keys.verifier })).statusCode,
      ).toBe(200);
    } finally {
      process.env.VAULT_IP_LIMIT = saved;
      resetConfigCache();
    }
  });
});

describe('request links', () => {
  it('takes one reply sealed to the analyst’s key, mails the analyst, and gives it to the asking analyst only', async () => {
    const user = await analyst();
    const owner = signedInCaller(user);
    const other = signedInCaller(await analyst());
    const keyPair = await newRequestKeyPair();
    const created = await owner('createVaultRequest', {
      publicKey: keyPair.publicKey,
      label: 'The VPN credentials from Acme',
      expiresIn: '1d',
    });
    expect(created.statusCode, JSON.stringify(created.body)).toBe(200);
    const { linkId, fingerprint } = created.body.result;
    expect(fingerprint).toBe(keyPair.fingerprint);

    const responder = anonymousCaller('203.0.113.50');
    const landing = await responder('getVaultLink', { linkId });
    expect(landing.body.result).toMatchObject({
      kind: 'request',
      status: 'waiting',
      available: true,
      label: 'The VPN credentials from Acme',
      publicKey: keyPair.publicKey,
    });
    const secret = `acme-vpn-${crypto.randomUUID()}`;
    const reply = await sealToRequest(linkId, landing.body.result.publicKey, fingerprint, {
      kind: 'text',
      text: secret,
    });
    const mailsBefore = (await mailsTo(user.email)).length;
    const fulfilled = await responder('fulfilVaultRequest', {
      linkId,
      ephemeralPublicKey: reply.ephemeralPublicKey,
      ciphertext: toBase64(reply.ciphertext),
    });
    expect(fulfilled.statusCode, JSON.stringify(fulfilled.body)).toBe(200);

    // Once only.
    const second = await responder('fulfilVaultRequest', {
      linkId,
      ephemeralPublicKey: reply.ephemeralPublicKey,
      ciphertext: toBase64(reply.ciphertext),
    });
    expect(second.statusCode).toBe(404);
    expect(second.body.error.details).toEqual({ reason: 'fulfilled' });

    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(mailsBefore + 1);
    expect(mails[mailsBefore]!.subject).toMatch(/vault request was answered/);
    expect(JSON.stringify(mails[mailsBefore])).not.toContain(secret);
    expect(tableHolds(await scanTable(), utf8(secret))).toBe(false);

    const stranger = await other('collectVaultRequest', { linkId });
    expect(stranger.statusCode).toBe(403);
    const collected = await owner('collectVaultRequest', { linkId });
    expect(collected.statusCode).toBe(200);
    const content = await openRequestReply(linkId, keyPair.privateKey, {
      ephemeralPublicKey: collected.body.result.ephemeralPublicKey,
      ciphertext: fromBase64(collected.body.result.ciphertext),
    });
    expect(content).toEqual({ kind: 'text', text: secret });
    expect((await owner('collectVaultRequest', { linkId })).statusCode).toBe(409);
    const row = (await owner('listVaultLinks', {})).body.result.items.find(
      (item: { linkId: string }) => item.linkId === linkId,
    );
    expect(row.status).toBe('collected');
  });

  it('the responder refuses a served key whose fingerprint is not the link’s', async () => {
    const asked = await newRequestKeyPair();
    const swapped = await newRequestKeyPair();
    await expect(
      sealToRequest('A'.repeat(22), swapped.publicKey, asked.fingerprint, { kind: 'text', text: 'no' }),
    ).rejects.toBeInstanceOf(FingerprintMismatchError);
  });

  it('refuses a key that is no P-256 public key, and a revoked request takes no reply', async () => {
    const owner = signedInCaller(await analyst());
    const bad = await owner('createVaultRequest', { publicKey: 'A'.repeat(122), label: 'x', expiresIn: '1h' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body.error.message).toMatch(/publicKey: must be an ECDH P-256 public key/);

    const keyPair = await newRequestKeyPair();
    const { linkId, fingerprint } = (
      await owner('createVaultRequest', { publicKey: keyPair.publicKey, label: 'Scope file', expiresIn: '1h' })
    ).body.result;
    expect((await owner('revokeVaultLink', { linkId })).statusCode).toBe(200);
    const reply = await sealToRequest(linkId, keyPair.publicKey, fingerprint, { kind: 'text', text: 'late' });
    const answer = await anonymousCaller()('fulfilVaultRequest', {
      linkId,
      ephemeralPublicKey: reply.ephemeralPublicKey,
      ciphertext: toBase64(reply.ciphertext),
    });
    expect(answer.body.error.details).toEqual({ reason: 'revoked' });
  });
});

describe('the demo data', () => {
  it('shows analyst@example.com a waiting and an opened share link and a waiting request, seeded once', async () => {
    const demo = await findUserByEmail('analyst@example.com');
    expect(demo).toBeDefined();
    await seedDemoVault({ uid: demo!.uid, email: demo!.email });
    const rows = await listMyVaultLinks({ uid: demo!.uid } as never, { limit: 50 });
    const demoRows = rows.items.filter((row) => row.label?.startsWith('Demo: '));
    expect(demoRows.map((row) => `${row.kind} ${row.status}`).sort()).toEqual([
      'request waiting',
      'share opened',
      'share waiting',
    ]);
  });
});
