// The import a service page follows for the selected company: this tab's upload while it runs, then the
// server's record read every second (getScanImport) until the import is done or failed. The import is
// remembered in this browser (running-imports.ts), so after a reload, or on another visit, the page reads
// where it stands and goes on following it, until it is dismissed or an hour after it ended (its record stays on
// the Scans tab). `onFinished` runs once when an import followed here ends.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ServiceName } from '../../../../../../lambdas/kernel/access/rules';
import { callFunction, CallError } from '../../../../api/call-client';
import { messageOf } from '../../../../components/forms/call-problems';
import { isImportEnded } from '../finding-values/finding-labels';
import {
  forgetLocalImport,
  runImport,
  useLocalImport,
  type CreatedImport,
  type LocalImport,
  type ScanImportRecord,
} from './import-runner';
import { laterReading } from './import-view';
import { forgetImport, readRememberedImport, rememberImport, type RememberedImport } from './running-imports';

/** How often a running import's progress is read. */
export const importPollMs = 1000;
/** An import the server still has as uploading, with no upload in this tab: another tab may be sending it. */
export const stalledUploadPollMs = 5000;

export interface FollowedImport {
  importId: string;
  fileNames: string[];
  local?: LocalImport;
  scan?: ScanImportRecord;
  /** The last read of its progress failed (it is tried again). */
  readError?: string;
}

export interface ScanImportState {
  followed: FollowedImport | undefined;
  /** Follows a created import: uploads its files, starts it, and remembers it in this browser. */
  begin: (created: CreatedImport, files: readonly File[]) => void;
  /** Stops following the import (it goes on on the server if it runs). */
  dismiss: () => void;
}

/** How long a finished import's result greets the page's visits before it is forgotten (it stays on Scans). */
export const importResultKeptMs = 60 * 60 * 1000;

/** Whether an ended import finished longer ago than the result is kept. */
export function isOldResult(scan: Pick<ScanImportRecord, 'finishedAt'>, now: number): boolean {
  return scan.finishedAt !== undefined && now - scan.finishedAt > importResultKeptMs;
}

export function useScanImport(
  slug: string,
  service: ServiceName,
  onFinished: (scan: ScanImportRecord) => void,
): ScanImportState {
  const local = useLocalImport(slug, service);
  const [remembered, setRemembered] = useState<RememberedImport | undefined>(() => readRememberedImport(slug, service));
  const [reading, setReading] = useState<{ scan?: ScanImportRecord; readError?: string }>({});

  const importId = local?.importId ?? remembered?.importId;
  const scan = reading.scan?.importId === importId ? laterReading(reading.scan, local?.started) : local?.started;

  // Poll while the server has the import and it has not ended: not during this tab's upload.
  const sendingHere = local !== undefined && local.step !== 'started';
  const status = scan?.status;
  const ended = status !== undefined && isImportEnded(status);
  const interval = status === 'uploading' && !local ? stalledUploadPollMs : importPollMs;
  const poll = importId !== undefined && !sendingHere && !ended;

  // An import seen under way here: its end is news, and the page reads its lists again when it comes.
  const seenActive = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!poll || importId === undefined) return undefined;
    let stopped = false;
    let timer: number | undefined;
    const read = async () => {
      try {
        const answer = await callFunction('getScanImport', { importId });
        if (stopped) return;
        if (isImportEnded(answer.status) && seenActive.current !== importId && isOldResult(answer, Date.now())) {
          // Its result was news an hour ago: the Scans tab keeps it; the panel no longer greets every visit.
          forgetImport(slug, service, importId);
          setRemembered(undefined);
          setReading({});
          return;
        }
        setReading((previous) => ({
          scan: laterReading(previous.scan?.importId === importId ? previous.scan : undefined, answer),
        }));
      } catch (caught: unknown) {
        if (stopped) return;
        if (caught instanceof CallError && (caught.code === 'permission-denied' || caught.code === 'not-found')) {
          // Gone, or no longer ours to read: nothing more to follow.
          forgetImport(slug, service, importId);
          setRemembered(undefined);
          setReading({ readError: messageOf(caught, 'The import can no longer be read.') });
          return;
        }
        setReading((previous) => ({
          ...previous,
          readError: `${messageOf(caught, 'Its progress could not be read.')} Trying again.`,
        }));
      }
      if (!stopped) timer = window.setTimeout(() => void read(), interval);
    };
    void read();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [poll, importId, interval, slug, service]);

  // An import seen under way here that has now ended: the page reads its lists again.
  const finishedRef = useRef(onFinished);
  finishedRef.current = onFinished;
  useEffect(() => {
    if (!scan) return;
    if (!isImportEnded(scan.status)) seenActive.current = scan.importId;
    else if (seenActive.current === scan.importId) {
      seenActive.current = undefined;
      finishedRef.current(scan);
    }
  }, [scan]);

  const begin = useCallback(
    (created: CreatedImport, files: readonly File[]) => {
      const next = { importId: created.importId, fileNames: files.map((file) => file.name) };
      rememberImport(slug, service, next);
      setRemembered(next);
      setReading({});
      runImport(slug, service, created, files);
    },
    [slug, service],
  );

  const dismiss = useCallback(() => {
    if (importId === undefined) return;
    forgetImport(slug, service, importId);
    forgetLocalImport(slug, service, importId);
    setRemembered(undefined);
    setReading({});
  }, [slug, service, importId]);

  const followed =
    importId === undefined
      ? undefined
      : {
          importId,
          fileNames: local?.fileNames ?? remembered?.fileNames ?? [],
          ...(local ? { local } : {}),
          ...(scan ? { scan } : {}),
          ...(reading.readError ? { readError: reading.readError } : {}),
        };
  return { followed, begin, dismiss };
}
