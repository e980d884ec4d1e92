// Help of /admin/company/integrations (Integrations).
import HelpPanel from '@cloudscape-design/components/help-panel';
import { menuLevels } from '../../../../../../lambdas/kernel/access/rules';

export function IntegrationsHelp() {
  return (
    <HelpPanel header={<h2>Integrations</h2>}>
      <p>
        Webhooks send the selected company&apos;s finding events to the tools its people work in. People with access
        level {menuLevels.administration} and above keep them.
      </p>
      <ul>
        <li>
          <strong>Signed JSON</strong> follows the Standard Webhooks specification: verify each message with its secret
          (shown once, when the endpoint is added or its secret rotated). After a rotation the old secret still signs
          for 24 hours.
        </li>
        <li>
          <strong>Slack</strong> and <strong>Teams</strong> post a readable message to an incoming webhook of a channel.
        </li>
        <li>
          Messages carry what the company&apos;s users see of a finding and a link to it, never an unpublished finding.
          A message not answered within 15 seconds is tried again, up to eight times over about a day; after five days
          of failures the endpoint is turned off and the administrators are mailed.
        </li>
        <li>Only public https addresses are accepted.</li>
      </ul>
    </HelpPanel>
  );
}
