// Help of /admin/company/manage-users: the page, what an invitation does, and the access levels.
import HelpPanel from '@cloudscape-design/components/help-panel';
import { menuLevels } from '../../../../../../lambdas/kernel/access/rules';
import { AccessLevelsSection } from '../../../../components/help-panel/access-levels-help';

export function ManageUsersHelp() {
  return (
    <HelpPanel header={<h2>Manage company users</h2>}>
      <p>
        The members of the selected company, for people with access level {menuLevels.manageUsers} and above: below
        level {menuLevels.manageCompanies} for their own companies, from level {menuLevels.manageCompanies} for any.
      </p>
      <ul>
        <li>Edit access changes a member&apos;s level (never above your own) and the services enabled for them.</li>
        <li>Remove takes the company out of the member&apos;s access; their account stays.</li>
        <li>Every change is an event on your Home page.</li>
      </ul>
      <h3>Inviting a user</h3>
      <p>
        An invitation e-mails the person a link to sign in and waits on their Home page for their answer. They join this
        company only when they accept it; until then they are not listed here.
      </p>
      <ul>
        <li>When they accept, they get the level and services you chose, in this company only.</li>
        <li>Someone without an account gets one, as a customer, with no company until they accept.</li>
        <li>Someone who has an account keeps it, with their other companies as they are.</li>
        <li>
          Declining removes the invitation. An invitation nobody answers lapses after 14 days; inviting the same person
          again replaces it.
        </li>
        <li>
          The link works once, for 15 minutes. After that they ask for a new one on the sign-in page, with the same
          address.
        </li>
      </ul>
      <AccessLevelsSection />
    </HelpPanel>
  );
}
