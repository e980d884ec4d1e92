// A streaming XML reader (saxes) that hands a parser whole "records" (a ZAP alertitem, an Nmap port, a
// GMP result) as small element trees, and the opening of the elements around them, never the document.
// It never resolves entities: a DOCTYPE with an internal subset or an external identifier is refused
// before anything is read (XXE, billion laughs); saxes itself knows only the five predefined entities.
import { StringDecoder } from 'node:string_decoder';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import type { ByteChunks } from './byte-source.js';
import { ImportFormatError } from './import-format-error.js';

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  /** The element's own text (CDATA included), not its children's. */
  text: string;
  children: XmlElement[];
  /** Children beyond `maxChildren` that were read and not kept. */
  droppedChildren: number;
}

export type XmlEvent =
  | { type: 'open'; path: readonly string[]; attributes: Record<string, string>; line: number }
  | { type: 'close'; path: readonly string[] }
  | { type: 'record'; path: readonly string[]; element: XmlElement; line: number };

export interface XmlReadOptions {
  /** Is the element at `path` (root first) a record to hand over whole? */
  isRecord(path: readonly string[]): boolean;
  /** Is the element at `path` one whose opening and closing the parser wants (its context)? The root always is. */
  isContext?(path: readonly string[]): boolean;
  /** Children kept per element; more are counted in `droppedChildren`. */
  maxChildren?: number;
  inputName?: string;
}

/** Text kept per element; bounds memory on an element with megabytes of text. */
const maxElementText = 1_048_576;
/** Levels kept below a record, and elements kept per record: bound a record built to exhaust memory. */
const maxRecordDepth = 32;
const maxRecordElements = 100_000;

/**
 * Nmap writes `<!DOCTYPE nmaprun>`: a bare document type names the root and declares nothing, so it is
 * allowed. Anything more (an internal subset with ENTITY declarations, SYSTEM or PUBLIC) is refused.
 */
function isBareDoctype(doctype: string): boolean {
  return /^\s*[A-Za-z_][\w.:-]*\s*$/.test(doctype);
}

export async function* readXml(chunks: ByteChunks, options: XmlReadOptions): AsyncGenerator<XmlEvent> {
  const maxChildren = options.maxChildren ?? 2_000;
  const parser = new SaxesParser({ xmlns: false, position: true });
  const path: string[] = [];
  const queue: XmlEvent[] = [];
  /** The record being collected: its elements from the record down to the current one. */
  const building: XmlElement[] = [];
  /** Inside a dropped child: the path length at which it started. */
  let droppedFrom = 0;
  let recordElements = 0;
  let sawRoot = false;

  const fail = (message: string): never => {
    throw new ImportFormatError(message, { line: parser.line, element: path.at(-1), input: options.inputName });
  };

  parser.on('doctype', (doctype) => {
    if (!isBareDoctype(doctype)) {
      fail(
        'The XML declares a document type with entities or an external reference (<!DOCTYPE … [ … ]>, SYSTEM or ' +
          'PUBLIC). Such files are refused because they can read local files or expand without end (XXE, billion laughs)',
      );
    }
  });
  parser.on('opentag', (tag: SaxesTagPlain) => {
    sawRoot = true;
    path.push(tag.name);
    if (droppedFrom > 0) return;
    const parent = building.at(-1);
    if (parent) {
      if (
        parent.children.length >= maxChildren ||
        building.length >= maxRecordDepth ||
        recordElements >= maxRecordElements
      ) {
        parent.droppedChildren += 1;
        droppedFrom = path.length;
        return;
      }
      const element = newElement(tag);
      parent.children.push(element);
      building.push(element);
      recordElements += 1;
      return;
    }
    if (options.isRecord(path)) {
      building.push(newElement(tag));
      recordElements = 1;
      return;
    }
    if (path.length === 1 || options.isContext?.(path)) {
      queue.push({ type: 'open', path: [...path], attributes: { ...tag.attributes }, line: parser.line });
    }
  });
  const onText = (text: string) => {
    const current = building.at(-1);
    if (droppedFrom > 0 || !current || current.text.length >= maxElementText) return;
    current.text += text.slice(0, maxElementText - current.text.length);
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', () => {
    if (droppedFrom > 0) {
      if (path.length === droppedFrom) droppedFrom = 0;
      path.pop();
      return;
    }
    if (building.length > 0) {
      const element = building.pop();
      if (building.length === 0 && element) {
        queue.push({ type: 'record', path: [...path], element, line: parser.line });
      }
    } else if (path.length === 1 || options.isContext?.(path)) {
      queue.push({ type: 'close', path: [...path] });
    }
    path.pop();
  });

  const run = (step: () => void): void => {
    try {
      step();
    } catch (error) {
      if (error instanceof ImportFormatError) throw error;
      fail(describeSaxesError(error, sawRoot));
    }
  };

  const decoder = new StringDecoder('utf8');
  let first = true;
  for await (const chunk of chunks) {
    let text = decoder.write(chunk);
    if (first && text.length > 0) {
      first = false;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    run(() => parser.write(text));
    yield* queue.splice(0);
  }
  run(() => {
    parser.write(decoder.end());
    parser.close();
  });
  yield* queue.splice(0);
}

function newElement(tag: SaxesTagPlain): XmlElement {
  return { name: tag.name, attributes: { ...tag.attributes }, text: '', children: [], droppedChildren: 0 };
}

/** saxes says `3:10: undefined entity.`; the position goes into the error's line, the rest is reworded. */
function describeSaxesError(error: unknown, sawRoot: boolean): string {
  const raw = error instanceof Error ? error.message : String(error);
  const reason = raw.replace(/^\d+:\d+:\s*/, '').replace(/\.$/, '');
  if (/unclosed tag/.test(reason)) {
    return `The XML ends before every element is closed (${reason}): the file looks cut short`;
  }
  if (/document must contain a root element/.test(reason)) {
    return sawRoot ? 'The XML is cut short' : 'The file holds no XML element';
  }
  if (/undefined entity/.test(reason)) {
    return 'The XML uses an entity it does not define (only &amp; &lt; &gt; &quot; &apos; and character references are read)';
  }
  return `The XML is not well-formed: ${reason}`;
}

/** The first child named `name`. */
export function child(element: XmlElement | undefined, name: string): XmlElement | undefined {
  return element?.children.find((c) => c.name === name);
}

export function childrenNamed(element: XmlElement | undefined, name: string): XmlElement[] {
  return element?.children.filter((c) => c.name === name) ?? [];
}

/** The trimmed own text of the first child named `name` (undefined when absent or empty). */
export function childText(element: XmlElement | undefined, name: string): string | undefined {
  const text = child(element, name)?.text.trim();
  return text ? text : undefined;
}
