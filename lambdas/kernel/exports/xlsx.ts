// XLSX through write-excel-file (a kept, light library: its one dependency is fflate; it adds about 60 KB to
// the report worker's bundle, where exceljs would add over a megabyte). One sheet, a sticky header row, typed
// cells (numbers, dates), column widths. Cell text is stored as text, never as a formula, whatever it starts with.
import writeXlsxFile, { type Row } from 'write-excel-file/node';
import type { ExportColumn } from './export-columns.js';
import type { VisibleFinding } from '../findings/finding-visibility.js';

/** Excel's limit on a cell's text. */
const maxCellChars = 32_767;

export async function findingsXlsx(
  columns: readonly ExportColumn[],
  findings: readonly VisibleFinding[],
  sheet: string,
): Promise<Buffer> {
  const rows: Row[] = [columns.map((column) => ({ value: column.header, fontWeight: 'bold' as const }))];
  for (const finding of findings) {
    rows.push(
      columns.map((column) => {
        const value = column.value(finding);
        if (value === undefined) return null;
        if (value instanceof Date) return { value, type: Date, format: 'yyyy-mm-dd hh:mm' };
        if (typeof value === 'number') return { value, type: Number };
        return { value: value.slice(0, maxCellChars), type: String };
      }),
    );
  }
  return writeXlsxFile(rows, {
    sheet: sheet.slice(0, 31).replace(/[\\/?*[\]:]/g, ' '),
    columns: columns.map((column) => ({ width: column.width })),
    stickyRowsCount: 1,
  }).toBuffer();
}
