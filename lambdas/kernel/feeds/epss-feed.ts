// FIRST's EPSS scores in their own CSV format (epss_scores-YYYY-MM-DD.csv[.gz]): a first line
// `#model_version:v2025.03.14,score_date:2025-03-14T00:00:00+0000`, the header `cve,epss,percentile`, then one row
// per CVE (`CVE-2021-44228,0.94358,0.99960`). About 300,000 rows: read line by line, never whole. The import reads
// it twice, first to check every row (so a malformed feed changes nothing), then to store it.
import type { Readable } from 'node:stream';
import { cveIdPattern } from '../../contracts/exploit-signals.js';
import { ImportFormatError } from '../scanners/import-format-error.js';
import type { EpssEntry, FeedHeader } from './feed-entries.js';
import { numberedLines } from './feed-stream.js';

/** A decimal as EPSS writes it (`0.00043`), or in exponent form. */
const number = /^(?:\d+(?:\.\d*)?|\.\d+)(?:e[-+]?\d+)?$/i;

/** The first line's fields: `#model_version:v2025.03.14,score_date:2025-03-14T00:00:00+0000`. */
export function parseEpssHeaderLine(text: string): FeedHeader {
  const clean = text.replace(/^\uFEFF/, '').trim();
  if (!clean.startsWith('#')) {
    const hint = clean.startsWith('{') ? ": it looks like JSON (KEV's catalogue?): upload it as KEV" : '';
    throw new ImportFormatError(`The file is not an EPSS CSV: its first line is not #model_version…${hint}`, {
      line: 1,
    });
  }
  const fields = Object.fromEntries(
    clean
      .slice(1)
      .split(',')
      .map((part) => {
        const at = part.indexOf(':');
        return at < 0 ? [part.trim(), ''] : [part.slice(0, at).trim(), part.slice(at + 1).trim()];
      }),
  );
  if (!fields.model_version) {
    throw new ImportFormatError('The file is not an EPSS CSV: its first line names no model_version', { line: 1 });
  }
  return { version: fields.model_version, ...(fields.score_date ? { released: fields.score_date } : {}) };
}

/** One row; throws naming the line and the column. */
export function parseEpssRow(text: string, line: number): EpssEntry {
  const cells = text.split(',');
  if (cells.length !== 3) {
    throw new ImportFormatError(`A row must have three columns, cve,epss,percentile; it has ${cells.length}`, { line });
  }
  const [cve, epss, percentile] = cells.map((cell) => cell.trim()) as [string, string, string];
  if (!cveIdPattern.test(cve)) {
    throw new ImportFormatError(`cve must be a CVE id such as CVE-2021-44228, not ${JSON.stringify(cve)}`, { line });
  }
  const fraction = (column: string, value: string) => {
    const parsed = number.test(value) ? Number(value) : Number.NaN;
    if (!Number.isFinite(parsed) || parsed < 0 || parsed > 1) {
      throw new ImportFormatError(`${column} of ${cve} must be a number from 0 to 1, not ${JSON.stringify(value)}`, {
        line,
      });
    }
    return parsed;
  };
  return { cve, score: fraction('epss', epss), percentile: fraction('percentile', percentile) };
}

/**
 * Reads an EPSS CSV (already gunzipped) line by line: `onHeader` gets its first line's fields, then each row is
 * yielded. An empty feed, a missing header or a bad row throws an ImportFormatError naming its line.
 */
export async function* readEpssScores(text: Readable, onHeader?: (header: FeedHeader) => void) {
  let rows = 0;
  let sawColumns = false;
  for await (const { line, text: content } of numberedLines(text)) {
    if (line === 1) {
      onHeader?.(parseEpssHeaderLine(content));
      continue;
    }
    if (!sawColumns) {
      if (content.trim().toLowerCase() !== 'cve,epss,percentile') {
        throw new ImportFormatError('The EPSS CSV must name its columns cve,epss,percentile after its first line', {
          line,
        });
      }
      sawColumns = true;
      continue;
    }
    if (!content.trim()) continue;
    rows += 1;
    yield parseEpssRow(content, line) satisfies EpssEntry;
  }
  if (!sawColumns) throw new ImportFormatError('The file is not an EPSS CSV: it has no cve,epss,percentile header');
  if (rows === 0) throw new ImportFormatError('The EPSS CSV holds no scores');
}
