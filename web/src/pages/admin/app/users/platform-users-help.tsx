// Help of /admin/app/users (Platform users): the page and the access levels.
import HelpPanel from '@cloudscape-design/components/help-panel';
import { menuLevels } from '../../../../../../lambdas/kernel/access/rules';
import { AccessLevelsSection } from '../../../../components/help-panel/access-levels-help';

export function PlatformUsersHelp() {
  return (
    <HelpPanel header={<h2>Platform users</h2>}>
      <p>Every user of the platform, for platform administrators (access level {menuLevels.platformUsers}).</p>
      <ul>
        <li>
          Edit access changes a user&apos;s type, level, companies, and the services enabled for them or managed by
          them.
        </li>
        <li>
          Sign out everywhere ends every session of the user: their open browsers sign out within 15 seconds, and they
          need a new sign-in link to come back.
        </li>
      </ul>
      <AccessLevelsSection />
    </HelpPanel>
  );
}
