// CISA's Known Exploited Vulnerabilities catalogue in its own JSON format (known_exploited_vulnerabilities.json:
// {title, catalogVersion, dateReleased, count, vulnerabilities: [{cveID, vendorProject, product, vulnerabilityName,
// dateAdded, shortDescription, requiredAction, dueDate, knownRansomwareCampaignUse, notes, cwes}]}). The catalogue
// is small (about 1,400 entries, 1.5 MB), so it is read whole and checked whole before any entry is yielded: a
// catalogue with one bad entry is refused, naming the entry and its field.
import type { Readable } from 'node:stream';
import { cveIdPattern } from '../../contracts/exploit-signals.js';
import { ImportFormatError } from '../scanners/import-format-error.js';
import type { FeedHeader, KevEntry } from './feed-entries.js';
import { wholeText } from './feed-stream.js';

/** Far above the real catalogue's size (1.5 MB in 2025), far below a function's memory. */
const maxCatalogueBytes = 32 * 1024 * 1024;
const isoDate = /^\d{4}-\d{2}-\d{2}$/;

const describe = (text: string) => {
  const start = text.trimStart();
  if (start.startsWith('#model_version') || /^cve,epss,percentile/i.test(start)) {
    return 'it looks like an EPSS CSV: upload it as EPSS';
  }
  return 'it is not JSON';
};

/** Parses and checks a whole KEV catalogue; throws an ImportFormatError naming what is wrong. */
export function parseKevCatalogue(text: string): { header: FeedHeader; entries: KevEntry[] } {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    const cut = text.trim().length > 0 && /Unexpected end|Unterminated|end of JSON/i.test((error as Error).message);
    throw new ImportFormatError(
      cut
        ? 'The KEV catalogue is cut short: its JSON ends before it closes'
        : `The file is not CISA's KEV catalogue: ${describe(text)}`,
    );
  }
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    throw new ImportFormatError("The file is not CISA's KEV catalogue: it is not a JSON object");
  }
  const catalogue = document as Record<string, unknown>;
  if (!Array.isArray(catalogue.vulnerabilities)) {
    throw new ImportFormatError("The file is not CISA's KEV catalogue: vulnerabilities is not a list");
  }
  const entries: KevEntry[] = [];
  for (const [index, value] of (catalogue.vulnerabilities as unknown[]).entries()) {
    const where = `vulnerabilities[${index}]`;
    if (typeof value !== 'object' || value === null) throw new ImportFormatError(`${where} is not an object`);
    const item = value as Record<string, unknown>;
    const cve = typeof item.cveID === 'string' ? item.cveID.trim() : undefined;
    if (!cve || !cveIdPattern.test(cve)) {
      throw new ImportFormatError(
        `${where}.cveID must be a CVE id such as CVE-2021-44228, not ${JSON.stringify(item.cveID ?? null)}`,
      );
    }
    if (typeof item.dateAdded !== 'string' || !isoDate.test(item.dateAdded)) {
      throw new ImportFormatError(`${where}.dateAdded (${cve}) must be a date YYYY-MM-DD`);
    }
    const ransomware = item.knownRansomwareCampaignUse;
    if (ransomware !== 'Known' && ransomware !== 'Unknown') {
      throw new ImportFormatError(`${where}.knownRansomwareCampaignUse (${cve}) must be Known or Unknown`);
    }
    const text = (name: string) => {
      const value = item[name];
      return typeof value === 'string' ? value.slice(0, 500) : undefined;
    };
    entries.push({
      cve,
      dateAdded: item.dateAdded,
      ransomware,
      vendorProject: text('vendorProject'),
      product: text('product'),
      vulnerabilityName: text('vulnerabilityName'),
      dueDate: typeof item.dueDate === 'string' && isoDate.test(item.dueDate) ? item.dueDate : undefined,
    });
  }
  if (!entries.length) throw new ImportFormatError('The KEV catalogue lists no vulnerabilities');
  if (typeof catalogue.count === 'number' && catalogue.count !== entries.length) {
    throw new ImportFormatError(
      `The KEV catalogue says count ${catalogue.count} but lists ${entries.length} vulnerabilities: it is incomplete`,
    );
  }
  return {
    header: {
      ...(typeof catalogue.catalogVersion === 'string' ? { version: catalogue.catalogVersion } : {}),
      ...(typeof catalogue.dateReleased === 'string' ? { released: catalogue.dateReleased } : {}),
    },
    entries,
  };
}

/** Reads and checks a KEV catalogue from its (gunzipped) text stream. */
export async function readKevCatalogue(text: Readable): Promise<{ header: FeedHeader; entries: KevEntry[] }> {
  return parseKevCatalogue(await wholeText(text, maxCatalogueBytes));
}
