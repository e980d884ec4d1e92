// The web build's stand-in for intl-messageformat (web/vite.config.ts): what Cloudscape's error-boundary
// fallback could ask of it gives what the real library gives.
import RealIntlMessageFormat from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import IntlMessageFormat from '../../web/src/vendor/intl-messageformat-lite.js';

describe('intl-messageformat-lite', () => {
  it('returns a plain message as written', () => {
    const message = 'Something went wrong. Refresh the page.';
    expect(new IntlMessageFormat(message).format()).toBe(new RealIntlMessageFormat(message).format());
  });

  it('fills {name} arguments', () => {
    const message = 'Failed to load {what}, try again.';
    const values = { what: 'the findings' };
    expect(new IntlMessageFormat(message).format(values)).toBe(new RealIntlMessageFormat(message).format(values));
  });

  it('passes a tag chunk to its function argument, as the fallback does for <Feedback>', () => {
    const message = 'Refresh, or <Feedback>tell us</Feedback>.';
    const values = { Feedback: (chunks: unknown[]) => ({ link: chunks[0] }) };
    const expected = new RealIntlMessageFormat(message).format(values);
    expect(new IntlMessageFormat(message).format(values)).toEqual(expected);
    expect(expected).toEqual(['Refresh, or ', { link: 'tell us' }, '.']);
  });
});
