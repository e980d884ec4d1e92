// Help on a company's service flags (Manage companies, Create company), from the same list the form's
// toggles show, and the rule that decides who sees a service's reports.
import HelpPanel from '@cloudscape-design/components/help-panel';
import { thresholds } from '../../../../lambdas/kernel/access/rules';
import { companyFlagGroups } from '../admin/service-labels';

export function CompanyFlagsSection() {
  return (
    <>
      <h3>Service flags</h3>
      <p>
        A company&apos;s flags turn its services on. A member sees a service&apos;s reports when the company has one of
        its flags on and the member has access level {thresholds.allServicesView} or above, or the service is enabled
        for them. Administrators (level {thresholds.admin} and above) see every report. Turning a flag off hides the
        service from every member of the company at once.
      </p>
      <dl>
        {/* Each label names its service ('DAST triggering', 'Cloud scanning results'). */}
        {companyFlagGroups.flatMap((group) =>
          group.flags.map(({ flag, label, description }) => (
            <div key={flag}>
              <dt>{label}</dt>
              <dd>{description}</dd>
            </div>
          )),
        )}
      </dl>
    </>
  );
}

export function CompanyFlagsHelp() {
  return (
    <HelpPanel header={<h2>Company services</h2>}>
      <CompanyFlagsSection />
    </HelpPanel>
  );
}
