// The tools' own figures of their last scan (research file section 5): ZAP's alerts and sites, Nmap's hosts
// and ports, Prowler's pass rate and compliance per framework, DPAT's summary for a password audit, httpx's
// live hosts and certificates… Counts and shares only: nothing secret is in them.
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ServiceReport } from './report-charts';

const toolNames: Record<string, string> = {
  zap: 'ZAP',
  nuclei: 'nuclei',
  subfinder: 'subfinder',
  httpx: 'httpx',
  nmap: 'Nmap',
  openvas: 'OpenVAS',
  prowler: 'Prowler',
  'password-audit': 'Password audit (DPAT summary)',
};

const labels: Record<string, string> = {
  sites: 'Sites',
  alerts: 'Alerts',
  instances: 'Instances',
  results: 'Results',
  hosts: 'Hosts',
  live: 'Live web hosts',
  failed: 'Hosts not answering',
  certificatesExpiringWithin30Days: 'Certificates expiring within 30 days',
  hostsUp: 'Hosts up',
  hostsDown: 'Hosts down',
  openPorts: 'Open ports',
  vulnersEntries: 'Known vulnerabilities (vulners)',
  belowQod70: 'Results below quality of detection 70',
  passRate: 'Pass rate',
  pass: 'Checks passed',
  fail: 'Checks failed',
  manual: 'Checks to review by hand',
  muted: 'Muted',
  failBySeverity: 'Failed checks by severity',
  byRisk: 'Alerts by risk',
  byType: 'Results by type',
  bySource: 'Subdomains by source',
  technologies: 'Technologies',
  byStatusCode: 'Answers by status code',
  services: 'Services',
  lengthHistogram: 'Cracked passwords by length',
  groups: 'Groups',
  accounts: 'Accounts',
  regions: 'Regions',
  categories: 'Check categories',
  uniqueHashes: 'Unique hashes',
  crackedAccounts: 'Accounts cracked',
  crackedPercent: 'Cracked',
  uniqueHashesCracked: 'Unique passwords cracked',
  lmHashes: 'LM hashes',
  belowPolicyLength: 'Passwords below the policy length',
  policyMinimumLength: 'Policy minimum length',
  usernameIsPassword: 'Username is the password',
  privilegedCracked: 'Privileged accounts cracked',
  kerberoastableCracked: 'Kerberoastable accounts cracked',
  emptyPasswords: 'Empty passwords',
  domains: 'Domains',
};

const isCounts = (value: unknown): value is Record<string, number> =>
  !!value &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  Object.values(value).every((v) => typeof v === 'number');

/** 'a 12, b 7, c 3' for the largest entries of a count table. */
function topText(counts: Record<string, number>, limit = 8): string {
  const entries = Object.entries(counts).sort((a, b) => b[1] - a[1]);
  const shown = entries.slice(0, limit).map(([name, count]) => `${name} ${count}`);
  return entries.length > limit ? `${shown.join(', ')}, …` : shown.join(', ');
}

function valueText(field: string, value: unknown): string | undefined {
  if (typeof value === 'number')
    return field === 'passRate' || field === 'crackedPercent' ? `${value}%` : String(value);
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return String(value.length);
  if (isCounts(value)) return topText(value);
  return undefined;
}

function FrameworkTable({
  frameworks,
}: {
  frameworks: Record<string, { pass: number; fail: number; manual: number }>;
}) {
  const rows = Object.entries(frameworks)
    .map(([name, counts]) => ({
      name,
      rate: counts.pass + counts.fail > 0 ? counts.pass / (counts.pass + counts.fail) : 0,
      ...counts,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
  if (rows.length === 0) return null;
  return (
    <KeyValuePairs
      columns={3}
      items={rows.slice(0, 24).map((row) => ({
        label: row.name,
        value: `${Math.round(row.rate * 100)}% passed (${row.pass} of ${row.pass + row.fail} requirements checks)`,
      }))}
    />
  );
}

function ToolFigures({ kind, figures }: { kind: string; figures: Record<string, unknown> }) {
  const items = Object.entries(figures).flatMap(([field, value]) => {
    // Shown elsewhere (the compliance table, the top passwords), or only the site filter's choices (ZAP's sites).
    if (['kind', 'at', 'byFramework', 'topPasswords', 'siteNames'].includes(field)) return [];
    const text = valueText(field, value);
    return text === undefined ? [] : [{ label: labels[field] ?? field, value: text }];
  });
  const topPasswords = figures.topPasswords as Array<{ masked: string; accounts: number }> | undefined;
  return (
    <Container header={<Header variant="h3">{toolNames[kind] ?? kind}</Header>}>
      <SpaceBetween size="m">
        <KeyValuePairs columns={3} items={items} />
        {kind === 'prowler' && figures.byFramework ? (
          <SpaceBetween size="xs">
            <Box variant="h4">Compliance per framework</Box>
            <FrameworkTable
              frameworks={figures.byFramework as Record<string, { pass: number; fail: number; manual: number }>}
            />
          </SpaceBetween>
        ) : null}
        {topPasswords?.length ? (
          <SpaceBetween size="xs">
            <Box variant="h4">Most shared cracked passwords (masked)</Box>
            <Box variant="p">{topPasswords.map((entry) => `${entry.masked} (${entry.accounts})`).join(', ')}</Box>
          </SpaceBetween>
        ) : null}
      </SpaceBetween>
    </Container>
  );
}

export function ServiceFigures({ report }: { report: ServiceReport }) {
  const kinds = Object.keys(report.figures);
  if (kinds.length === 0) return null;
  return (
    <ColumnLayout columns={1}>
      {kinds.map((kind) => (
        <ToolFigures key={kind} kind={kind} figures={report.figures[kind]!} />
      ))}
    </ColumnLayout>
  );
}
