// Markdown as the web draws it (markdown-text.tsx over markdown-blocks.ts), rendered to HTML as the browser would
// receive it: the supported subset becomes elements, and every attempt at markup of its own stays text.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MarkdownText, hasMarkdownText } from '../../web/src/components/markdown/markdown-text.js';
import { markdownBlocks, safeHref } from '../../lambdas/kernel/markdown/markdown-blocks.js';

const html = (text: string) => renderToStaticMarkup(createElement(MarkdownText, { text }));

describe('MarkdownText', () => {
  it('draws paragraphs, line breaks, bold, italics, code, lists, quotes and modest headings', () => {
    const out = html(
      '# Heading\n\nA **bold** and *slanted* `code` word\nnext line\n\n- one\n- two\n\n3. three\n4. four\n\n> quoted\n\n```\nblock <b>\n```',
    );
    expect(out).toContain('<strong>bold</strong>');
    expect(out).toContain('<em>slanted</em>');
    expect(out).toMatch(/<code[^>]*>code<\/code>/);
    expect(out).toContain('word<br/>next line');
    expect(out).toMatch(/<ul[^>]*><li[^>]*><p[^>]*>one<\/p><\/li><li[^>]*><p[^>]*>two<\/p><\/li><\/ul>/);
    expect(out).toMatch(/<ol[^>]*start="3"/);
    expect(out).toMatch(/<blockquote[^>]*><p[^>]*>quoted<\/p><\/blockquote>/);
    expect(out).toMatch(/<pre[^>]*>block &lt;b&gt;\n?<\/pre>/);
    // No heading element: the page's own heading order stays as it is.
    expect(out).not.toMatch(/<h\d/);
    expect(out).toMatch(/<p[^>]*>Heading<\/p>/);
  });

  it('shows raw HTML, scripts included, as text', () => {
    const out = html(
      'Hi <script>alert(1)</script> <img src=x onerror=alert(1)> <b>x</b>\n\n<div onclick="x()">block</div>',
    );
    expect(out).not.toMatch(/<script|<img|<b>|<div onclick/);
    expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(out).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(out).toContain('&lt;div onclick=&quot;x()&quot;&gt;block&lt;/div&gt;');
  });

  it('links only http, https and mailto, in a new tab without opener or referrer; other links are their text', () => {
    const out = html(
      '[safe](https://example.com/a) [bad](javascript:alert(1)) [data](data:text/html,x) [rel](/admin) <mailto:a@example.com>',
    );
    expect(out).toMatch(/<a[^>]*href="https:\/\/example.com\/a"[^>]*>/);
    expect(out).toMatch(/<a[^>]*rel="noopener noreferrer"/);
    expect(out).toMatch(/<a[^>]*target="_blank"/);
    expect(out).toMatch(/href="mailto:a@example.com"/);
    expect(out).not.toMatch(/javascript:|data:text|href="\/admin"/);
    expect(out).toContain('bad');
    expect(out).toContain('rel');
  });

  it('never loads a picture: an image is a link named by its alternative text', () => {
    const out = html('![diagram](https://example.com/d.png) ![evil](javascript:alert(1))');
    expect(out).not.toContain('<img');
    expect(out).toMatch(/<a[^>]*href="https:\/\/example.com\/d.png"[^>]*>(<span>)?diagram/);
    expect(out).toContain('evil');
    expect(out).not.toContain('javascript:');
  });

  it("reads a tool's HTML paragraphs stored by older imports as their text, and '<p></p>' as nothing", () => {
    expect(html('<p>One &amp; all.</p><p>Two.</p>')).toMatch(/<p[^>]*>One &amp; all.<\/p><p[^>]*>Two.<\/p>/);
    expect(hasMarkdownText('<p></p>')).toBe(false);
    expect(hasMarkdownText('   ')).toBe(false);
    expect(hasMarkdownText('x')).toBe(true);
  });
});

describe('markdownBlocks', () => {
  it('decodes character references in text, and keeps nesting bounded', () => {
    expect(markdownBlocks('a &amp; b &#x3c;')).toEqual([
      { kind: 'paragraph', inlines: [{ kind: 'text', text: 'a & b <' }] },
    ]);
    expect(() => markdownBlocks(`${'> '.repeat(200)}deep`)).not.toThrow();
  });

  it('accepts only http, https and mailto link targets', () => {
    expect(safeHref('https://example.com/x')).toBe('https://example.com/x');
    expect(safeHref('mailto:a@example.com')).toBe('mailto:a@example.com');
    for (const bad of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:text/html,x',
      '/relative',
      '//host/x',
      'vbscript:x',
    ]) {
      expect(safeHref(bad), bad).toBeUndefined();
    }
  });
});
