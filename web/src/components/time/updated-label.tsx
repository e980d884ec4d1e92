// Spec 9's 'Updated' label: seconds, minutes, hours, days or weeks ago, or 'never'.
import { useEffect, useState } from 'react';
import { InlineIdentifier } from '../tables/cell-text';

const units = [
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
] as const;

export function timeAgo(at: number | undefined, now = Date.now()): string {
  if (at === undefined) return 'never';
  const seconds = Math.max(0, Math.floor((now - at) / 1000));
  for (const [unit, size] of units) {
    if (seconds >= size) {
      const count = Math.floor(seconds / size);
      return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
    }
  }
  return `${seconds} second${seconds === 1 ? '' : 's'} ago`;
}

const fullDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** Re-renders every 30 s so the label stays true while the page is open. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** '3 minutes ago' (the exact time on hover), or 'never'. */
export function TimeAgo({ at }: { at: number | undefined }) {
  const now = useNow();
  if (at === undefined) return <>never</>;
  return (
    <time dateTime={new Date(at).toISOString()} title={fullDate.format(at)}>
      {timeAgo(at, now)}
    </time>
  );
}

/** 'Updated 3 minutes ago by ada@example.com', or 'Updated never'. */
export function UpdatedLabel({ at, by }: { at: number | undefined; by: string | undefined }) {
  return (
    <span>
      Updated <TimeAgo at={at} />
      {at !== undefined && by ? (
        <>
          {' by '}
          <InlineIdentifier value={by} />
        </>
      ) : null}
    </span>
  );
}
