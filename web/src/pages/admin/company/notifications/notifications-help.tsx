// Help of /admin/company/notifications (Notifications).
import HelpPanel from '@cloudscape-design/components/help-panel';
import { menuLevels } from '../../../../../../lambdas/kernel/access/rules';

export function NotificationsHelp() {
  return (
    <HelpPanel header={<h2>Notifications</h2>}>
      <p>
        E-mails about findings the analysts publish for the selected company, kept by people with access level{' '}
        {menuLevels.administration} and above.
      </p>
      <ul>
        <li>A rule names a service the company has on and the lowest severity to mail.</li>
        <li>
          <strong>At once</strong> sends a mail shortly after findings are published: a whole batch published together
          comes in one mail. <strong>Daily digest</strong> sends one mail a day with everything published since the last
          one.
        </li>
        <li>
          Recipients are everyone of the company who may view the service, or the users you choose. Either way, only
          people who may view the service&apos;s reports receive mail.
        </li>
        <li>
          A mail names each finding by its title and severity with a link to it in the portal; nothing more of the
          finding is sent by e-mail.
        </li>
      </ul>
    </HelpPanel>
  );
}
