// A search hit's highlighted text: Algolia's `_highlightResult` value is the text HTML-escaped with <em>
// around matched words. It is never put in the page as HTML: the <em> tags are split off and the entities
// decoded, so a template's own markup shows as text.
import styles from './templates.module.css';

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeEntities(text: string): string {
  return text.replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
    return entities[name.toLowerCase()] ?? whole;
  });
}

/** The parts of a highlighted value: text, and whether it matched. */
export function highlightParts(value: string): { text: string; matched: boolean }[] {
  return value
    .split(/(<em>.*?<\/em>)/s)
    .filter((part) => part !== '')
    .map((part) =>
      part.startsWith('<em>') && part.endsWith('</em>')
        ? { text: decodeEntities(part.slice(4, -5)), matched: true }
        : { text: decodeEntities(part), matched: false },
    );
}

export function Highlighted({ value }: { value: string }) {
  return (
    <>
      {highlightParts(value).map((part, index) =>
        part.matched ? (
          <mark key={index} className={styles.match}>
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
