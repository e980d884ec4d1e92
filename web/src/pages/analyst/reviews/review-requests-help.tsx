// Help of /analyst/reviews (Review requests).
import HelpPanel from '@cloudscape-design/components/help-panel';
import { menuLevels } from '../../../../../lambdas/kernel/access/rules';

export function ReviewRequestsHelp() {
  return (
    <HelpPanel header={<h2>Review requests</h2>}>
      <p>
        Customers&apos; requests of every company, for analysts of access level {menuLevels.reviewRequests}: a retest
        (&quot;fixed, please retest&quot;) or a risk acceptance until a date, newest first.
      </p>
      <ul>
        <li>A retest is decided fixed (the finding becomes fixed) or still present (it stays open).</li>
        <li>A risk is accepted until the date asked (the finding opens again that day) or declined.</li>
        <li>Your note goes to the customer with the decision, by mail and in the finding&apos;s history.</li>
        <li>The next scan of the service settles the retests it can answer by itself.</li>
      </ul>
    </HelpPanel>
  );
}
