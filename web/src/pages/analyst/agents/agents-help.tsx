// Help of /analyst/agents (Manage agents).
import HelpPanel from '@cloudscape-design/components/help-panel';
import { menuLevels } from '../../../../../lambdas/kernel/access/rules';

export function AgentsHelp() {
  return (
    <HelpPanel header={<h2>Agents</h2>}>
      <p>
        Scanning agents run inside a company&apos;s network, at one of its locations, for analysts of access level{' '}
        {menuLevels.agents}. They only call out to the portal: a heartbeat every minute and a pull for scan jobs.
      </p>
      <ul>
        <li>
          Add agent makes a one-time enrollment token for a location (valid up to 24 hours; one use, or several for a
          roll-out) and the commands that download the agent (one file, with its SHA-256 to check), enroll it and run
          it; the host needs Node 20 or later. The token is shown once.
        </li>
        <li>
          Status: pending until the first heartbeat; online; stale after an hour without one; offline after seven days;
          unlinked once revoked.
        </li>
        <li>Rotate credential gives the agent a new credential, shown once; the old one stops working at once.</li>
        <li>Move makes the agent serve another location; Unlink revokes it for good.</li>
      </ul>
    </HelpPanel>
  );
}
