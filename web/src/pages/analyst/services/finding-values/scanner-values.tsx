// Components that show what a scanner wrote, always as React text (markup in it, a <script> included,
// stays inert): a value of any shape (text, a code box, a list, an object's fields), references (links only for http and https), a record's fields as key-value pairs, and the
// severity badge.
import Badge from '@cloudscape-design/components/badge';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Link from '@cloudscape-design/components/link';
import { severityBadgeColors, severityLabels, type Severity } from './finding-labels';
import { fieldLabel, linkHref, shownValue } from './finding-text';
import styles from './scanner-text.module.css';

export function SeverityBadge({ severity }: { severity: Severity }) {
  return <Badge color={severityBadgeColors[severity]}>{severityLabels[severity]}</Badge>;
}

/** Text as written, in a code box. */
export function CodeBox({ text }: { text: string }) {
  return <pre className={styles.code}>{text}</pre>;
}

/** A reference: a link (opening in a new tab) when it is an http(s) address, otherwise text. */
export function ReferenceLink({ reference }: { reference: string }) {
  const href = linkHref(reference);
  if (!href) return <span className={styles.text}>{reference}</span>;
  return (
    <Link href={href} external externalIconAriaLabel="(opens in a new tab)">
      {reference}
    </Link>
  );
}

/** How deep nested objects are shown as fields; deeper ones as a code box. */
const maxDepth = 2;

/** Any value of a scanner's record. `code`: text in a code box even when short (evidence). */
export function ScannerValue({ value, code = false, depth = 0 }: { value: unknown; code?: boolean; depth?: number }) {
  const shown = shownValue(value, { code });
  switch (shown.kind) {
    case 'none':
      return <>—</>;
    case 'text':
      return <span className={styles.text}>{shown.text}</span>;
    case 'block':
      return <CodeBox text={shown.text} />;
    case 'list':
      return shown.items.length === 1 ? (
        <span className={styles.text}>{shown.items[0]}</span>
      ) : (
        <ul className={styles.list}>
          {shown.items.map((item, index) => (
            <li key={index}>
              <span className={styles.text}>{item}</span>
            </li>
          ))}
        </ul>
      );
    case 'fields':
      return depth >= maxDepth ? (
        <CodeBox text={JSON.stringify(Object.fromEntries(shown.fields), null, 2)} />
      ) : (
        <ScannerFields record={Object.fromEntries(shown.fields)} code={code} depth={depth + 1} />
      );
  }
}

/** A record's fields as key-value pairs, each label in words, empty fields left out. */
export function ScannerFields({
  record,
  code = false,
  columns = 1,
  depth = 0,
}: {
  record: Record<string, unknown>;
  code?: boolean;
  columns?: 1 | 2 | 3 | 4;
  depth?: number;
}) {
  const items = Object.entries(record)
    .filter(([, value]) => shownValue(value).kind !== 'none')
    .map(([key, value]) => ({
      label: fieldLabel(key),
      value: <ScannerValue value={value} code={code} depth={depth} />,
    }));
  if (items.length === 0) return <>—</>;
  return <KeyValuePairs columns={columns} items={items} />;
}
