// Help section: what access levels mean and who may change them (Manage users, Platform users). The
// levels come from the rules module and the level choices, so the text follows the rules.
import { menuLevels, thresholds } from '../../../../lambdas/kernel/access/rules';
import { whatItOpens } from '../admin/access-levels';

export function AccessLevelsSection() {
  return (
    <>
      <h3>Access levels</h3>
      <p>
        Every user has an access level from 0 to 9. A page or an action opens when the user&apos;s level is at least the
        number it needs.
      </p>
      <dl>
        {Object.entries(whatItOpens).map(([level, opens]) => (
          <div key={level}>
            <dt>Level {level}</dt>
            <dd>{opens}</dd>
          </div>
        ))}
      </dl>
      <p>
        Nobody gives a level above their own, nor changes a user whose level is above their own. Below level{' '}
        {menuLevels.manageCompanies}, people manage the users of their own companies only. Only platform administrators
        (level {menuLevels.platformUsers}) change user types and managed services.
      </p>
      <p>
        From level {thresholds.allServicesView} a member sees the reports of every service the company has; below it,
        only the services enabled for them.
      </p>
    </>
  );
}
