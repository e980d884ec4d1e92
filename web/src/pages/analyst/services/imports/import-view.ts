// What the import panel says at each moment of an import, from this tab's part (upload, start) and the
// server's record (queued, running with its phase and progress, done or failed): the progress bar's
// value, label, description and details. Pure, so each moment is unit-tested.
import type { LocalImport, ScanImportRecord } from './import-runner';
import { bytesText, plural } from '../finding-values/finding-text';

export interface ImportView {
  /** in-progress: the bar; success or error: the result text instead. */
  status: 'in-progress' | 'success' | 'error';
  /** 0 to 100. */
  percent: number;
  label: string;
  description: string;
  /** Below the bar: what was sent or read, and the findings written. */
  info?: string;
  /** The import ended (or never will): the panel offers to dismiss it. */
  ended: boolean;
}

export const runsOnServerText = 'The import runs on the server: you may leave this page or close the browser.';

function percentOf(done: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.floor((done / total) * 1000) / 10));
}

function filesText(fileNames: readonly string[]): string {
  return fileNames.length > 0 ? fileNames.join(' and ') : 'the scan file';
}

export function importFailureText(error: ScanImportRecord['error']): string {
  if (!error) return 'The import failed.';
  return error.line !== undefined ? `${error.message} (line ${error.line})` : error.message;
}

const phaseTexts: Record<NonNullable<ScanImportRecord['progress']['phase']>, string> = {
  reading: 'Reading and checking the file. Nothing changes until all of it has been read.',
  comparing: "Comparing the file's findings with the service's findings.",
  writing: 'Writing the findings.',
};

export function importView(
  fileNames: readonly string[],
  local: LocalImport | undefined,
  scan: ScanImportRecord | undefined,
): ImportView {
  const files = filesText(scan?.files.map((file) => file.name) ?? fileNames);
  if (local?.step === 'failed') {
    return {
      status: 'error',
      percent: 0,
      label: `The import of ${files} did not start`,
      description: local.error ?? 'The import could not be started.',
      ended: true,
    };
  }
  if (local?.step === 'uploading') {
    return {
      status: 'in-progress',
      percent: percentOf(local.bytesSent, local.bytesTotal),
      label: `Uploading ${files}`,
      description: 'Sending the file. Keep this page open until the upload ends; the import then goes on without it.',
      info: `${bytesText(local.bytesSent)} of ${bytesText(local.bytesTotal)} sent`,
      ended: false,
    };
  }
  if (local?.step === 'starting' || !scan) {
    return {
      status: 'in-progress',
      percent: 0,
      label: `Importing ${files}`,
      description: local?.step === 'starting' ? 'Starting the import.' : 'Reading where the import stands.',
      ended: false,
    };
  }
  const { progress } = scan;
  const read = `${bytesText(progress.bytesRead)} of ${bytesText(progress.bytesTotal)} read`;
  switch (scan.status) {
    case 'uploading':
      return {
        status: 'error',
        percent: 0,
        label: `The upload of ${files} did not finish`,
        description:
          'The file was not completely sent: the page was closed or reloaded during the upload. ' +
          'Unless another tab is still sending it, import the file again.',
        ended: true,
      };
    case 'queued':
      return {
        status: 'in-progress',
        percent: 0,
        label: `Importing ${files}`,
        description: `Waiting for the import to start. ${runsOnServerText}`,
        info: `${bytesText(progress.bytesTotal)} uploaded`,
        ended: false,
      };
    case 'running':
      return {
        status: 'in-progress',
        percent: percentOf(progress.bytesRead, progress.bytesTotal),
        label: `Importing ${files}`,
        description: `${progress.phase ? phaseTexts[progress.phase] : 'Starting.'} ${runsOnServerText}`,
        info: `${read} · ${plural(progress.findingsWritten, 'finding')} written`,
        ended: false,
      };
    case 'done':
      return {
        status: 'success',
        percent: 100,
        label: `Imported ${files}`,
        description: scan.counts
          ? `${plural(scan.counts.total, 'finding')} in the file: ${scan.counts.new} new, ${scan.counts.changed} changed, ${scan.counts.unchanged} unchanged, ${scan.counts.fixed} fixed, ${scan.counts.reopened} reopened.`
          : 'The import finished.',
        info: `${read} · ${plural(progress.findingsWritten, 'finding')} written`,
        ended: true,
      };
    case 'failed':
      return {
        status: 'error',
        percent: percentOf(progress.bytesRead, progress.bytesTotal),
        label: `The import of ${files} failed`,
        description: importFailureText(scan.error),
        ended: true,
      };
  }
}

const statusOrder: Record<ScanImportRecord['status'], number> = {
  uploading: 0,
  queued: 1,
  running: 2,
  done: 3,
  failed: 3,
};

/**
 * The later of two readings of one import: a read may answer from before the last one (an eventually
 * consistent read), and the panel never steps back.
 */
export function laterReading(
  known: ScanImportRecord | undefined,
  read: ScanImportRecord | undefined,
): ScanImportRecord | undefined {
  if (!known || !read || known.importId !== read.importId) return read ?? known;
  const order = statusOrder[read.status] - statusOrder[known.status];
  if (order !== 0) return order > 0 ? read : known;
  if (read.progress.bytesRead < known.progress.bytesRead) return known;
  if (read.progress.findingsWritten < known.progress.findingsWritten) return known;
  return read;
}
