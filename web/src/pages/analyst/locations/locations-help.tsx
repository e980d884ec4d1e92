// Help of /analyst/locations (Manage locations).
import HelpPanel from '@cloudscape-design/components/help-panel';
import { menuLevels } from '../../../../../lambdas/kernel/access/rules';

export function LocationsHelp() {
  return (
    <HelpPanel header={<h2>Locations</h2>}>
      <p>
        Where a company&apos;s scans run from: a hosted cloud region, a customer site, a network segment or a VPC, for
        analysts of access level {menuLevels.locations}.
      </p>
      <ul>
        <li>Ranges are CIDR blocks (10.20.0.0/16, 2001:db8::/48), written from their first address.</li>
        <li>Exclusions are blocks inside the ranges that are never scanned.</li>
        <li>
          Within one network no two locations may share addresses. Two sites that use the same private ranges are
          separate networks: give one of them a network name of its own.
        </li>
        <li>The scan window limits when scans of the location run; without one they run at any time.</li>
        <li>
          The default location is where a scan runs when none is named. A company&apos;s first location is its default.
        </li>
      </ul>
    </HelpPanel>
  );
}
