// CSV (RFC 4180: CRLF line ends, every field quoted, quotes doubled), safe to open in a spreadsheet: a cell
// that starts with = + - @ or a tab or carriage return is prefixed with ' so the application shows it as
// text instead of running it as a formula (OWASP "CSV injection"). Scanner text is data, never a formula.
import type { ExportCell, ExportColumn } from './export-columns.js';
import type { VisibleFinding } from '../findings/finding-visibility.js';

const formulaStart = /^[=+\-@\t\r]/;

export function csvCell(value: ExportCell): string {
  let text = value === undefined ? '' : value instanceof Date ? value.toISOString() : String(value);
  if (typeof value === 'string' && formulaStart.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function csvLine(cells: readonly ExportCell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** The whole file: a byte-order mark (spreadsheets then read UTF-8), the header line, one line per finding. */
export function findingsCsv(columns: readonly ExportColumn[], findings: readonly VisibleFinding[]): Buffer {
  const lines = [csvLine(columns.map((column) => column.header))];
  for (const finding of findings) lines.push(csvLine(columns.map((column) => column.value(finding))));
  return Buffer.from(`\uFEFF${lines.join('')}`, 'utf8');
}
