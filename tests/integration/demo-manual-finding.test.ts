// The demo's manual finding as a newcomer meets it after `npm start`: on Acme's network report, published, with the
// login exchange as customer-visible evidence (its credentials and cookie masked) and the analyst's notes kept for
// the analysts.
import { describe, expect, it } from 'vitest';
import { demoManualFindingTitle } from '../../infra/local/demo-manual-finding.js';
import { signedInCaller } from '../support/signed-in-call.js';
import { createDemoLookalike, createTestUser } from '../support/users.js';

type Row = { id: string; title: string; source?: string };
type Evidence = { kind: string; caption?: string; text?: string; customerVisible: boolean; addedBy?: string };

async function demoFindingAs(caller: ReturnType<typeof signedInCaller>) {
  const listed = await caller('listFindings', {
    slug: 'acme',
    service: 'network',
    limit: 100,
    filter: { text: 'router administration' },
  });
  expect(listed.statusCode).toBe(200);
  const row = (listed.body.result.findings as Row[]).find((finding) => finding.title === demoManualFindingTitle);
  expect(row, 'the demo manual finding is listed').toBeDefined();
  const detail = await caller('getFinding', { slug: 'acme', service: 'network', findingId: row!.id });
  expect(detail.statusCode).toBe(200);
  return detail.body.result as { title: string; severity: string; description: string; evidenceItems: Evidence[] };
}

describe('the demo manual finding', () => {
  it("a customer of Acme reads it on the network report, with the login exchange masked and not the analyst's notes", async () => {
    const manager = signedInCaller(await createDemoLookalike('manager@acme.example'));
    const finding = await demoFindingAs(manager);
    expect(finding.severity).toBe('high');
    expect(finding.description).toContain('**admin / admin**');
    expect(finding.evidenceItems.map((piece) => [piece.kind, piece.caption])).toEqual([
      ['http', 'Signing in with the factory credentials'],
    ]);
    const exchange = finding.evidenceItems[0]!;
    expect(exchange.text).toContain('POST /cgi-bin/login');
    expect(exchange.text).not.toContain('YWRtaW46YWRtaW4=');
    expect(exchange.text).not.toContain('5f0c2a9e7b1d4c3f8a6e2b9d0c7f1a34');
    expect(exchange.addedBy).toBeUndefined();
  });

  it('an analyst reads both pieces, the notes kept from customers', async () => {
    const analyst = signedInCaller(await createTestUser({ userType: 'analyst', accessLevel: 7 }));
    const finding = await demoFindingAs(analyst);
    expect(finding.evidenceItems.map((piece) => [piece.caption, piece.customerVisible])).toEqual([
      ['Signing in with the factory credentials', true],
      ['Test notes', false],
    ]);
  });
});
