// Help of /admin/keys_email (E-mail keys).
import HelpPanel from '@cloudscape-design/components/help-panel';
import { menuLevels } from '../../../../../lambdas/kernel/access/rules';

export function MailIdentitiesHelp() {
  return (
    <HelpPanel header={<h2>E-mail keys</h2>}>
      <p>
        The identities the platform sends mail from, for platform administrators (access level {menuLevels.emailKeys}).
      </p>
      <ul>
        <li>A domain is verified once its three DKIM CNAME records are published in its DNS zone.</li>
        <li>An address is verified when someone opens the link SES mails to it.</li>
        <li>
          Sign-in, invitation and notification mail each have a sender, an address under a verified identity. The next
          mail uses it within about 30 seconds; without one, the configured default sender is used.
        </li>
        <li>Another mail provider&apos;s credentials are named by their Secrets Manager ARN or name, never pasted.</li>
      </ul>
    </HelpPanel>
  );
}
