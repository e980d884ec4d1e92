// Function configuration: defaults that let a team work, and loud failures on bad settings.
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../lambdas/kernel/config.js';

const base = { TABLE_NAME: 'portal', SIGN_IN_SECRET: 's'.repeat(40) };

describe('configuration', () => {
  it('defaults: links live 15 minutes, one per address a minute, 30 per client address per 10 minutes', () => {
    const config = readConfig({ ...base });
    expect(config.SIGN_IN_LINK_TTL_SECONDS).toBe(900);
    expect(config.SIGN_IN_EMAIL_INTERVAL_SECONDS).toBe(60);
    expect(config.SIGN_IN_IP_LIMIT).toBeGreaterThanOrEqual(30);
    expect(config.SIGN_IN_IP_WINDOW_SECONDS).toBe(600);
    expect(config.REVEAL_UNKNOWN_ACCOUNTS).toBe(false);
  });

  it('parses allowed origins as an exact list', () => {
    const config = readConfig({ ...base, ALLOWED_ORIGINS: 'https://a.example, https://b.example' });
    expect(config.ALLOWED_ORIGINS).toEqual(['https://a.example', 'https://b.example']);
  });

  it('fails loudly on a missing table, a short secret or a malformed number', () => {
    expect(() => readConfig({ SIGN_IN_SECRET: base.SIGN_IN_SECRET })).toThrow(/TABLE_NAME/);
    expect(() => readConfig({ TABLE_NAME: 'portal', SIGN_IN_SECRET: 'short' })).toThrow(/SIGN_IN_SECRET/);
    expect(() => readConfig({ ...base, SIGN_IN_IP_LIMIT: 'lots' })).toThrow(/SIGN_IN_IP_LIMIT/);
  });

  it('refuses to believe a viewer-address header without an origin secret to prove it came from the CDN', () => {
    const viewer = { ...base, VIEWER_ADDRESS_HEADER: 'X-Viewer-Address' };
    expect(() => readConfig(viewer)).toThrow(/VIEWER_ADDRESS_HEADER needs ORIGIN_SECRET_HEADER/);
    expect(() => readConfig({ ...viewer, ORIGIN_SECRET_HEADER: 'x-origin-secret' })).toThrow(/ORIGIN_SECRET_ARN/);
    expect(() => readConfig({ ...viewer, ORIGIN_SECRET_HEADER: 'x-origin-secret', ORIGIN_SECRET: 'short' })).toThrow(
      /ORIGIN_SECRET/,
    );
    const config = readConfig({ ...viewer, ORIGIN_SECRET_HEADER: 'X-Origin-Secret', ORIGIN_SECRET_ARN: 'arn:x' });
    // API Gateway hands handlers lower-case header names.
    expect([config.VIEWER_ADDRESS_HEADER, config.ORIGIN_SECRET_HEADER]).toEqual([
      'x-viewer-address',
      'x-origin-secret',
    ]);
  });

  it('refuses an origin-secret header to check without the secret to check it against', () => {
    expect(() => readConfig({ ...base, ORIGIN_SECRET_HEADER: 'x-origin-secret' })).toThrow(
      /ORIGIN_SECRET_HEADER needs ORIGIN_SECRET or ORIGIN_SECRET_ARN/,
    );
    expect(
      readConfig({ ...base, ORIGIN_SECRET_HEADER: 'x-origin-secret', ORIGIN_SECRET: 'o'.repeat(32) }),
    ).toMatchObject({ ORIGIN_SECRET_HEADER: 'x-origin-secret' });
  });
});
