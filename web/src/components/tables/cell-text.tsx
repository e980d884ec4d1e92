// How table cells show text: identifiers are never broken mid-word (one line, an ellipsis, the full value
// on hover); lists of identifiers wrap only between items; free text wraps between words (or is cut with
// its full text on hover when the table does not wrap lines).
import { Fragment } from 'react';
import styles from './cell-text.module.css';

/** An e-mail address, a slug or another identifier: one line, the full value on hover. */
export function IdentifierText({ value }: { value: string }) {
  return (
    <span className={styles.identifier} title={value}>
      {value}
    </span>
  );
}

/** An identifier inside a sentence ("… by ada@example.com"): the line may wrap before it, never inside. */
export function InlineIdentifier({ value }: { value: string }) {
  return <span className={styles['inline-identifier']}>{value}</span>;
}

/**
 * Identifiers separated by commas; lines wrap only between them. `empty` when there are none. The first `shown`
 * (2 by default) are written out, the rest counted (`CVE-…, CVE-… +6 more`), all of them on hover.
 */
export function IdentifierList({
  values,
  empty,
  shown = 2,
}: {
  values: readonly string[];
  empty: string;
  shown?: number;
}) {
  if (values.length === 0) return <>{empty}</>;
  const shownIdentifiers = shown;
  const more = values.length - shownIdentifiers;
  return (
    <span className={styles.text} title={values.join(', ')}>
      {values.slice(0, shownIdentifiers).map((value, index) => (
        <Fragment key={value}>
          {index > 0 ? ', ' : null}
          <InlineIdentifier value={value} />
        </Fragment>
      ))}
      {more > 0 ? ` +${more} more` : null}
    </span>
  );
}

/** Free text: wraps between words when the table wraps lines; otherwise cut, the full text on hover. */
export function CellText({ value }: { value: string }) {
  return (
    <span className={styles.text} title={value}>
      {value}
    </span>
  );
}
