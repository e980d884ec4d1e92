// Help of the company pages: Manage companies (/admin/company) and Create company.
import HelpPanel from '@cloudscape-design/components/help-panel';
import { menuLevels } from '../../../../../lambdas/kernel/access/rules';
import { CompanyFlagsSection } from '../../../components/help-panel/company-flags-help';

export function ManageCompaniesHelp() {
  return (
    <HelpPanel header={<h2>Manage companies</h2>}>
      <p>
        Every company of the platform, for people with access level {menuLevels.manageCompanies} and above. A company
        groups its users and decides which services they may see.
      </p>
      <ul>
        <li>Edit changes the name and the service flags; the slug never changes.</li>
        <li>When two people edit the same company, the second is shown the current values before saving over them.</li>
      </ul>
      <CompanyFlagsSection />
    </HelpPanel>
  );
}

export function CreateCompanyHelp() {
  return (
    <HelpPanel header={<h2>Create company</h2>}>
      <p>A new company, for people with access level {menuLevels.createCompany} and above.</p>
      <ul>
        <li>The name is what people see; it can be changed later.</li>
        <li>
          The slug identifies the company in addresses and lists: 3 to 40 lowercase letters, digits or dashes. It must
          be unused and cannot change later.
        </li>
        <li>The service flags decide what its members may see; they can be changed later.</li>
      </ul>
      <p>Once it is created, invite its first users from Manage users.</p>
    </HelpPanel>
  );
}
