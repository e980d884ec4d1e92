// Table preferences as stored in a browser (web/src/components/tables/table-config.ts): what still fits
// the table is kept, the rest falls back to its defaults.
import { describe, expect, it } from 'vitest';
import {
  defaultTablePreferences,
  readTablePreferences,
  type TableConfig,
} from '../../web/src/components/tables/table-config.js';

const config: TableConfig<{ email: string }> = {
  id: 'people',
  noun: 'people',
  columns: [
    { id: 'email', header: 'E-mail', cell: (row) => row.email, alwaysVisible: true },
    { id: 'name', header: 'Name', cell: () => '' },
    { id: 'notes', header: 'Notes', cell: () => '', hiddenByDefault: true },
  ],
  orderColumn: 'email',
  pageSizes: [10, 20, 50],
  defaultPageSize: 20,
  fetchSize: 50,
};
const defaults = defaultTablePreferences(config);

describe('table preferences', () => {
  it('defaults: every column but the hidden-by-default ones, lines wrapped', () => {
    expect(defaults).toEqual({
      pageSize: 20,
      contentDisplay: [
        { id: 'email', visible: true },
        { id: 'name', visible: true },
        { id: 'notes', visible: false },
      ],
      wrapLines: true,
      stripedRows: false,
    });
  });

  it('keeps stored choices that fit, in their order, and drops or completes the rest', () => {
    const stored = {
      pageSize: 10,
      contentDisplay: [
        { id: 'name', visible: false },
        { id: 'gone', visible: true },
        { id: 'email', visible: false },
      ],
      wrapLines: false,
      stripedRows: 'yes',
    };

    expect(readTablePreferences(config, stored, defaults)).toEqual({
      pageSize: 10,
      contentDisplay: [
        { id: 'name', visible: false },
        { id: 'email', visible: true },
        { id: 'notes', visible: false },
      ],
      wrapLines: false,
      stripedRows: false,
    });
  });

  it('ignores what is not preferences at all, and page sizes the table does not offer', () => {
    expect(readTablePreferences(config, 'oops', defaults)).toEqual(defaults);
    expect(readTablePreferences(config, { pageSize: 1000 }, defaults).pageSize).toBe(20);
  });
});
