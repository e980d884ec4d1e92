// Help of the report pages: what the figures count and when they change.
import HelpPanel from '@cloudscape-design/components/help-panel';

export function ReportsHelp() {
  return (
    <HelpPanel header={<h2>Reports</h2>}>
      <p>
        Each report shows the findings the assessment team has published to your company for one service, as of the last
        scan and every review since: open findings by severity, how they moved from scan to scan, what the last scan
        found new, found fixed or found again, and the assets with the most open findings.
      </p>
      <p>
        <b>Updated</b> says when the last scan was imported. The figures change as soon as a scan is imported or the
        team reviews a finding (publishes it, changes its severity or status).
      </p>
      <p>
        A service shows when your company has it on and your access allows it (access level 2 and above, or the service
        granted to you).
      </p>
    </HelpPanel>
  );
}
