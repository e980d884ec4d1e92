// Help of /admin/company/sla (SLA policy).
import HelpPanel from '@cloudscape-design/components/help-panel';
import { maxSlaDays } from '../../../../../../lambdas/contracts/sla';
import { menuLevels } from '../../../../../../lambdas/kernel/access/rules';

export function SlaPolicyHelp() {
  return (
    <HelpPanel header={<h2>SLA policy</h2>}>
      <p>
        How many days the selected company has to fix a published finding, per severity. Kept by people with access
        level {menuLevels.manageUsers} and above; everyone of the company can see it.
      </p>
      <ul>
        <li>A finding is due that many days after it is published; 0 means due when published.</li>
        <li>When a finding&apos;s severity changes, its clock starts again with the new severity&apos;s days.</li>
        <li>While a retest or a risk acceptance waits for an answer, the clock stands still.</li>
        <li>
          Informational findings are never due. Days go from 0 to {maxSlaDays}. The defaults are 7, 30, 90 and 180.
        </li>
      </ul>
    </HelpPanel>
  );
}
