// The demo's scans as a newcomer meets them after `npm start`: real scanner outputs, with no placeholder of the
// tools' published examples left in what the pages show (Prowler's `<account_uid>`, `<region>`, `<resource_name>`).
import { describe, expect, it } from 'vitest';
import { signedInCaller } from '../support/signed-in-call.js';
import { createTestUser } from '../support/users.js';

const placeholder = /<[a-z_]+>/;

describe('the demo cloud scans', () => {
  it.each([
    ['acme', 'eu-central-1'],
    ['globex', 'globex-plant-prod'],
  ])('%s: findings name real-looking accounts, regions and resources', async (slug, expected) => {
    const analyst = signedInCaller(await createTestUser({ userType: 'analyst', accessLevel: 7 }));
    const listed = await analyst('listFindings', { slug, service: 'cloud', limit: 100 });
    expect(listed.statusCode).toBe(200);
    const findings = listed.body.result.findings as Array<{ id: string; title: string; asset: { name: string } }>;
    expect(findings.length).toBeGreaterThan(0);
    for (const finding of findings) {
      expect(finding.asset.name, finding.title).not.toMatch(placeholder);
      expect(finding.title).not.toMatch(placeholder);
    }
    const detail = await analyst('getFinding', { slug, service: 'cloud', findingId: findings[0]!.id });
    expect(detail.statusCode).toBe(200);
    const text = JSON.stringify(detail.body.result);
    expect(text).not.toMatch(/<(account_uid|account_name|region|resource_name|resource_id|project_id|tenant_uid)>/);
    expect(text).toContain(expected);
  });
});
