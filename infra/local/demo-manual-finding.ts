// The demo's manual finding: what an analyst found by hand during Acme's network test, written with New finding's
// function (createManualFinding), published, with two pieces of evidence: the login request and its answer, its
// credentials and session cookie masked, shown to customers, and the analyst's own notes, kept for the analysts.
// Through the same domain functions the calls run. Runs once: nothing is done when Acme's network service holds a
// manual finding already.
import { getFindingItem, queryFindings } from '../../lambdas/kernel/data/entities/findings.js';
import type { EventActor } from '../../lambdas/kernel/events/events.js';
import { updateFindingFieldAs } from '../../lambdas/kernel/findings/finding-curation.js';
import { addEvidenceAs } from '../../lambdas/kernel/findings/finding-evidence.js';
import { fieldVersionOf } from '../../lambdas/kernel/findings/finding-fields.js';
import { createManualFinding, readManualFindingContext } from '../../lambdas/kernel/findings/manual-findings.js';
import { manualSource, type CreateFindingInput } from '../../lambdas/contracts/manual-findings.js';

const slug = 'acme';
const service = 'network';

/** Its title, which the demo's tests look for. */
export const demoManualFindingTitle = 'Router administration console accepts the vendor’s default password';

const finding: CreateFindingInput = {
  slug,
  service,
  title: demoManualFindingTitle,
  severity: 'high',
  asset: '192.168.1.101',
  description: [
    'The web administration console of the router at 192.168.1.101 (HTTPS, port 443) accepts the vendor’s factory ' +
      'credentials, **admin / admin**. Anyone on the office network can sign in as its administrator and:',
    '',
    '- read and change the firewall rules and port forwards;',
    '- capture the traffic of every host behind it;',
    '- replace its firmware.',
    '',
    'Found by hand during the network test: no scanner tries the credentials of this model.',
  ].join('\n'),
  remediation: [
    '1. Set a long, unique administrator password and keep it in the password manager.',
    '2. Allow the console only from the management VLAN, then ask for a retest.',
  ].join('\n'),
};

const loginExchange = [
  'POST /cgi-bin/login HTTP/1.1',
  'Host: 192.168.1.101',
  'Authorization: Basic YWRtaW46YWRtaW4=',
  'Content-Type: application/x-www-form-urlencoded',
  '',
  'username=admin&password=admin',
  '',
  'HTTP/1.1 302 Found',
  'Location: /cgi-bin/status',
  'Set-Cookie: session=5f0c2a9e7b1d4c3f8a6e2b9d0c7f1a34; Secure; HttpOnly',
].join('\n');

const analystNotes = [
  'Tried from the office network (VLAN 10), 14:05 Berlin time.',
  'The console also answers on port 80 and redirects to HTTPS.',
  'Firmware 2.1.7 (2019); the vendor fixed nothing here since: the default password is the issue.',
].join('\n');

export async function seedDemoManualFinding(analyst: EventActor): Promise<void> {
  const { items } = await queryFindings(slug, service, { descending: true, limit: 1000 });
  if (items.some((item) => item.source === manualSource)) return;
  const { findingId } = await createManualFinding(analyst, finding, await readManualFindingContext(finding));
  const ref = { slug, service, findingId } as const;
  const created = await getFindingItem(slug, service, findingId, true);
  if (!created) return;
  await updateFindingFieldAs(analyst, {
    ...ref,
    field: 'published',
    value: true,
    expectedVersion: fieldVersionOf(created, 'published'),
  });
  await addEvidenceAs(analyst, {
    ...ref,
    kind: 'http',
    text: loginExchange,
    caption: 'Signing in with the factory credentials',
    customerVisible: true,
    mask: ['basic', 'cookie', 'password'],
  });
  await addEvidenceAs(analyst, {
    ...ref,
    kind: 'text',
    text: analystNotes,
    caption: 'Test notes',
    customerVisible: false,
  });
}
