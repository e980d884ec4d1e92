// The mail of a comment on a finding: who wrote on which finding, an excerpt of the text (whitespace folded, cut at a
// word), the link each side opens the finding with, and the text kept inert in the HTML part.
import { describe, expect, it } from 'vitest';
import { commentExcerpt, commentMail, excerptLength } from '../../lambdas/kernel/notifications/comment-mail.js';

const base = {
  to: 'someone@example.com',
  portalUrl: 'https://portal.example.com/',
  productName: 'Portal',
  companyName: 'Acme',
  service: 'password_cracking' as const,
  findingId: 'a'.repeat(32),
  findingTitle: 'Weak password <admin>',
  authorName: 'Ana Lyst',
  authorSide: 'analyst' as const,
  body: 'Line one\n\n   line two <script>alert(1)</script>',
};

describe('the excerpt of a comment', () => {
  it('folds whitespace and keeps a short text whole', () => {
    expect(commentExcerpt('  a\n\nb\tc  ')).toBe('a b c');
  });

  it('cuts a long text at a word, with an ellipsis', () => {
    const long = `${'word '.repeat(100)}end`;
    const excerpt = commentExcerpt(long);
    expect(excerpt.length).toBeLessThanOrEqual(excerptLength + 1);
    expect(excerpt.endsWith('word…')).toBe(true);
    expect(excerpt).not.toContain('end');
  });
});

describe('the comment mail', () => {
  it("links a customer to the report's detail and names the analyst", () => {
    const mail = commentMail({ ...base, recipientSide: 'customer' });
    expect(mail.subject).toBe('Ana Lyst commented on “Weak password <admin>” (Acme)');
    expect(mail.text).toContain('Ana Lyst (analyst) commented on the Password cracking finding');
    expect(mail.text).toContain(`https://portal.example.com/reports/password_cracking?finding=${base.findingId}`);
    expect(mail.text).toContain('Line one line two <script>alert(1)</script>');
  });

  it("links an analyst to the service page and names the customer's company", () => {
    const mail = commentMail({ ...base, recipientSide: 'analyst', authorSide: 'customer', authorName: 'Mona Ger' });
    expect(mail.text).toContain('Mona Ger (Acme) commented on');
    expect(mail.text).toContain(
      `https://portal.example.com/analyst/services/password-cracking?finding=${base.findingId}`,
    );
  });

  it('keeps the text inert in the HTML part', () => {
    const mail = commentMail({ ...base, recipientSide: 'customer' });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('Weak password &lt;admin&gt;');
  });
});
