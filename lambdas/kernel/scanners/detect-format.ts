// Which format a file is, from its first bytes only (never its name): the XML root element, the keys
// of the first JSON object, Prowler's CSV header, the shape of an NTDS or potfile line.
import type { FormatId, PasswordAuditPart } from './finding-model.js';
import { ImportFormatError } from './import-format-error.js';

/** What one file can be: a whole scan, or one of the two files of a password audit. */
export type DetectedContent = Exclude<FormatId, 'password-audit'> | PasswordAuditPart;

/** Bytes read for detection; they are read again by the parser from the same stream (see `peekHead`). */
export const detectionBytes = 64 * 1024;

const xxeMessage =
  'The XML declares a document type with entities or an external reference (<!DOCTYPE … [ … ]>, SYSTEM or PUBLIC). ' +
  'Such files are refused because they can read local files or expand without end (XXE, billion laughs)';

const importable =
  'The portal imports subfinder, httpx and nuclei JSONL, ZAP JSON or XML, Nmap XML, Greenbone/OpenVAS XML, ' +
  'Prowler OCSF JSON or CSV, and a secretsdump NTDS file with its potfile';

export function detectFormat(head: Uint8Array, inputName?: string): DetectedContent {
  const location = { input: inputName };
  const bytes = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    throw new ImportFormatError('The file is gzip-compressed; import the scanner output itself', location);
  }
  if (bytes.subarray(0, 4).equals(Buffer.from('PK\x03\x04', 'latin1'))) {
    throw new ImportFormatError('The file is a zip archive; import the scanner output itself', location);
  }
  if (bytes.subarray(0, 1024).includes(0)) {
    throw new ImportFormatError(`The file is binary, not text. ${importable}`, location);
  }
  const text = bytes
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (text === '') throw new ImportFormatError('The file is empty', location);

  if (text.startsWith('<')) return detectXml(text, inputName);
  // secretsdump's banner ("[*] Dumping…") starts like JSON: text formats are tried before giving up on it.
  if (text.startsWith('{') || text.startsWith('[')) return detectJson(text, inputName) ?? detectText(text, inputName);
  return detectText(text, inputName);
}

function detectXml(text: string, inputName?: string): DetectedContent {
  const location = { input: inputName };
  // The prolog (declaration, comments, processing instructions, document type) up to the root element.
  const prolog =
    /^(?:\s*(?:<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE\b(?:[^<>[\]]|\[[\s\S]*?\])*>))*\s*<([A-Za-z_][\w.:-]*)/.exec(
      text,
    );
  const before = prolog?.[0] ?? text;
  const doctype = /<!DOCTYPE\b([^>]*)>/i.exec(before);
  if (/<!ENTITY\b/i.test(before) || (doctype && !/^\s*[A-Za-z_][\w.:-]*\s*$/.test(doctype[1] ?? ''))) {
    throw new ImportFormatError(xxeMessage, { ...location, element: 'DOCTYPE' });
  }
  const root = prolog?.[1];
  if (root === 'nmaprun') return 'nmap-xml';
  if (root === 'OWASPZAPReport') return 'zap-xml';
  if (
    (root === 'report' || root === 'get_reports_response') &&
    /<(?:results|nvt|gmp|omp|report_format)\b|format_id=/.test(text)
  ) {
    return 'openvas-xml';
  }
  throw new ImportFormatError(
    root
      ? `The XML's root element <${root.slice(0, 60)}> is not a report the portal imports (Nmap <nmaprun>, ZAP <OWASPZAPReport>, Greenbone <report>)`
      : 'The file starts like XML but has no element the portal can read',
    location,
  );
}

function detectJson(text: string, inputName?: string): DetectedContent | undefined {
  const firstLine = text.split('\n', 1)[0] ?? '';
  let first: unknown;
  try {
    first = JSON.parse(firstLine);
  } catch {
    // A pretty-printed document, or a first line longer than the bytes read: judge by the keys seen.
  }
  const object: unknown = Array.isArray(first) ? (first as unknown[])[0] : first;
  if (object !== null && typeof object === 'object' && !Array.isArray(object)) {
    const found = fromKeys(Object.keys(object), text.startsWith('['));
    if (found) return found;
  } else {
    const keys = [...text.matchAll(/"([\w@-]+)"\s*:/g)].slice(0, 400).map((match) => match[1] ?? '');
    const found = fromKeys(keys, text.startsWith('['));
    if (found) return found;
  }
  if (/"SchemaVersion"\s*:/.test(text) && /"ProductArn"\s*:/.test(text)) {
    throw new ImportFormatError(
      'This is Prowler JSON-ASFF, which the portal does not import: export OCSF JSON (-M json-ocsf) or CSV (-M csv)',
      { input: inputName },
    );
  }
  return undefined;
}

/** From the keys of the first object (or the first keys of a document too long to read whole). */
function fromKeys(keys: string[], isArray: boolean): DetectedContent | undefined {
  const has = (key: string) => keys.includes(key);
  if (has('site') && (has('@version') || has('@programName') || has('@generated')) && !isArray) return 'zap-json';
  if (
    isArray &&
    (has('finding_info') || has('class_uid') || has('event_code') || (has('metadata') && has('status_code')))
  ) {
    return 'prowler-ocsf-json';
  }
  if ((has('template-id') || has('templateID')) && has('info')) return 'nuclei-jsonl';
  if (isArray) return undefined;
  if (has('url') && (has('status_code') || has('scheme') || has('webserver') || has('failed'))) return 'httpx-jsonl';
  if (has('host') && (has('source') || has('sources') || has('input')) && !has('url')) return 'subfinder-jsonl';
  return undefined;
}

const ntdsLine = /^[^:\s][^:]*:\d+:[0-9a-f]{32}:[0-9a-f]{32}:::/i;
const potfileLine = /^(?:\$NT\$|\$LM\$)?[0-9a-f]{32}:/i;

function detectText(text: string, inputName?: string): DetectedContent {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, 20);
  const firstLine = lines[0] ?? '';
  if (firstLine.includes(';') && /(^|;)CHECK_ID(;|$)/.test(firstLine) && /(^|;)STATUS(;|$)/.test(firstLine)) {
    return 'prowler-csv';
  }
  // secretsdump may print a few banner lines ("[*] Dumping…") before the accounts.
  if (lines.some((line) => ntdsLine.test(line))) return 'secretsdump-ntds';
  if (potfileLine.test(firstLine)) return 'potfile';
  const kind =
    firstLine.startsWith('{') || firstLine.startsWith('[')
      ? 'This JSON is not a scanner output the portal knows'
      : 'The file is not in a format the portal knows';
  throw new ImportFormatError(`${kind}. ${importable}`, { input: inputName });
}
