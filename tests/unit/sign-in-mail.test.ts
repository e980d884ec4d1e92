// The sign-in and invitation mails: both parts carry the link; the HTML part escapes what it interpolates
// and opens the link in a new tab.
import { describe, expect, it } from 'vitest';
import { invitationMail } from '../../lambdas/kernel/sign-in/invitation-mail.js';
import { signInMail } from '../../lambdas/kernel/sign-in/sign-in-mail.js';

describe('sign-in mail', () => {
  const base = {
    to: 'a@b.example',
    productName: 'Portal',
    expiresAt: Date.UTC(2026, 10, 21, 12, 0),
    timeZone: 'Europe/Berlin',
  };

  it("has a text and an HTML part with the same absolute link and the expiry in the reader's time zone", () => {
    const link = 'https://portal.example/auth/redirect#signin=abc_DEF-123';
    const mail = signInMail({ ...base, link });
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.text).toContain('expires at 21 Nov 2026, 13:00 CET');
  });

  it('opens the link in a new tab, without opener or Referer (a framed mail view cannot show the portal)', () => {
    const link = 'https://portal.example/auth/redirect#signin=abc';
    expect(signInMail({ ...base, link }).html).toContain(`<a href="${link}" target="_blank" rel="noopener noreferrer"`);
    const invitation = invitationMail({
      to: 'a@b.example',
      link,
      origin: 'https://portal.example',
      productName: 'Portal',
      companyName: 'Acme Corp',
      invitedBy: 'Ana Analyst',
      lifetimeMinutes: 15,
      invitationDays: 14,
    });
    expect(invitation.html).toContain(`<a href="${link}" target="_blank" rel="noopener noreferrer"`);
    expect(invitation.html).toContain('<a href="https://portal.example" target="_blank" rel="noopener noreferrer">');
  });

  it('the invitation says who invited whom where, and that they join only if they accept, in both parts', () => {
    const mail = invitationMail({
      to: 'a@b.example',
      link: 'https://portal.example/auth/redirect#signin=abc',
      origin: 'https://portal.example',
      productName: 'Portal',
      companyName: 'Acme Corp',
      invitedBy: 'Ana Analyst',
      lifetimeMinutes: 15,
      invitationDays: 14,
    });
    expect(mail.subject).toBe('Acme Corp invited you to Portal');
    expect(mail.text).toContain('Ana Analyst invited you to join Acme Corp on Portal.');
    expect(mail.text).toContain('You join Acme Corp only if you accept; the invitation waits 14 days');
    expect(mail.html).toContain('Ana Analyst invited you to join <strong>Acme Corp</strong> on Portal.');
    expect(mail.html).toContain('You join Acme Corp only if you accept');
  });

  it('escapes the address and the product name in the HTML part', () => {
    const mail = signInMail({
      ...base,
      productName: 'A<b>&"C"',
      link: 'https://x.example/auth/redirect#signin="><script>alert(1)</script>',
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&quot;&gt;&lt;script&gt;');
    expect(mail.html).toContain('A&lt;b&gt;&amp;&quot;C&quot;');
  });

  it('falls back to UTC for a time zone the server does not know', () => {
    expect(signInMail({ ...base, link: 'https://x.example', timeZone: 'Mars/Olympus' }).text).toContain('12:00 UTC');
  });
});
