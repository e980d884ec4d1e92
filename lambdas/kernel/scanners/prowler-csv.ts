// Prowler CSV (-M csv): `;`-separated, a header of upper-case columns, quoted fields where needed.
// Prowler 4/5 name the uid FINDING_UID, Prowler 3 FINDING_UNIQUE_ID; both read the same.
import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import type { ToolInfo } from './finding-model.js';
import { ImportFormatError } from './import-format-error.js';
import { newProwlerMetrics, prowlerRecords, type ProwlerResult } from './prowler.js';
import type { ScanParser } from './scan-parser.js';
import type { ByteChunks } from './byte-source.js';

const requiredColumns = ['CHECK_ID', 'STATUS'];

export const parseProwlerCsv: ScanParser = async function* (chunks, context) {
  const metrics = newProwlerMetrics();
  const tool: ToolInfo = { name: 'prowler' };
  for await (const { row, line } of readCsvRows(chunks, context.inputName)) {
    const result = fromCsv(row);
    const version = row.PROWLER_VERSION;
    if (version && !/^<[^<>]*>$/.test(version)) tool.version ??= version;
    const outcome = prowlerRecords(result, metrics, tool);
    if ('skipped' in outcome) context.warn(`Line ${line}: skipped ${outcome.skipped}`);
    else yield* outcome.records;
  }
  return { tool, metrics };
};

type Row = Record<string, string | undefined>;

async function* readCsvRows(chunks: ByteChunks, inputName?: string): AsyncGenerator<{ row: Row; line: number }> {
  let header: string[] | undefined;
  const parser = parse({
    delimiter: ';',
    bom: true,
    skip_empty_lines: true,
    // A CSV row is one finding; 8 MB is far beyond any, and bounds memory on a file with an unclosed quote.
    max_record_size: 8 * 1024 * 1024,
    info: true,
    columns: (names: string[]) => {
      header = names.map((name) => name.trim());
      return header;
    },
  });
  const source = Readable.from(chunks);
  source.on('error', (error) => parser.destroy(error));
  parser.on('close', () => source.destroy());
  source.pipe(parser);
  let any = false;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: Row; info: { lines: number } }>) {
      if (!any) {
        any = true;
        const missing = requiredColumns.filter((column) => !header?.includes(column));
        if (missing.length > 0) {
          throw new ImportFormatError(
            `This is not a Prowler CSV: the header has no ${missing.join(' and ')} column (columns are separated by ";")`,
            { line: 1, input: inputName },
          );
        }
      }
      yield { row: record, line: info.lines };
    }
  } catch (error) {
    if (error instanceof CsvError)
      throw new ImportFormatError(describeCsvError(error), { line: lineOf(error), input: inputName });
    throw error;
  } finally {
    parser.destroy();
  }
  if (!header) throw new ImportFormatError('The file is empty', { input: inputName });
}

function lineOf(error: CsvError): number | undefined {
  const lines = (error as CsvError & { lines?: unknown }).lines;
  return typeof lines === 'number' ? lines : undefined;
}

function describeCsvError(error: CsvError): string {
  switch (error.code) {
    case 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH':
    case 'CSV_RECORD_INCONSISTENT_COLUMNS':
      return 'A row has a different number of ";"-separated fields than the header';
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'A quoted field is never closed: the file looks cut short';
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'INVALID_OPENING_QUOTE':
      return 'A field has a quote in the wrong place';
    case 'CSV_MAX_RECORD_SIZE':
      return 'A row is longer than 8 MB';
    default:
      return 'The CSV cannot be read';
  }
}

function fromCsv(row: Row): ProwlerResult {
  const get = (column: string): string | undefined => {
    const value = row[column]?.trim();
    return value ? value : undefined;
  };
  const remediationCode: Record<string, string> = {};
  for (const [column, name] of [
    ['REMEDIATION_CODE_CLI', 'Cli'],
    ['REMEDIATION_CODE_TERRAFORM', 'Terraform'],
    ['REMEDIATION_CODE_NATIVEIAC', 'NativeIac'],
    ['REMEDIATION_CODE_OTHER', 'Other'],
  ] as const) {
    const code = get(column);
    if (code) remediationCode[name] = code;
  }
  return {
    uid: get('FINDING_UID') ?? get('FINDING_UNIQUE_ID'),
    provider: get('PROVIDER') ?? 'unknown',
    checkId: get('CHECK_ID') ?? '',
    checkTitle: get('CHECK_TITLE'),
    status: get('STATUS') ?? '',
    statusDetail: get('STATUS_EXTENDED'),
    muted: get('MUTED')?.toLowerCase() === 'true',
    severity: get('SEVERITY'),
    serviceName: get('SERVICE_NAME'),
    resourceUid: get('RESOURCE_UID') ?? get('RESOURCE_ARN'),
    resourceName: get('RESOURCE_NAME') ?? get('RESOURCE_ID'),
    resourceType: get('RESOURCE_TYPE'),
    region: get('REGION'),
    accountUid: get('ACCOUNT_UID') ?? get('ACCOUNT_ID'),
    accountName: get('ACCOUNT_NAME'),
    description: get('DESCRIPTION'),
    risk: get('RISK'),
    remediation: get('REMEDIATION_RECOMMENDATION_TEXT'),
    references: [get('REMEDIATION_RECOMMENDATION_URL'), get('RELATED_URL')].filter((url): url is string => !!url),
    remediationCode,
    compliance: parseCompliance(get('COMPLIANCE')),
    categories: (get('CATEGORIES') ?? '')
      .split(/[|,]/)
      .map((category) => category.trim())
      .filter(Boolean),
    time: get('TIMESTAMP'),
    checkTypes: (get('CHECK_TYPE') ?? '')
      .split(/[|,]/)
      .map((type) => type.trim())
      .filter(Boolean),
  };
}

/** `CIS-1.4: 1.20 | KISA-ISMS-P-2023: 2.5.6, 2.6.4` → `{ "CIS-1.4": ["1.20"], "KISA-ISMS-P-2023": ["2.5.6", "2.6.4"] }`. */
function parseCompliance(value: string | undefined): Record<string, string[]> {
  const entries: Array<[string, string[]]> = [];
  for (const part of (value ?? '').split(' | ')) {
    const colon = part.indexOf(':');
    if (colon <= 0) continue;
    const requirements = part
      .slice(colon + 1)
      .split(', ')
      .map((requirement) => requirement.trim())
      .filter(Boolean);
    entries.push([part.slice(0, colon).trim(), requirements]);
  }
  return Object.fromEntries(entries);
}
