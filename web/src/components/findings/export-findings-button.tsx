// "Export" for a findings list: the list's current view (its filters and order) as CSV, XLSX or a PDF report,
// made on the server (startFindingExport) while this shows how far it got (getFindingExport, every second),
// then a download. The export is remembered in this browser (running-exports.ts), so after a reload or on
// another visit its progress and download show again; it runs on the server whatever the browser does. What
// the file holds is what the caller may read: the server decides (customers: published findings only).
import { useCallback, useEffect, useState } from 'react';
import Button from '@cloudscape-design/components/button';
import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { ServiceName } from '../../../../lambdas/kernel/access/rules';
import { callFunction, CallError, type CallInput, type CallOutput } from '../../api/call-client';
import { messageOf } from '../forms/call-problems';
import { forgetExport, readRememberedExport, rememberExport, type ExportFormat } from './running-exports';

export type FindingExportRecord = CallOutput<'getFindingExport'>;

/** How often a running export's progress is read. */
export const exportPollMs = 1000;

const formatNames: Record<ExportFormat, string> = { csv: 'CSV', xlsx: 'Excel (XLSX)', pdf: 'PDF report' };
const formatItems = (Object.keys(formatNames) as ExportFormat[]).map((id) => ({ id, text: formatNames[id] }));

const count = (value: number) => value.toLocaleString('en-US');

export interface ExportFindingsButtonProps {
  slug: string;
  service: ServiceName;
  /** The list's filter, as listFindings takes it. */
  filter: CallInput<'listFindings'>['filter'];
  /** The list's order: critical first (the default). */
  descending?: boolean;
}

export function ExportFindingsButton({ slug, service, filter, descending }: ExportFindingsButtonProps) {
  const [remembered, setRemembered] = useState(() => readRememberedExport(slug, service));
  const [record, setRecord] = useState<FindingExportRecord | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [starting, setStarting] = useState(false);
  const exportId = remembered?.exportId;
  const current = record?.exportId === exportId ? record : undefined;
  const ended = current?.status === 'done' || current?.status === 'failed';

  // Another company or service: follow its own export.
  useEffect(() => {
    setRemembered(readRememberedExport(slug, service));
    setProblem(undefined);
  }, [slug, service]);

  useEffect(() => {
    if (exportId === undefined || ended) return undefined;
    let stopped = false;
    let timer: number | undefined;
    const read = async () => {
      try {
        const answer = await callFunction('getFindingExport', { exportId });
        if (stopped) return;
        setRecord(answer);
        setProblem(undefined);
        if (answer.status === 'done' || answer.status === 'failed') return;
      } catch (caught: unknown) {
        if (stopped) return;
        if (caught instanceof CallError && (caught.code === 'permission-denied' || caught.code === 'not-found')) {
          // Gone (exports are kept 7 days), or not ours: nothing more to follow.
          forgetExport(slug, service, exportId);
          setRemembered(undefined);
          return;
        }
        setProblem(`${messageOf(caught, 'The export’s progress could not be read.')} Trying again.`);
      }
      if (!stopped) timer = window.setTimeout(() => void read(), exportPollMs);
    };
    void read();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [exportId, ended, slug, service]);

  const start = useCallback(
    async (format: ExportFormat) => {
      setStarting(true);
      setProblem(undefined);
      try {
        const { exportId: started } = await callFunction('startFindingExport', {
          slug,
          service,
          format,
          ...(filter ? { filter } : {}),
          ...(descending === false ? { descending } : {}),
        });
        const entry = { exportId: started, format };
        rememberExport(slug, service, entry);
        setRecord(undefined);
        setRemembered(entry);
      } catch (caught: unknown) {
        setProblem(messageOf(caught, 'The export could not be started. Try again.'));
      } finally {
        setStarting(false);
      }
    },
    [slug, service, filter, descending],
  );

  // A fresh link at the moment of the click: links work for a few minutes only.
  const download = useCallback(async () => {
    if (exportId === undefined) return;
    try {
      const answer = await callFunction('getFindingExport', { exportId });
      if (answer.downloadUrl) window.location.assign(answer.downloadUrl);
    } catch (caught: unknown) {
      setProblem(messageOf(caught, 'The file could not be fetched. Try again.'));
    }
  }, [exportId]);

  const dismiss = useCallback(() => {
    forgetExport(slug, service, exportId);
    setRemembered(undefined);
    setRecord(undefined);
  }, [slug, service, exportId]);

  const formatName = remembered ? formatNames[remembered.format] : '';
  let status: React.ReactNode = null;
  if (problem) status = <StatusIndicator type="warning">{problem}</StatusIndicator>;
  else if (remembered && !ended) {
    const read = current ? `: ${count(current.written)} findings so far` : '';
    status = (
      <StatusIndicator type="loading">
        {current?.status === 'running' ? `Exporting ${formatName}${read}` : `${formatName} export waiting to start`}
      </StatusIndicator>
    );
  } else if (current?.status === 'failed') {
    status = <StatusIndicator type="error">{current.error ?? 'The export failed.'}</StatusIndicator>;
  } else if (current?.status === 'done') {
    status = (
      <SpaceBetween direction="horizontal" size="xxs" alignItems="center">
        <StatusIndicator type="success">
          {count(current.written)} findings{current.truncated ? ` (the first ${count(current.limit)})` : ''}
        </StatusIndicator>
        <Button variant="inline-link" iconName="download" onClick={() => void download()}>
          Download {current.fileName}
        </Button>
      </SpaceBetween>
    );
  }

  return (
    <SpaceBetween direction="horizontal" size="xs" alignItems="center">
      {status}
      {remembered && ended ? (
        <Button variant="inline-icon" iconName="close" ariaLabel="Dismiss the export" onClick={dismiss} />
      ) : null}
      <ButtonDropdown
        items={formatItems}
        loading={starting}
        disabled={remembered !== undefined && !ended}
        disabledReason="An export is under way"
        onItemClick={({ detail }) => void start(detail.id as ExportFormat)}
      >
        Export
      </ButtonDropdown>
    </SpaceBetween>
  );
}
