// CVSS vectors on findings through the calls, against the local stack: the tool's 3.1 vector shown with the
// score computed from it, an analyst's vector replacing it through updateFinding (on that field's version) and
// clearing back to it, both views and the export columns reading the same, customers reading published findings
// only, and bad vectors refused naming the field with nothing written.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCompanyAs } from '../../lambdas/kernel/companies/company-admin.js';
import { getFindingItem } from '../../lambdas/kernel/data/entities/findings.js';
import { exportColumns } from '../../lambdas/kernel/exports/export-columns.js';
import { visibleFinding } from '../../lambdas/kernel/findings/finding-visibility.js';
import { seedFindings } from '../support/seed-findings.js';
import { signedInCaller } from '../support/signed-in-call.js';
import { createTestUser } from '../support/users.js';

type Caller = ReturnType<typeof signedInCaller>;
const run = randomUUID().slice(0, 8);
const slug = `cvss-${run}`;
const service = 'dast';
let analyst: Caller;
let customer: Caller;

/** nuclei's cvss-metrics of a finding, as the import stores them (`cvss`). */
const toolCvss = { score: 5.3, vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N', version: '3.1' };
const critical31 = 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H';
const critical40 = 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N';

const edit = (findingId: string, field: string, value: unknown, expectedVersion: number) =>
  analyst('updateFinding', { slug, service, findingId, field, value, expectedVersion });

async function read(as: Caller, findingId: string) {
  const answer = await as('getFinding', { slug, service, findingId });
  expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result;
}

/** The export's cells of these columns for a stored finding, as the viewer's export writes them. */
async function exportCells(findingId: string, viewer: 'analyst' | 'customer', headers: string[]) {
  const item = await getFindingItem(slug, service, findingId, true);
  const shown = visibleFinding(viewer, item!)!;
  const columns = exportColumns(viewer);
  return Object.fromEntries(
    headers.map((header) => [header, columns.find((column) => column.header === header)!.value(shown)]),
  );
}

beforeAll(async () => {
  await createCompanyAs(
    { uid: 'test', email: 'test' },
    { slug, companyName: `CVSS ${run}`, flags: { enableDast: true } },
  );
  analyst = signedInCaller(await createTestUser({ userType: 'analyst', accessLevel: 7 }));
  customer = signedInCaller(await createTestUser({ userType: 'customer', accessLevel: 3, companies: [slug] }));
});

describe('CVSS vectors of a finding', () => {
  it("shows the tool's vector, replaces it with the analyst's on both views and in exports, and clears back", async () => {
    const [id] = await seedFindings({ slug, service, count: 1, published: true, fields: { cvss: toolCvss } });
    const before = await read(analyst, id!);
    expect(before.cvss31).toEqual({ vector: toolCvss.vector, score: 5.3, source: 'tool' });
    expect(before.cvss40).toBeUndefined();
    expect(before.fieldVersions).toMatchObject({ cvss31: 0, cvss40: 0 });

    // Metrics in any order are stored in the specification's; the score is the server's.
    const reordered = 'CVSS:3.1/A:H/I:H/C:H/S:U/UI:N/PR:N/AC:L/AV:N';
    expect((await edit(id!, 'cvss31', reordered, 0)).body).toEqual({ result: { version: 1 } });
    expect((await edit(id!, 'cvss40', critical40, 0)).body).toEqual({ result: { version: 1 } });

    const analystView = await read(analyst, id!);
    expect(analystView).toMatchObject({
      cvss31: { vector: critical31, score: 9.8, source: 'analyst' },
      cvss40: { vector: critical40, score: 9.3, source: 'analyst' },
      toolCvss31: { vector: toolCvss.vector, score: 5.3 },
      cvss: toolCvss,
      fieldVersions: { cvss31: 1, cvss40: 1 },
    });
    expect(analystView.edits).toEqual([
      expect.objectContaining({ field: 'cvss31', before: null, after: critical31 }),
      expect.objectContaining({ field: 'cvss40', before: null, after: critical40 }),
    ]);

    const customerView = await read(customer, id!);
    expect(customerView.cvss31).toEqual({ vector: critical31, score: 9.8 });
    expect(customerView.cvss40).toEqual({ vector: critical40, score: 9.3 });
    expect(customerView).not.toHaveProperty('analystCvss31');
    expect(customerView).not.toHaveProperty('toolCvss31');
    const rows = await customer('listFindings', { slug, service });
    expect(rows.body.result.findings.find((row: { id: string }) => row.id === id)?.cvssScore).toBe(9.8);

    const headers = ['CVSS 3.1 vector', 'CVSS 3.1 score', 'CVSS 4.0 vector', 'CVSS 4.0 score'];
    const cells = { 'CVSS 3.1 vector': critical31, 'CVSS 3.1 score': 9.8, 'CVSS 4.0 vector': critical40 };
    expect(await exportCells(id!, 'customer', headers)).toEqual({ ...cells, 'CVSS 4.0 score': 9.3 });
    expect(await exportCells(id!, 'analyst', headers)).toEqual({ ...cells, 'CVSS 4.0 score': 9.3 });

    // Cleared: the tool's 3.1 vector again; the tool gave no 4.0 one.
    expect((await edit(id!, 'cvss31', null, 1)).body).toEqual({ result: { version: 2 } });
    expect((await edit(id!, 'cvss40', '', 1)).body).toEqual({ result: { version: 2 } });
    const cleared = await read(customer, id!);
    expect(cleared.cvss31).toEqual({ vector: toolCvss.vector, score: 5.3 });
    expect(cleared.cvss40).toBeUndefined();
    expect(await exportCells(id!, 'customer', headers)).toEqual({
      'CVSS 3.1 vector': toolCvss.vector,
      'CVSS 3.1 score': 5.3,
      'CVSS 4.0 vector': undefined,
      'CVSS 4.0 score': undefined,
    });
  });

  it('keeps an unpublished finding’s vectors from customers', async () => {
    const [id] = await seedFindings({ slug, service, count: 1 });
    expect((await edit(id!, 'cvss31', critical31, 0)).statusCode).toBe(200);
    expect((await read(analyst, id!)).cvss31).toMatchObject({ score: 9.8 });
    const denied = await customer('getFinding', { slug, service, findingId: id });
    expect(denied.statusCode).toBe(404);
    const rows = await customer('listFindings', { slug, service });
    expect(rows.body.result.findings.map((row: { id: string }) => row.id)).not.toContain(id);
  });

  it('refuses a vector on a stale version with the stored one', async () => {
    const [id] = await seedFindings({ slug, service, count: 1 });
    await edit(id!, 'cvss31', critical31, 0);
    const stale = await edit(id!, 'cvss31', 'CVSS:3.1/AV:L/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', 0);
    expect(stale.statusCode).toBe(409);
    expect(stale.body.error).toMatchObject({
      status: 'ABORTED',
      details: { field: 'cvss31', value: critical31, version: 1 },
    });
    expect((await read(analyst, id!)).cvss31).toEqual({ vector: critical31, score: 9.8, source: 'analyst' });
  });

  it('refuses bad vectors naming the field, and a score from the caller, with nothing written', async () => {
    const [id] = await seedFindings({ slug, service, count: 1, fields: { cvss: toolCvss } });
    const stored = await getFindingItem(slug, service, id!, true);
    const refusals: Array<[string, unknown, string]> = [
      ['cvss31', 'CVSS:3.1/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', 'cvss31: expected a CVSS 3.1 base vector, AV is missing'],
      ['cvss31', critical40, 'cvss31: expected a CVSS 3.1 base vector, starting with CVSS:3.1/'],
      [
        'cvss40',
        'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N/SA:H',
        'cvss40: expected a CVSS 4.0 base vector, SA is given twice',
      ],
      ['cvss31', { vector: critical31, score: 1 }, 'value:'],
    ];
    for (const [field, value, message] of refusals) {
      const answer = await edit(id!, field, value, 0);
      expect(answer.statusCode, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.error.status).toBe('INVALID_ARGUMENT');
      expect(answer.body.error.message).toContain(message);
    }
    expect(await getFindingItem(slug, service, id!, true)).toEqual(stored);
    expect((await read(analyst, id!)).cvss31).toEqual({ vector: toolCvss.vector, score: 5.3, source: 'tool' });
  });
});
