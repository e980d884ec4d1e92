// The parts of an asset key a findings list shows as columns (kernel/scanners/asset-keys.ts), from the keys the
// scanners' parsers write.
import { describe, expect, it } from 'vitest';
import { assetFacetsOf, checkServiceOf } from '../../lambdas/kernel/scanners/asset-keys.js';

describe('assetFacetsOf', () => {
  it('reads the host and port of a network finding, IPv6 hosts included', () => {
    expect(assetFacetsOf('port:10.0.0.1:22/tcp')).toEqual({ host: '10.0.0.1', port: '22/tcp' });
    expect(assetFacetsOf('port:2001:db8::1:443/tcp')).toEqual({ host: '2001:db8::1', port: '443/tcp' });
    expect(assetFacetsOf('port:scanme.example:161/udp')).toEqual({ host: 'scanme.example', port: '161/udp' });
    expect(assetFacetsOf('host:192.0.2.7')).toEqual({ host: '192.0.2.7' });
  });

  it('reads the provider, account and region of a cloud resource, whatever its id holds', () => {
    expect(assetFacetsOf('cloud-resource:aws/123456789012/eu-west-1/arn:aws:s3:::logs/2026/a')).toEqual({
      provider: 'aws',
      account: '123456789012',
      region: 'eu-west-1',
    });
    expect(assetFacetsOf('cloud-resource:gcp/my-project//')).toEqual({ provider: 'gcp', account: 'my-project' });
  });

  it('names nothing of other keys', () => {
    expect(assetFacetsOf('url:https://app.acme.example/login')).toEqual({});
    expect(assetFacetsOf('subdomain:www.acme.example')).toEqual({});
    expect(assetFacetsOf('account:corp.example\\alice')).toEqual({});
    expect(assetFacetsOf('port:10.0.0.1:ssh')).toEqual({});
    expect(assetFacetsOf('')).toEqual({});
  });
});

describe('checkServiceOf', () => {
  it("reads the service a Prowler check's id starts with", () => {
    expect(checkServiceOf('s3_bucket_public_access')).toBe('s3');
    expect(checkServiceOf('iam_root_hardware_mfa_enabled')).toBe('iam');
    expect(checkServiceOf('nuclei-template')).toBeUndefined();
    expect(checkServiceOf('plain')).toBeUndefined();
  });
});
