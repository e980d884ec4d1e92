// Help of /admin/dast (DAST keys).
import HelpPanel from '@cloudscape-design/components/help-panel';
import { menuLevels } from '../../../../../lambdas/kernel/access/rules';

export function DastKeysHelp() {
  return (
    <HelpPanel header={<h2>DAST keys</h2>}>
      <p>
        API keys that let a pipeline trigger DAST scans of the company&apos;s applications and read their status, for
        users of access level {menuLevels.dastKeys} whose company has DAST triggering turned on.
      </p>
      <ul>
        <li>A key is shown once, when it is made. Copy it into your pipeline&apos;s secret store.</li>
        <li>Keys start with spdk_, so secret scanners recognise a leaked one; a mistyped key is refused at once.</li>
        <li>Scopes limit what a key may do. Reading results is off unless you choose it.</li>
        <li>Allowed targets are the URLs and hosts the key may scan.</li>
        <li>Every key expires: after 90 days unless you choose otherwise, after 365 days at most.</li>
        <li>Roll a key to replace it: the old key keeps working for the grace period you choose.</li>
        <li>Revoke a key to stop it at once. Turning DAST triggering off for the company stops every key.</li>
        <li>A key may make 60 requests a minute; beyond that the API answers 429 with Retry-After.</li>
      </ul>
      <h3>Scans</h3>
      <ul>
        <li>A company runs at most five scans at once (queued or running); a sixth trigger answers 429.</li>
        <li>Cancel a queued or running scan to free its place; its agent stops at its next heartbeat.</li>
        <li>A scan no agent picks up within 24 hours expires.</li>
        <li>A running scan fails when its agent misses three heartbeats or is revoked; the reason is shown.</li>
      </ul>
    </HelpPanel>
  );
}
