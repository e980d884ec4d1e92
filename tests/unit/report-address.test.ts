// A report's filters in the address (web/src/pages/reports/report-address.ts): read from it with anything unknown
// dropped, written back with the open finding closed, so a shared link opens the same view.
import { describe, expect, it } from 'vitest';
import {
  filtersActive,
  filtersOf,
  looksLikeCidr,
  noReportFilters,
  withFilters,
} from '../../web/src/pages/reports/report-address.js';

describe('report filters in the address', () => {
  it('reads the known values once each, and ignores the rest', () => {
    const params = new URLSearchParams(
      'severity=high,bogus,high,critical&status=open&sla=overdue&confidence=firm,sure,certain&new=1&q=header' +
        '&cve=1&fix=yes&subnet=10.0.0.0/22&framework=CIS-2.0,,CIS-2.0,ENS-RD2022&site=https://a.example',
    );
    expect(filtersOf(params)).toEqual({
      ...noReportFilters,
      severity: ['high', 'critical'],
      status: ['open'],
      sla: 'overdue',
      confidence: ['firm', 'certain'],
      newOnly: true,
      hasCve: true,
      subnet: '10.0.0.0/22',
      framework: ['CIS-2.0', 'ENS-RD2022'],
      site: ['https://a.example'],
    });
    expect(filtersOf(new URLSearchParams('new=yes&cve=true&sla=late'))).toEqual(noReportFilters);
    expect(filtersActive(noReportFilters)).toBe(false);
    expect(filtersActive({ ...noReportFilters, subnet: '10.0.0.0/8' })).toBe(true);
  });

  it('writes the filters back, keeps the text, and closes the open finding', () => {
    const next = withFilters(new URLSearchParams('q=header&finding=abc&new=1&confidence=firm&fix=1'), {
      ...noReportFilters,
      severity: ['low'],
      category: ['encryption'],
    });
    expect(Object.fromEntries(next)).toEqual({ q: 'header', severity: 'low', category: 'encryption' });
    const shared =
      'sla=dueSoon&confidence=certain&new=1&cve=1&fix=1&subnet=2001:db8::/48&framework=CIS-2.0&site=https://b.example';
    expect(filtersOf(withFilters(new URLSearchParams(), filtersOf(new URLSearchParams(shared))))).toEqual(
      filtersOf(new URLSearchParams(shared)),
    );
  });

  it('tells a CIDR block’s shape from other text before the server judges it', () => {
    for (const block of ['10.0.0.0/24', '0.0.0.0/0', '2001:db8::/48', '::/0']) expect(looksLikeCidr(block)).toBe(true);
    for (const text of ['10.0.0.0', 'banana', '10.0.0.0/', 'example.com/24']) expect(looksLikeCidr(text)).toBe(false);
  });
});
