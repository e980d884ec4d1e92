// Masking secrets in evidence text: each pattern masks its secrets and leaves the rest as written.
import { describe, expect, it } from 'vitest';
import { maskSecrets } from '../../lambdas/contracts/secret-masks.js';

const request = [
  'POST /api/login HTTP/1.1',
  'Host: shop.example',
  'Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhbGljZSJ9.c2lnbmF0dXJl',
  'Cookie: session=abc123; theme=dark',
  'X-Api-Key: k-9f8e7d',
  '',
  'username=alice&password=Winter2026!',
].join('\n');

describe('maskSecrets', () => {
  it('masks the chosen patterns only, and counts them', () => {
    const { text, masked } = maskSecrets(request, ['bearer', 'cookie', 'password']);
    expect(text).toContain('Authorization: Bearer [masked]');
    expect(text).toContain('Cookie: session=[masked]; theme=[masked]');
    expect(text).toContain('username=alice&password=[masked]');
    expect(text).toContain('X-Api-Key: k-9f8e7d');
    expect(masked).toBe(4);
  });

  it('masks API keys, JWTs, AWS keys and a Set-Cookie value, keeping its attributes', () => {
    const { text } = maskSecrets(
      'X-Api-Key: k-9f8e7d\ntoken eyJa.eyJb.c2ln\nAKIAABCDEFGHIJKLMNOP\nSet-Cookie: sid=s3cr3t; Path=/; HttpOnly',
      ['apiKey', 'jwt', 'awsKey', 'cookie'],
    );
    expect(text).toBe('X-Api-Key: [masked]\ntoken [masked]\n[masked]\nSet-Cookie: sid=[masked]; Path=/; HttpOnly');
  });

  it('masks nothing twice', () => {
    const once = maskSecrets(request, ['bearer', 'cookie', 'password']).text;
    expect(maskSecrets(once, ['bearer', 'cookie', 'password'])).toEqual({ text: once, masked: 0 });
  });
});
