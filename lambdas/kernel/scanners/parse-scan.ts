// The import's one entry: a service's file (or the two files of a password audit) in, the model's
// assets and findings out as they are read, and the scan summary last. The format is detected from the
// content unless the caller names it; a format the service does not import is refused by name.
import { ByteCounter, peekHead, type ByteChunks, type ByteSource } from './byte-source.js';
import { detectFormat, detectionBytes, type DetectedContent } from './detect-format.js';
import type { FormatId, ScanRecord, ServiceName } from './finding-model.js';
import { formatCatalogue, formatsOf } from './formats.js';
import { parseHttpx } from './httpx.js';
import { ImportFormatError } from './import-format-error.js';
import { parseNmap } from './nmap.js';
import { parseNuclei } from './nuclei.js';
import { parseOpenvas } from './openvas.js';
import { parsePasswordAudit, type PasswordAuditOptions } from './password-audit.js';
import { parseProwlerCsv } from './prowler-csv.js';
import { parseProwlerOcsf } from './prowler-ocsf.js';
import { ScanTally, type ParsedRecord, type ParseResult, type ScanParser } from './scan-parser.js';
import { parseSubfinder } from './subfinder.js';
import { parseZapJson } from './zap-json.js';
import { parseZapXml } from './zap-xml.js';

export interface ScanImportRequest {
  service: ServiceName;
  /** One file; for password_cracking the NTDS file and the potfile, in either order. */
  inputs: ByteSource[];
  /** The analyst's explicit choice; overrides detection. */
  format?: FormatId;
  /** Required for password audits. */
  passwordAudit?: PasswordAuditOptions;
  /** Called with the bytes read so far, across inputs, after every chunk. */
  onProgress?: (bytesRead: number) => void;
}

export { formatCatalogue, formatsOf };

const parsers: Record<Exclude<FormatId, 'password-audit'>, ScanParser> = {
  'subfinder-jsonl': parseSubfinder,
  'httpx-jsonl': parseHttpx,
  'nuclei-jsonl': parseNuclei,
  'zap-json': parseZapJson,
  'zap-xml': parseZapXml,
  'nmap-xml': parseNmap,
  'openvas-xml': parseOpenvas,
  'prowler-ocsf-json': parseProwlerOcsf,
  'prowler-csv': parseProwlerCsv,
};

export async function* parseScan(request: ScanImportRequest): AsyncGenerator<ScanRecord> {
  try {
    yield* parseInputs(request);
  } finally {
    // Inputs a refusal never started reading (a second file, the potfile after a bad NTDS file) are closed too.
    await Promise.all(request.inputs.map(closeInput));
  }
}

async function* parseInputs(request: ScanImportRequest): AsyncGenerator<ScanRecord> {
  const counter = new ByteCounter(request.onProgress);
  const streams = request.inputs.map((input) => counter.count(input));
  if (request.service === 'password_cracking') {
    yield* parseAudit(request, streams, counter);
    return;
  }
  if (streams.length !== 1 || !streams[0]) {
    throw new ImportFormatError(
      `The ${request.service} service imports one file at a time; ${streams.length} were given`,
    );
  }
  let chunks: ByteChunks = streams[0];
  let format = request.format;
  if (format === undefined) {
    const peeked = await peekHead(chunks, detectionBytes);
    chunks = peeked.chunks;
    const detected = detectFormat(peeked.head);
    if (detected === 'secretsdump-ntds' || detected === 'potfile') {
      throw new ImportFormatError(
        `This is ${detected === 'potfile' ? 'a potfile' : 'an NTDS file'} of a password audit; import it under password cracking, together with ${detected === 'potfile' ? 'its NTDS file' : 'its potfile'}`,
      );
    }
    format = detected;
  }
  if (format === 'password-audit' || !formatCatalogue[format].services.includes(request.service)) {
    throw new ImportFormatError(
      `This file is ${formatCatalogue[format].label}, which the ${request.service} service does not import; it imports ${formatsOf(
        request.service,
      )
        .map((id) => formatCatalogue[id].label)
        .join(', ')}`,
    );
  }
  const tally = new ScanTally();
  yield* run(format, parsers[format](chunks, tally), tally, counter);
}

async function* parseAudit(
  request: ScanImportRequest,
  streams: ByteChunks[],
  counter: ByteCounter,
): AsyncGenerator<ScanRecord> {
  if (request.format !== undefined && request.format !== 'password-audit') {
    throw new ImportFormatError(
      `The password_cracking service imports an NTDS file with its potfile, not ${formatCatalogue[request.format].label}`,
    );
  }
  if (!request.passwordAudit) throw new Error('A password audit needs passwordAudit options (the company key).');
  const parts: Array<{ kind: DetectedContent | undefined; chunks: ByteChunks }> = [];
  for (const [index, stream] of streams.entries()) {
    const peeked = await peekHead(stream, detectionBytes);
    let kind: DetectedContent | undefined;
    try {
      kind = detectFormat(peeked.head, `file ${index + 1}`);
    } catch (error) {
      // An empty potfile is an audit where nothing was cracked; any other unreadable file is an error.
      if (!(error instanceof ImportFormatError && /empty/.test(error.message) && streams.length === 2)) throw error;
    }
    parts.push({ kind, chunks: peeked.chunks });
  }
  const ntds = parts.find((part) => part.kind === 'secretsdump-ntds');
  const potfile = parts.find((part) => part !== ntds && (part.kind === 'potfile' || part.kind === undefined));
  if (!ntds) {
    throw new ImportFormatError(
      parts.some((part) => part.kind === 'potfile')
        ? 'A potfile was given without its NTDS file: a password audit needs the secretsdump NTDS file too'
        : 'A password audit needs a secretsdump NTDS file (domain\\user:RID:LM hash:NT hash:::) and its potfile',
    );
  }
  if (!potfile || parts.length !== 2) {
    throw new ImportFormatError(
      'A password audit needs two files: the secretsdump NTDS file and the hashcat or John potfile of what was cracked',
    );
  }
  const tally = new ScanTally();
  yield* run(
    'password-audit',
    parsePasswordAudit({ ntds: ntds.chunks, potfile: potfile.chunks }, request.passwordAudit),
    tally,
    counter,
  );
}

async function closeInput(input: ByteSource): Promise<void> {
  const stream = input as { destroy?: () => void };
  if (typeof stream.destroy === 'function') stream.destroy();
  else await input[Symbol.asyncIterator]().return?.();
}

async function* run(
  format: FormatId,
  parser: AsyncGenerator<ParsedRecord, ParseResult>,
  tally: ScanTally,
  counter: ByteCounter,
): AsyncGenerator<ScanRecord> {
  try {
    for (;;) {
      const next = await parser.next();
      if (next.done) {
        yield { kind: 'summary', summary: tally.summary(format, next.value, counter.bytesRead) };
        return;
      }
      const record = next.value;
      if (record.kind === 'asset') {
        if (tally.admitAsset(record.asset)) yield record;
      } else {
        tally.countFinding(record.finding);
        yield record;
      }
    }
  } finally {
    // A consumer that stops early (a failed write) closes the parser and, through it, the file's stream.
    await parser.return(undefined as never);
  }
}
