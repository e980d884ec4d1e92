// The notification mail (each finding's severity, title and link; the HTML escapes titles; at most 50 listed) and
// the local stand-in's daily schedule (the next run at the given UTC time).
import { describe, expect, it } from 'vitest';
import { nextDailyRun } from '../../infra/local/daily-schedule.js';
import { findingLink, notificationMail } from '../../lambdas/kernel/notifications/notification-mail.js';

const base = { to: 'a@b.example', portalUrl: 'https://portal.example/', productName: 'Portal', companyName: 'Acme' };

describe('notification mail', () => {
  it('lists severity, title and the link to the finding in the report, in both parts, the HTML escaped', () => {
    const mail = notificationMail({
      ...base,
      daily: false,
      findings: [
        { service: 'dast', findingId: 'abc123', title: 'XSS in <search>', severity: 'high' },
        { service: 'network', findingId: 'def', title: 'Open port', severity: 'critical' },
      ],
    });
    expect(mail.subject).toBe('2 findings published for Acme');
    expect(mail.text).toContain('- [High] XSS in <search>\n  https://portal.example/reports/dast?finding=abc123');
    expect(mail.text).toContain('Network scanning:\n- [Critical] Open port');
    expect(mail.html).toContain('XSS in &lt;search&gt;');
    expect(mail.html).not.toContain('<search>');
    expect(mail.html).toContain('href="https://portal.example/reports/network?finding=def"');
  });

  it('names the daily digest and counts what it does not list', () => {
    const findings = Array.from({ length: 53 }, (_, index) => ({
      service: 'cloud' as const,
      findingId: `f${index}`,
      title: `Finding ${index}`,
      severity: 'low' as const,
    }));
    const mail = notificationMail({ ...base, daily: true, findings });
    expect(mail.subject).toBe('Daily digest: 53 findings published for Acme');
    expect(mail.text).toContain('Finding 49');
    expect(mail.text).not.toContain('Finding 50');
    expect(mail.text).toContain('And 3 more');
  });

  it('encodes the finding id in the link', () => {
    expect(findingLink('https://p.example', { service: 'dast', findingId: 'a/b?c' })).toBe(
      'https://p.example/reports/dast?finding=a%2Fb%3Fc',
    );
  });
});

describe('the daily schedule stand-in', () => {
  it('runs next at the time given, today if it is still to come, else tomorrow (UTC)', () => {
    const now = Date.UTC(2026, 10, 26, 5, 30);
    expect(nextDailyRun('06:00', now)).toBe(Date.UTC(2026, 10, 26, 6, 0));
    expect(nextDailyRun('05:30', now)).toBe(Date.UTC(2026, 10, 27, 5, 30));
    expect(nextDailyRun('00:15', now)).toBe(Date.UTC(2026, 10, 27, 0, 15));
  });
});
