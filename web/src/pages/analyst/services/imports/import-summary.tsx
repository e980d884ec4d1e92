// What a finished import did: its counts (new, unchanged, fixed, reopened, changed, total, assets), the
// same per severity, the lines the tool's file had that were skipped, and the tool's own figures; or why
// it failed. Shown under the import's progress and for a scan chosen in the Scans tab.
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { TimeAgo } from '../../../../components/time/updated-label';
import { formatLabel, severities, type Severity } from '../finding-values/finding-labels';
import { bytesText, countText, plural } from '../finding-values/finding-text';
import type { ScanImportRecord } from './import-runner';
import { importFailureText } from './import-view';
import { ScannerFields, SeverityBadge } from '../finding-values/scanner-values';

type ImportCounts = NonNullable<ScanImportRecord['counts']>;

/** The tool and its version, and the format: 'ZAP 2.12.0 (ZAP JSON)'. */
export function toolText(scan: Pick<ScanImportRecord, 'tool' | 'format'>): string {
  const tool = scan.tool ? [scan.tool.name, scan.tool.version].filter(Boolean).join(' ') : undefined;
  const format = scan.format ? formatLabel(scan.format) : undefined;
  if (tool && format) return `${tool} (${format})`;
  return tool ?? format ?? 'Not known yet';
}

function SeverityCounts({ counts }: { counts: ImportCounts }) {
  const rows = severities.map((severity) => ({ severity }));
  const count =
    (key: 'bySeverity' | 'newBySeverity' | 'fixedBySeverity' | 'reopenedBySeverity') => (row: { severity: Severity }) =>
      countText(counts[key][row.severity]);
  return (
    <Table
      variant="embedded"
      ariaLabels={{ tableLabel: 'Findings by severity' }}
      header={
        <Box variant="h3" padding={{ top: 'xs' }}>
          By severity
        </Box>
      }
      items={rows}
      columnDefinitions={[
        {
          id: 'severity',
          header: 'Severity',
          cell: (row) => <SeverityBadge severity={row.severity} />,
          isRowHeader: true,
        },
        { id: 'total', header: 'In the file', cell: count('bySeverity') },
        { id: 'new', header: 'New', cell: count('newBySeverity') },
        { id: 'fixed', header: 'Fixed', cell: count('fixedBySeverity') },
        { id: 'reopened', header: 'Reopened', cell: count('reopenedBySeverity') },
      ]}
    />
  );
}

export function ImportCountsView({ counts }: { counts: ImportCounts }) {
  return (
    <SpaceBetween size="m">
      <KeyValuePairs
        columns={4}
        items={[
          { label: 'New', value: countText(counts.new) },
          { label: 'Unchanged', value: countText(counts.unchanged) },
          { label: 'Fixed', value: countText(counts.fixed) },
          { label: 'Reopened', value: countText(counts.reopened) },
          { label: 'Changed', value: countText(counts.changed) },
          { label: 'Findings in the file', value: countText(counts.total) },
          { label: 'Assets', value: countText(counts.assets) },
        ]}
      />
      <SeverityCounts counts={counts} />
    </SpaceBetween>
  );
}

export interface ImportSummaryProps {
  scan: ScanImportRecord;
  /** The tool, files, who imported and when (the Scans tab; the progress panel says it already). */
  withDetails?: boolean;
  /** Why it failed (the progress panel says it already). */
  withFailure?: boolean;
}

/** A finished (or failed) import: its counts, warnings and figures, or its failure. */
export function ImportSummary({ scan, withDetails = true, withFailure = true }: ImportSummaryProps) {
  return (
    <SpaceBetween size="m">
      {withFailure && scan.status === 'failed' ? (
        <Alert type="error" statusIconAriaLabel="Error" header="The import failed">
          {importFailureText(scan.error)}
        </Alert>
      ) : null}
      {scan.counts ? <ImportCountsView counts={scan.counts} /> : null}
      {scan.warnings && scan.warnings.length > 0 ? (
        <Alert
          type="warning"
          statusIconAriaLabel="Warning"
          header={`${plural(scan.warnings.length, 'part')} of the file skipped`}
        >
          <ul>
            {scan.warnings.map((warning, index) => (
              <li key={index}>{warning}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {withDetails ? (
        <KeyValuePairs
          columns={4}
          items={[
            { label: 'Tool', value: toolText(scan) },
            {
              label: 'Files',
              value: scan.files.map((file) => `${file.name} (${bytesText(file.contentLength)})`).join(', '),
            },
            {
              label: 'Imported by',
              value: scan.createdByName ? `${scan.createdByName} (${scan.createdByEmail})` : scan.createdByEmail,
            },
            { label: 'Imported', value: <TimeAgo at={scan.createdAt} /> },
            ...(scan.finishedAt ? [{ label: 'Finished', value: <TimeAgo at={scan.finishedAt} /> }] : []),
          ]}
        />
      ) : null}
      {scan.metrics && Object.keys(scan.metrics).length > 0 ? (
        <ExpandableSection headerText="What the tool reported">
          <ScannerFields record={scan.metrics} columns={2} />
        </ExpandableSection>
      ) : null}
    </SpaceBetween>
  );
}
