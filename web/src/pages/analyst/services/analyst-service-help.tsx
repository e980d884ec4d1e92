// Help of the analyst service pages (one topic per service): who may open them, how an import goes, and
// what the findings, scans and assets tabs show.
import HelpPanel from '@cloudscape-design/components/help-panel';
import { menuLevels, services, type ServiceName } from '../../../../../lambdas/kernel/access/rules';
import { serviceLabels } from '../../../components/admin/service-labels';
import type { HelpTopic } from '../../../components/help-panel/help-panel-context';
import { formatListText, maxImportFileBytes } from './finding-values/finding-labels';
import { bytesText } from './finding-values/finding-text';

export function AnalystServiceHelp({ service }: { service: ServiceName }) {
  const passwords = service === 'password_cracking';
  return (
    <HelpPanel header={<h2>{serviceLabels[service]} service</h2>}>
      <p>
        The scans, findings and assets of {serviceLabels[service]} for the company selected in the header, for analysts
        with access level {menuLevels.analystServicePage} and above, who may choose any company
        {passwords ? ', and for people who manage password cracking, for their own companies' : ''}.
      </p>
      <h3>Importing a scan</h3>
      <ul>
        <li>
          {passwords
            ? 'Import scan takes the NTDS file secretsdump wrote and the potfile of the cracking run (hashcat or John the Ripper).'
            : `Import scan takes a ${formatListText(service)} file. Its format is recognised from the content; choose it only if it is not.`}{' '}
          Each file may hold up to {bytesText(maxImportFileBytes)}.
        </li>
        <li>
          Your browser uploads the file (keep the page open until the upload ends); the server then imports it. From
          then on you may leave the page or close the browser: the progress and the result show again when you return,
          and in the Scans tab.
        </li>
        <li>
          Nothing changes until the whole file has been read and checked. A file the import cannot read fails with the
          reason and, where it can tell, the line.
        </li>
        <li>
          A finding is the same one from scan to scan when its identity is (the tool&apos;s rule and the asset, among
          others), whatever its title or severity. Findings the file no longer holds become fixed; a fixed one that
          comes back is reopened.
        </li>
      </ul>
      {passwords ? (
        <p>
          Passwords and hashes are neither stored nor shown: only a password&apos;s length, its kinds of characters, a
          masked form (first and last character) and how many accounts share it.
        </p>
      ) : null}
      <h3>Findings</h3>
      <ul>
        <li>Listed by severity, critical first; the Severity column turns the order round.</li>
        <li>
          Narrow them by severity, status, an asset&apos;s key (the Assets tab&apos;s Show its findings fills it in),
          text in the title, rule, asset, CVE or tool, and to those first seen in the last finished scan.
        </li>
        <li>
          A finding&apos;s title opens everything the tool said about it below the table; its address can be shared.
          What scanners wrote is shown as text, markup included.
        </li>
      </ul>
      <h3>Scans and assets</h3>
      <p>
        Scans lists every import with who made it and what it changed; choose one to see its counts per severity. Assets
        lists what the scans looked at, with when each was first and last seen.
      </p>
    </HelpPanel>
  );
}

/** One help topic per service: a page names its topic, which must be a module-level component. */
export const analystServiceHelp = Object.fromEntries(
  services.map((service): [ServiceName, HelpTopic] => {
    const Topic = () => <AnalystServiceHelp service={service} />;
    Topic.displayName = `${serviceLabels[service]} service help`;
    return [service, Topic];
  }),
) as Record<ServiceName, HelpTopic>;
