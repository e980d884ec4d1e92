// The XML answers of SES's query protocol (kernel/aws/xml-answer.ts): SES's own answer shapes, entities and
// character references, comments and the declaration skipped, and a document that is not well formed refused.
import { describe, expect, it } from 'vitest';
import { child, entriesOf, membersOf, parseXml, textAt } from '../../lambdas/kernel/aws/xml-answer.js';

describe('parseXml', () => {
  it("reads SES's map and list shapes", () => {
    const answer = parseXml(
      '<?xml version="1.0"?>\n<GetIdentityDkimAttributesResponse xmlns="http://ses.amazonaws.com/doc/2010-12-01/">' +
        '<GetIdentityDkimAttributesResult><DkimAttributes><entry><key>acme.example</key><value>' +
        '<DkimEnabled>true</DkimEnabled><DkimVerificationStatus>Success</DkimVerificationStatus>' +
        '<DkimTokens><member>t1</member><member>t2</member></DkimTokens></value></entry></DkimAttributes>' +
        '</GetIdentityDkimAttributesResult><ResponseMetadata><RequestId>r</RequestId></ResponseMetadata>' +
        '</GetIdentityDkimAttributesResponse>',
    );
    const entries = entriesOf(child(answer, 'GetIdentityDkimAttributesResult', 'DkimAttributes'));
    expect([...entries.keys()]).toEqual(['acme.example']);
    expect(textAt(entries.get('acme.example'), 'DkimVerificationStatus')).toBe('Success');
    expect(membersOf(child(entries.get('acme.example'), 'DkimTokens'))).toEqual(['t1', 't2']);
  });

  it('decodes entities and character references, skips comments, and reads an empty element', () => {
    const node = parseXml('<a><!-- note --><b>x &amp; y &lt;&#233;&#x1F600;&gt; &quot;q&apos;</b><c/><d></d></a>');
    expect(textAt(node, 'b')).toBe('x & y <é😀> "q\'');
    expect(textAt(node, 'c')).toBe('');
    expect(textAt(node, 'd')).toBe('');
    expect(textAt(node, 'missing')).toBeUndefined();
  });

  it('refuses a document that is not well formed', () => {
    expect(() => parseXml('<a><b></a>')).toThrow(/XML/);
    expect(() => parseXml('<a>')).toThrow(/XML/);
    expect(() => parseXml('<a/><b/>')).toThrow(/XML/);
    expect(() => parseXml('</a>')).toThrow(/XML/);
  });
});
