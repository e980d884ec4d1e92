// Prose a tool writes as HTML (ZAP's description, solution and other info: `<p>…</p><p>…</p>`, sometimes a
// `<ul><li>` list or a `<br>`) as the Markdown every view, the CSV, the XLSX and the PDF read: paragraphs apart
// by a blank line, `<br>` a line break, `<li>` a "- " item, character references decoded. A tag that is not
// formatting is what the tool quotes from a page (ZAP: 'detected in the element starting with:
// "<script src=…>"'): it stays, as inline code in Markdown and as written in plain text, so no view ever
// interprets it and no reader loses it. Text that does not start with such markup is not HTML and is kept as written.

const tag = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b(?:[^<>"']|"[^"]*"|'[^']*')*>/g;
/** How a tool's HTML prose starts. */
const htmlProseStart = /^<(p|ul|ol|div|br)\b[^<>]*>/i;

const blockTags = new Set(['p', 'div']);
const listTags = new Set(['ul', 'ol']);
const strongTags = new Set(['b', 'strong']);
const emphasisTags = new Set(['i', 'em']);
/** Formatting whose words are kept and whose markup is not. */
const droppedTags = new Set(['a', 'span', 'font', 'u', 'small', 'sup', 'sub', 'tt', 'html', 'body']);

const namedEntities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Text with its character references (`&amp;`, `&#39;`, `&#x3c;`) read as the characters they name. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : whole;
    }
    return namedEntities[name.toLowerCase()] ?? whole;
  });
}

/** Inline code holding `text` whatever backticks it has. */
function codeSpan(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((run) => run[0].length));
  const fence = '`'.repeat(longest + 1);
  const padded = text.startsWith('`') || text.endsWith('`') ? ` ${text} ` : text;
  return `${fence}${padded}${fence}`;
}

/** True when the text is a tool's HTML prose (it starts with a paragraph, a list, a div or a line break). */
export function isHtmlProse(text: string): boolean {
  return htmlProseStart.test(text.trim());
}

function converted(html: string, markdown: boolean): string {
  let out = '';
  const lists: { ordered: boolean; count: number }[] = [];
  /** Quoted markup of a page (tags that are not formatting), gathered until words come between. */
  let quoted = '';
  const flushQuoted = () => {
    if (!quoted) return;
    out += markdown ? codeSpan(quoted.trim()) : quoted.trim();
    quoted = '';
  };
  const write = (text: string) => {
    flushQuoted();
    out += text;
  };
  const atLineStart = () => out === '' || out.endsWith('\n') || /\n\s*(- |\d+\. )$/.test(out);
  let last = 0;
  for (const match of html.matchAll(tag)) {
    const between = html.slice(last, match.index);
    last = match.index + match[0].length;
    if (quoted && between.trim() === '') quoted += between;
    else if (between) {
      const words = decodeEntities(between).replace(/\s+/g, ' ');
      write(atLineStart() ? words.trimStart() : words);
    }
    const closing = match[1] === '/';
    const name = (match[2] ?? '').toLowerCase();
    const indent = '  '.repeat(Math.max(0, lists.length - 1));
    if (blockTags.has(name)) {
      write(lists.length ? ' ' : '\n\n');
    } else if (name === 'br') {
      write(lists.length ? `\n${indent}  ` : '\n');
    } else if (listTags.has(name)) {
      if (closing) lists.pop();
      else lists.push({ ordered: name === 'ol', count: 0 });
      write(lists.length && !closing ? '\n' : '\n\n');
    } else if (name === 'li') {
      const list = lists.at(-1);
      if (!closing) {
        if (list) list.count += 1;
        write(`\n${indent}${list?.ordered ? `${list.count}. ` : '- '}`);
      }
    } else if (strongTags.has(name)) {
      write(markdown ? '**' : '');
    } else if (emphasisTags.has(name)) {
      write(markdown ? '*' : '');
    } else if (name === 'code') {
      write(markdown ? '`' : '');
    } else if (droppedTags.has(name)) {
      write('');
    } else {
      quoted += decodeEntities(match[0]);
    }
  }
  const rest = html.slice(last);
  if (rest) write(decodeEntities(rest).replace(/\s+/g, ' '));
  flushQuoted();
  return out
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * A tool's prose as Markdown (undefined when it says nothing: ZAP's `<p></p>`); text that is not HTML prose is
 * returned as written.
 */
export function scannerProse(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!isHtmlProse(value)) return value;
  return converted(value, true) || undefined;
}

/** A tool's HTML prose as plain text, for evidence shown as written (quoted markup stays as the tool quoted it). */
export function scannerPlainText(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!isHtmlProse(value)) return value;
  return converted(value, false) || undefined;
}

/**
 * A finding's evidence record (or an instance) with ZAP's other info as text, as older imports stored it in HTML.
 * Every other field is what the tool matched or sent, and stays as written.
 */
export function scannerEvidence<T extends Record<string, unknown>>(evidence: T): T {
  const { otherInfo } = evidence;
  return typeof otherInfo === 'string' ? { ...evidence, otherInfo: scannerPlainText(otherInfo) } : evidence;
}
