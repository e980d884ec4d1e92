// The pure parts of curating findings in the web (web/src/pages/analyst/services): the expiry day of an
// accepted risk (the date picker's day, the days it allows), a status with its reason in words and as the
// server takes it, the values of an edit as the history shows them, what a bulk action says it does, the
// tag a box may add, the history's order, and the bulk update remembered in this browser.
import { describe, expect, it } from 'vitest';
import { maxBulkFindings as serverMaxBulkFindings } from '../../lambdas/contracts/curation.js';
import {
  bulkSummary,
  dayStart,
  editValueText,
  isExpiryDayAllowed,
  isoDay,
  maxBulkFindings,
  statusText,
} from '../../web/src/pages/analyst/services/curation/curation-text.js';
import { historyEntries } from '../../web/src/pages/analyst/services/finding-detail/finding-detail-tables.js';
import { cleanStatus, isStatusComplete } from '../../web/src/pages/analyst/services/curation/finding-status-fields.js';
import { tagProblem } from '../../web/src/pages/analyst/services/curation/finding-tags-input.js';
import {
  forgetBulkUpdate,
  readRememberedBulkUpdate,
  rememberBulkUpdate,
  rememberedBulkUpdateKey,
} from '../../web/src/pages/analyst/services/bulk-updates/running-bulk-updates.js';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

describe('the expiry day of an accepted risk', () => {
  const now = new Date(2026, 10, 23, 15, 30).getTime();

  it("reads the date picker's day as the start of that day here, and writes it back the same", () => {
    const at = dayStart('2027-01-15');
    expect(at).toBe(new Date(2027, 0, 15).getTime());
    expect(isoDay(at!)).toBe('2027-01-15');
    expect(dayStart('2027-01')).toBeUndefined();
    expect(dayStart('')).toBeUndefined();
  });

  it('allows from tomorrow to three years ahead, as the server does', () => {
    expect(isExpiryDayAllowed(new Date(2026, 10, 23), now)).toBe(false);
    expect(isExpiryDayAllowed(new Date(2026, 10, 24), now)).toBe(true);
    expect(isExpiryDayAllowed(new Date(2029, 10, 23), now)).toBe(true);
    expect(isExpiryDayAllowed(new Date(2029, 10, 24), now)).toBe(false);
  });
});

describe('a status with its reason', () => {
  it('is whole once risk accepted has its expiry; other statuses need none', () => {
    expect(isStatusComplete({ status: 'risk_accepted' })).toBe(false);
    expect(isStatusComplete({ status: 'risk_accepted', expiresAt: 1_900_000_000_000 })).toBe(true);
    expect(isStatusComplete({ status: 'false_positive' })).toBe(true);
  });

  it('is sent without an expiry but for risk accepted, without a blank note, and without a note when open', () => {
    expect(cleanStatus({ status: 'false_positive', note: 'lab host', expiresAt: 5 })).toEqual({
      status: 'false_positive',
      note: 'lab host',
    });
    expect(cleanStatus({ status: 'out_of_scope', note: '   ' })).toEqual({ status: 'out_of_scope' });
    expect(cleanStatus({ status: 'open', note: 'was accepted' })).toEqual({ status: 'open' });
    expect(cleanStatus({ status: 'risk_accepted', expiresAt: 7 })).toEqual({ status: 'risk_accepted', expiresAt: 7 });
  });

  it('reads as the status, its expiry and its note', () => {
    const until = new Date(2027, 2, 3).getTime();
    expect(statusText({ status: 'open' })).toBe('Open');
    expect(statusText({ status: 'false_positive', note: ' test servers only ' })).toBe(
      'False positive: test servers only',
    );
    expect(statusText({ status: 'risk_accepted', expiresAt: until, note: 'fix in Q2' })).toMatch(
      /^Risk accepted until .*2027: fix in Q2$/,
    );
  });
});

describe("an edit's values in the history", () => {
  it("says the tool's when the analyst's value was cleared, and uses the labels of severities and statuses", () => {
    expect(editValueText('severity', null)).toBe("The tool's");
    expect(editValueText('title', '')).toBe("The tool's text");
    expect(editValueText('severity', 'high')).toBe('High');
    expect(editValueText('status', { status: 'out_of_scope', note: 'not ours' })).toBe('Out of scope: not ours');
    expect(editValueText('published', true)).toBe('Yes');
    expect(editValueText('tags', [])).toBe('None');
    expect(editValueText('tags', ['pci', 'web'])).toBe('pci, web');
    expect(editValueText('notes', 'x'.repeat(200))).toHaveLength(120);
  });

  it('lists the scans’ changes and the analysts’ edits together, newest first', () => {
    const entries = historyEntries(
      [{ importId: 'imp1', at: 10, change: 'new', severity: 'high' }],
      [
        { at: 30, by: 'ann@example.com', field: 'title', before: '', after: 'Ann' },
        { at: 20, by: 'ben@example.com', field: 'tags', before: [], after: ['pci'] },
      ],
    );
    expect(entries.map((entry) => [entry.kind, entry.at])).toEqual([
      ['edit', 30],
      ['edit', 20],
      ['scan', 10],
    ]);
  });
});

describe('bulk actions and tags', () => {
  it("take at most the server's number of findings at once", () => {
    expect(maxBulkFindings).toBe(serverMaxBulkFindings);
  });

  it('say what they do to how many findings', () => {
    expect(bulkSummary({ kind: 'setStatus', value: { status: 'fixed' } }, 12)).toBe(
      'Set the status to Fixed on 12 findings',
    );
    expect(bulkSummary({ kind: 'setSeverity', value: null }, 1)).toBe(
      "Set the severity back to the tool's on 1 finding",
    );
    expect(bulkSummary({ kind: 'setPublished', value: false }, 2)).toBe('Unpublish on 2 findings');
    expect(bulkSummary({ kind: 'addTag', tag: 'pci' }, 3)).toBe('Add the tag pci on 3 findings');
    expect(bulkSummary({ kind: 'applyTemplate', templateId: 'rule-zap-10098' }, 1_000, 'Cross-Domain')).toBe(
      'Apply the template "Cross-Domain" on 1,000 findings',
    );
  });

  it("takes a tag by the server's rules: 1 to 64 characters, no control characters, 20 at most", () => {
    expect(tagProblem('pci', [])).toBeUndefined();
    expect(tagProblem('', [])).toBe('Type a tag.');
    expect(tagProblem('x'.repeat(65), [])).toBe('A tag is at most 64 characters.');
    expect(tagProblem('a\u0007b', [])).toBe('A tag holds no control characters.');
    const twenty = Array.from({ length: 20 }, (_, index) => `t${index}`);
    expect(tagProblem('one more', twenty)).toBe('A finding holds at most 20 tags.');
    expect(tagProblem('t3', twenty)).toBeUndefined();
  });
});

describe('the bulk update remembered in this browser', () => {
  it('is kept per company and service, read back, and forgotten only by its own id', () => {
    const storage = memoryStorage();
    rememberBulkUpdate('acme', 'dast', { bulkId: 'bulk_12345678', summary: 'Publish on 3 findings' }, storage);

    expect(storage.items.has(rememberedBulkUpdateKey('acme', 'dast'))).toBe(true);
    expect(readRememberedBulkUpdate('acme', 'dast', storage)).toEqual({
      bulkId: 'bulk_12345678',
      summary: 'Publish on 3 findings',
    });
    expect(readRememberedBulkUpdate('acme', 'network', storage)).toBeUndefined();
    forgetBulkUpdate('acme', 'dast', 'bulk_other_1', storage);
    expect(readRememberedBulkUpdate('acme', 'dast', storage)?.bulkId).toBe('bulk_12345678');
    forgetBulkUpdate('acme', 'dast', 'bulk_12345678', storage);
    expect(readRememberedBulkUpdate('acme', 'dast', storage)).toBeUndefined();
  });

  it('ignores what does not read as one', () => {
    const storage = memoryStorage();
    for (const text of ['not json', '{"bulkId":"../../x"}', '[]', '{"summary":"x"}']) {
      storage.setItem(rememberedBulkUpdateKey('acme', 'dast'), text);
      expect(readRememberedBulkUpdate('acme', 'dast', storage)).toBeUndefined();
    }
  });
});
