// Help of /admin/app/services (Platform services).
import HelpPanel from '@cloudscape-design/components/help-panel';
import { menuLevels } from '../../../../../../lambdas/kernel/access/rules';

export function PlatformServicesHelp() {
  return (
    <HelpPanel header={<h2>Platform services</h2>}>
      <p>The services the platform offers, for platform administrators (access level {menuLevels.platformServices}).</p>
      <ul>
        <li>A service turned off leaves every menu, page and report, for everyone, whatever their company has.</li>
        <li>Turned on again, it shows wherever the company flags and the users&apos; access allow it.</li>
        <li>The name and description are what people read about the service.</li>
      </ul>
    </HelpPanel>
  );
}
