// A tool's HTML prose (ZAP's) as the Markdown every view, the CSV, the XLSX and the PDF read, and as plain text
// for evidence: paragraphs, line breaks, lists, character references, and the markup a tool quotes from a page.
import { describe, expect, it } from 'vitest';
import { scannerEvidence, scannerPlainText, scannerProse } from '../../../lambdas/kernel/scanners/scanner-html.js';

describe('scannerProse', () => {
  it('turns paragraphs into blank-line-separated text, <br> into a line break, <li> into "- " items', () => {
    expect(scannerProse('<p>First.</p><p>Second.</p>')).toBe('First.\n\nSecond.');
    expect(scannerProse(' <P> One </P>\n<p></p> ')).toBe('One');
    expect(scannerProse('<p>Line one<br>line two<br/>three</p>')).toBe('Line one\nline two\nthree');
    expect(scannerProse('<p>Do this:</p><ul><li>one</li><li>two</li></ul><p>Then.</p>')).toBe(
      'Do this:\n\n- one\n- two\n\nThen.',
    );
    expect(scannerProse('<ol><li>first</li><li>second</li></ol>')).toBe('1. first\n2. second');
  });

  it('decodes character references and keeps bold and italics as Markdown', () => {
    expect(scannerProse('<p>Tom &amp; Jerry &quot;quoted&quot; &#39;x&#39; &lt;tag&gt;</p>')).toBe(
      'Tom & Jerry "quoted" \'x\' <tag>',
    );
    expect(scannerProse('<p>A <b>bold</b> and <i>slanted</i> word</p>')).toBe('A **bold** and *slanted* word');
  });

  it("gives '<p></p>' no text, and leaves text that is not HTML prose as written", () => {
    expect(scannerProse('<p></p>')).toBeUndefined();
    expect(scannerProse(undefined)).toBeUndefined();
    expect(scannerProse('Plain **Markdown** with <b>a tag</b>.')).toBe('Plain **Markdown** with <b>a tag</b>.');
  });

  it('keeps markup quoted from a page as inline code, so no view interprets it and no reader loses it', () => {
    expect(scannerProse('<p>Seen in: "<script src="/a.js" defer></script>", see evidence.</p>')).toBe(
      'Seen in: "`<script src="/a.js" defer></script>`", see evidence.',
    );
    expect(scannerProse('<p><script>alert(1)</script></p>')).toBe('`<script>`alert(1)`</script>`');
  });
});

describe('scannerPlainText and scannerEvidence', () => {
  it('reads the same structure without Markdown markers, quoted markup as written', () => {
    expect(scannerPlainText('<p>A <b>bold</b> &amp; <form action="/x"> word</p><ul><li>item</li></ul>')).toBe(
      'A bold & <form action="/x"> word\n\n- item',
    );
    // Only ZAP's other info is prose; what the tool matched stays as the page sent it.
    expect(scannerEvidence({ otherInfo: '<p>One.</p><p>Two.</p>', evidence: '<p>page</p>', count: 2 })).toEqual({
      otherInfo: 'One.\n\nTwo.',
      evidence: '<p>page</p>',
      count: 2,
    });
  });
});
