// A finding's evidence: an image and a file uploaded through a presigned POST as scan files are, a text and an HTTP
// request/response kept inline (secrets masked on request), each customer-visible only when an analyst marks it
// so. Limits: a file over 10 MB, a type not allowed, a file that is not the image it claims, a text over 64 KB are
// INVALID_ARGUMENT naming the field, and nothing is stored; a stale version is ABORTED.
import { randomUUID } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createCompanyAs } from '../../lambdas/kernel/companies/company-admin.js';
import { dynamoDbRequestsOf } from '../support/dynamodb-requests.js';
import { signedInCaller } from '../support/signed-in-call.js';
import { createTestUser } from '../support/users.js';

type Caller = ReturnType<typeof signedInCaller>;
const { appUrl } = inject('localStack');
const stamp = randomUUID().slice(0, 8);
const slug = `evidence-${stamp}`;
const as: Record<string, Caller> = {};
let findingId: string;

/** A 2×2 PNG, made here. */
function smallPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header[8] = 8;
  header[9] = 2;
  const rows = Buffer.from([0, 255, 0, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const scope = () => ({ slug, service: 'dast', findingId });

/** Creates the upload, posts the bytes; answers the evidence id and the upload's status. */
async function upload(
  kind: 'image' | 'file',
  fileName: string,
  contentType: string,
  bytes: Buffer,
): Promise<{ evidenceId: string; version: number; status: number }> {
  const created = await as.analyst!('createEvidenceUpload', {
    ...scope(),
    kind,
    fileName,
    contentType,
    contentLength: bytes.length,
  });
  expect(created.statusCode, JSON.stringify(created.body)).toBe(200);
  const { evidenceId, version, upload: form } = created.body.result;
  const body = new FormData();
  for (const [field, value] of Object.entries(form.fields as Record<string, string>)) body.append(field, value);
  body.append('file', new Blob([new Uint8Array(bytes)]), fileName);
  const posted = await fetch(new URL(form.url, appUrl), { method: 'POST', body });
  return { evidenceId, version, status: posted.status };
}

async function evidenceAs(caller: Caller) {
  const answer = await caller('getFinding', scope());
  expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result.evidenceItems as Array<Record<string, any>>;
}

beforeAll(async () => {
  await createCompanyAs(
    { uid: 'test', email: 'test' },
    { slug, companyName: `Evidence ${stamp}`, flags: { enableDast: true } },
  );
  as.analyst = signedInCaller(await createTestUser({ userType: 'analyst', accessLevel: 7 }));
  as.manager = signedInCaller(await createTestUser({ userType: 'customer', accessLevel: 3, companies: [slug] }));
  const created = await as.analyst('createFinding', {
    slug,
    service: 'dast',
    title: 'Session token in the URL',
    severity: 'medium',
    asset: `url:https://evidence-${stamp}.example`,
  });
  findingId = created.body.result.findingId;
  const detail = await as.analyst('getFinding', scope());
  await as.analyst('updateFinding', {
    ...scope(),
    field: 'published',
    value: true,
    expectedVersion: detail.body.result.fieldVersions.published,
  });
});

describe('evidence', () => {
  it('adds an image and an HTTP exchange; customers see only the customer-visible ones, the image through its link', async () => {
    const png = smallPng();
    const image = await upload('image', 'login.png', 'image/png', png);
    expect(image.status).toBeLessThan(300);
    const added = await dynamoDbRequestsOf(() =>
      as.analyst!('addEvidence', {
        ...scope(),
        evidenceId: image.evidenceId,
        caption: 'The token in the address bar',
        customerVisible: true,
        expectedVersion: image.version,
      }),
    );
    expect(added.result.statusCode, JSON.stringify(added.result.body)).toBe(200);
    expect(added.requests.length).toBeLessThanOrEqual(3);

    const exchange = await as.analyst!('addEvidence', {
      ...scope(),
      kind: 'http',
      text: 'GET /account?session=abc HTTP/1.1\nHost: shop.example\nAuthorization: Bearer s3cr3t-token\n\nHTTP/1.1 200 OK',
      customerVisible: true,
      mask: ['bearer'],
    });
    expect(exchange.statusCode, JSON.stringify(exchange.body)).toBe(200);
    expect(exchange.body.result.masked).toBe(1);
    const note = await as.analyst!('addEvidence', {
      ...scope(),
      kind: 'text',
      text: 'Analysts only: reproduced with the admin account.',
      customerVisible: false,
    });
    expect(note.statusCode).toBe(200);

    const analystView = await evidenceAs(as.analyst!);
    expect(analystView.map((piece) => piece.kind)).toEqual(['image', 'http', 'text']);
    const customerView = await evidenceAs(as.manager!);
    expect(customerView.map((piece) => piece.kind)).toEqual(['image', 'http']);
    expect(customerView[1]!.text).toContain('Authorization: Bearer [masked]');
    expect(JSON.stringify(customerView)).not.toContain('s3cr3t-token');
    expect(customerView[0]).not.toHaveProperty('addedBy');
    // The image's link answers the PNG, as an attachment of its checked type.
    const fetched = await fetch(new URL(customerView[0]!.url, appUrl));
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toBe('image/png');
    expect(fetched.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(png)).toBe(true);
  });

  it('hides and masks on request, on the version read', async () => {
    const added = await as.analyst!('addEvidence', {
      ...scope(),
      kind: 'text',
      text: 'password=Winter2026! cookie test',
      customerVisible: true,
    });
    const { evidenceId, version } = added.body.result;
    const masked = await as.analyst!('updateEvidence', {
      ...scope(),
      evidenceId,
      customerVisible: true,
      mask: ['password'],
      expectedVersion: version,
    });
    expect(masked.statusCode, JSON.stringify(masked.body)).toBe(200);
    expect(masked.body.result).toEqual({ version: version + 1, masked: 1 });
    const stale = await as.analyst!('updateEvidence', {
      ...scope(),
      evidenceId,
      customerVisible: false,
      expectedVersion: version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.body.error.status).toBe('ABORTED');
    const hidden = await as.analyst!('updateEvidence', {
      ...scope(),
      evidenceId,
      customerVisible: false,
      expectedVersion: version + 1,
    });
    expect(hidden.statusCode).toBe(200);
    const customerView = await evidenceAs(as.manager!);
    expect(customerView.map((piece) => piece.evidenceId)).not.toContain(evidenceId);
    const analystView = await evidenceAs(as.analyst!);
    expect(analystView.find((piece) => piece.evidenceId === evidenceId)!.text).toBe('password=[masked] cookie test');

    const removed = await as.analyst!('removeEvidence', { ...scope(), evidenceId, expectedVersion: version + 2 });
    expect(removed.statusCode).toBe(200);
    expect((await evidenceAs(as.analyst!)).map((piece) => piece.evidenceId)).not.toContain(evidenceId);
  });

  it('refuses a file over 10 MB, a type not allowed, a fake image and a text over 64 KB, storing nothing', async () => {
    // What is stored (links are signed anew on every read).
    const stored = async () =>
      (await evidenceAs(as.analyst!)).map(({ evidenceId, version, text }) => ({ evidenceId, version, text }));
    const before = await stored();
    const tooLarge = await as.analyst!('createEvidenceUpload', {
      ...scope(),
      kind: 'file',
      fileName: 'capture.pcap',
      contentType: 'application/vnd.tcpdump.pcap',
      contentLength: 10 * 1024 * 1024 + 1,
    });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.body.error.message).toContain('contentLength');
    const html = await as.analyst!('createEvidenceUpload', {
      ...scope(),
      kind: 'file',
      fileName: 'page.html',
      contentType: 'text/html',
      contentLength: 100,
    });
    expect(html.statusCode).toBe(400);
    expect(html.body.error.message).toContain('contentType');
    const gif = await as.analyst!('createEvidenceUpload', {
      ...scope(),
      kind: 'image',
      fileName: 'x.gif',
      contentType: 'image/gif',
      contentLength: 100,
    });
    expect(gif.statusCode).toBe(400);
    expect(gif.body.error.message).toContain('contentType');

    // A file posted as a PNG that is not one: refused when added, never shown.
    const fake = await upload('image', 'fake.png', 'image/png', Buffer.from('<script>alert(1)</script>'));
    const addedFake = await as.analyst!('addEvidence', {
      ...scope(),
      evidenceId: fake.evidenceId,
      customerVisible: true,
      expectedVersion: fake.version,
    });
    expect(addedFake.statusCode).toBe(400);
    expect(addedFake.body.error.message).toContain('contentType');

    // More bytes than announced: the upload itself is refused (the policy fixes the size).
    const created = await as.analyst!('createEvidenceUpload', {
      ...scope(),
      kind: 'file',
      fileName: 'notes.txt',
      contentType: 'text/plain',
      contentLength: 10,
    });
    const form = new FormData();
    for (const [field, value] of Object.entries(created.body.result.upload.fields as Record<string, string>)) {
      form.append(field, value);
    }
    form.append('file', new Blob(['x'.repeat(11)]), 'notes.txt');
    const posted = await fetch(new URL(created.body.result.upload.url, appUrl), { method: 'POST', body: form });
    expect(posted.status).toBe(400);

    const longText = await as.analyst!('addEvidence', {
      ...scope(),
      kind: 'text',
      text: 'x'.repeat(64 * 1024 + 1),
      customerVisible: false,
    });
    expect(longText.statusCode).toBe(400);
    expect(longText.body.error.message).toContain('text');
    expect(await stored()).toEqual(before);
  });

  it('is refused to customers', async () => {
    const answer = await as.manager!('addEvidence', { ...scope(), kind: 'text', text: 'x', customerVisible: true });
    expect(answer.statusCode).toBe(403);
  });
});
