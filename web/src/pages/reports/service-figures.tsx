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
import { figureLabel, figureText } from './service-figures-text';

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
    // A framework with no automated check in this scan ("0 of 0") says nothing about the account.
    .filter((row) => row.pass + row.fail > 0)
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
    const text = figureText(field, value);
    return text === undefined ? [] : [{ label: figureLabel(field), value: text }];
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
            <Box variant="p">
              {topPasswords
                .map(
                  (entry) =>
                    `${entry.masked || '(blank)'}: ${entry.accounts === 1 ? '1 account' : `${entry.accounts} accounts`}`,
                )
                .join(', ')}
            </Box>
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
