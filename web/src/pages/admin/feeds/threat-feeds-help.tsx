// Help of /admin/feeds (Threat feeds).
import HelpPanel from '@cloudscape-design/components/help-panel';
import { menuLevels } from '../../../../../lambdas/kernel/access/rules';

export function ThreatFeedsHelp() {
  return (
    <HelpPanel header={<h2>Threat feeds</h2>}>
      <p>
        The exploit signals findings carry, for platform administrators (access level {menuLevels.threatFeeds}):
        CISA&apos;s Known Exploited Vulnerabilities catalogue and FIRST&apos;s EPSS scores.
      </p>
      <ul>
        <li>
          On AWS both are fetched from their publishers every day; here you upload either file as published:{' '}
          <code>known_exploited_vulnerabilities.json</code>, or the EPSS CSV (<code>epss_scores-….csv.gz</code>, gzipped
          or plain).
        </li>
        <li>
          The file is checked whole before anything is stored: a malformed feed fails, naming the line or field, and the
          stored feed stays as it was.
        </li>
        <li>
          Then every finding that names a CVE is enriched in the background. A finding with a CVE in the KEV catalogue
          is known exploited: it is due by the critical SLA whatever its severity.
        </li>
        <li>The import runs on the server: closing this page does not stop it.</li>
      </ul>
    </HelpPanel>
  );
}
