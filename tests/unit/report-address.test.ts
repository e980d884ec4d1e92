// A report's filters in the address (web/src/pages/reports/report-address.ts): read from it with anything unknown
// dropped, written back with the open finding closed, so a shared link opens the same view.
import { describe, expect, it } from 'vitest';
import { filtersOf, withFilters } from '../../web/src/pages/reports/report-address.js';

describe('report filters in the address', () => {
  it('reads the known values once each, and ignores the rest', () => {
    const params = new URLSearchParams(
      'severity=high,bogus,high,critical&status=open&confidence=firm,sure,certain&new=1&q=header',
    );
    expect(filtersOf(params)).toEqual({
      severity: ['high', 'critical'],
      status: ['open'],
      confidence: ['firm', 'certain'],
      newOnly: true,
    });
    expect(filtersOf(new URLSearchParams('new=yes'))).toEqual({
      severity: [],
      status: [],
      confidence: [],
      newOnly: false,
    });
  });

  it('writes the filters back, keeps the text, and closes the open finding', () => {
    const next = withFilters(new URLSearchParams('q=header&finding=abc&new=1&confidence=firm'), {
      severity: ['low'],
      status: [],
      confidence: [],
      newOnly: false,
    });
    expect(Object.fromEntries(next)).toEqual({ q: 'header', severity: 'low' });
    expect(
      filtersOf(withFilters(new URLSearchParams(), filtersOf(new URLSearchParams('confidence=certain&new=1')))),
    ).toEqual({ severity: [], status: [], confidence: ['certain'], newOnly: true });
  });
});
