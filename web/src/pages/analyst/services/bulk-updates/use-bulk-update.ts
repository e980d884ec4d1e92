// The bulk update a service page follows for the selected company: the server's record read every second
// (getBulkUpdate) until it is done or failed. It is remembered in this browser (running-bulk-updates.ts),
// so after a reload, or on another visit, the page reads where it stands and goes on following it; the
// update runs on the server whatever the browser does. `onFinished` runs once when one followed here ends.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ServiceName } from '../../../../../../lambdas/kernel/access/rules';
import { callFunction, CallError, type CallOutput } from '../../../../api/call-client';
import { messageOf } from '../../../../components/forms/call-problems';
import {
  forgetBulkUpdate,
  readRememberedBulkUpdate,
  rememberBulkUpdate,
  type RememberedBulkUpdate,
} from './running-bulk-updates';

export type BulkUpdateRecord = CallOutput<'getBulkUpdate'>;

/** How often a running bulk update's progress is read. */
export const bulkUpdatePollMs = 1000;

export function isBulkUpdateEnded(status: BulkUpdateRecord['status']): boolean {
  return status === 'done' || status === 'failed';
}

export interface FollowedBulkUpdate {
  bulkId: string;
  summary: string;
  record?: BulkUpdateRecord;
  /** The last read of its progress failed (it is tried again), or it can no longer be read. */
  readError?: string;
}

export interface BulkUpdateState {
  followed: FollowedBulkUpdate | undefined;
  /** Follows a bulk update the server accepted, and remembers it in this browser. */
  begin: (bulkId: string, summary: string) => void;
  /** Stops following it (it goes on on the server if it runs). */
  dismiss: () => void;
}

export function useBulkUpdate(
  slug: string,
  service: ServiceName,
  onFinished: (record: BulkUpdateRecord) => void,
): BulkUpdateState {
  const [remembered, setRemembered] = useState<RememberedBulkUpdate | undefined>(() =>
    readRememberedBulkUpdate(slug, service),
  );
  const [reading, setReading] = useState<{ record?: BulkUpdateRecord; readError?: string }>({});
  const bulkId = remembered?.bulkId;
  const record = reading.record?.bulkId === bulkId ? reading.record : undefined;
  const ended = record !== undefined && isBulkUpdateEnded(record.status);
  const poll = bulkId !== undefined && !ended;

  useEffect(() => {
    if (!poll || bulkId === undefined) return undefined;
    let stopped = false;
    let timer: number | undefined;
    const read = async () => {
      try {
        const answer = await callFunction('getBulkUpdate', { bulkId });
        if (stopped) return;
        setReading({ record: answer });
      } catch (caught: unknown) {
        if (stopped) return;
        if (caught instanceof CallError && (caught.code === 'permission-denied' || caught.code === 'not-found')) {
          // Gone, or no longer ours to read: nothing more to follow.
          forgetBulkUpdate(slug, service, bulkId);
          setReading({ readError: messageOf(caught, 'The bulk update can no longer be read.') });
          return;
        }
        setReading((previous) => ({
          ...previous,
          readError: `${messageOf(caught, 'Its progress could not be read.')} Trying again.`,
        }));
      }
      if (!stopped) timer = window.setTimeout(() => void read(), bulkUpdatePollMs);
    };
    void read();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [poll, bulkId, slug, service]);

  // A bulk update seen under way here that has now ended: the page reads its lists again.
  const seenActive = useRef<string | undefined>(undefined);
  const finishedRef = useRef(onFinished);
  finishedRef.current = onFinished;
  useEffect(() => {
    if (!record) return;
    if (!isBulkUpdateEnded(record.status)) seenActive.current = record.bulkId;
    else if (seenActive.current === record.bulkId) {
      seenActive.current = undefined;
      finishedRef.current(record);
    }
  }, [record]);

  const begin = useCallback(
    (next: string, summary: string) => {
      const entry = { bulkId: next, summary };
      rememberBulkUpdate(slug, service, entry);
      // Seen under way from the start: even a quick update that is done at its first reading counts as ended here.
      seenActive.current = next;
      setRemembered(entry);
      setReading({});
    },
    [slug, service],
  );

  const dismiss = useCallback(() => {
    if (bulkId !== undefined) forgetBulkUpdate(slug, service, bulkId);
    setRemembered(undefined);
    setReading({});
  }, [slug, service, bulkId]);

  const followed =
    remembered === undefined
      ? undefined
      : {
          bulkId: remembered.bulkId,
          summary: remembered.summary,
          ...(record ? { record } : {}),
          ...(reading.readError ? { readError: reading.readError } : {}),
        };
  return { followed, begin, dismiss };
}
