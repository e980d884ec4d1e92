import { describe, expect, it } from 'vitest';
import { assetAddressOf, subnetBounds } from '../../lambdas/kernel/findings/asset-address.js';

const inside = (key: string, cidr: string) => {
  const address = assetAddressOf(key);
  const { low, high } = subnetBounds(cidr, 'filter.subnet');
  return address !== undefined && address >= low && address <= high;
};

describe('a finding’s address against a subnet', () => {
  it('sorts addresses as numbers, not as text', () => {
    expect(assetAddressOf('host:10.0.0.100')! > assetAddressOf('host:10.0.0.20')!).toBe(true);
    expect(assetAddressOf('port:192.168.1.9:22/tcp')).toBe('4:c0a80109');
  });

  it('holds a block’s addresses at any prefix length, and none outside it', () => {
    expect(inside('host:10.0.3.255', '10.0.0.0/22')).toBe(true);
    expect(inside('host:10.0.4.0', '10.0.0.0/22')).toBe(false);
    expect(inside('port:10.0.0.0:443/tcp', '10.0.0.0/22')).toBe(true);
    expect(inside('host:172.16.5.4', '172.16.0.0/12')).toBe(true);
    expect(inside('host:172.32.0.1', '172.16.0.0/12')).toBe(false);
    expect(inside('host:8.8.8.8', '0.0.0.0/0')).toBe(true);
    expect(inside('host:10.1.1.1', '10.1.1.1/32')).toBe(true);
  });

  it('reads IPv6, IPv4-mapped and bracketed hosts, and keeps the families apart', () => {
    expect(inside('port:2001:db8::17:443/tcp', '2001:db8::/48')).toBe(true);
    expect(inside('host:2001:db9::1', '2001:db8::/48')).toBe(false);
    expect(inside('host:::ffff:10.0.0.7', '10.0.0.0/24')).toBe(true);
    expect(inside('port:[2001:db8::5]:80/tcp', '2001:db8::/64')).toBe(true);
    expect(inside('host:10.0.0.7', '::/0')).toBe(false);
  });

  it('has none for host names and keys of other kinds', () => {
    expect(assetAddressOf('host:scanme.nmap.org')).toBeUndefined();
    expect(assetAddressOf('url:https://10.0.0.1')).toBeUndefined();
    expect(assetAddressOf('host:10.0.1')).toBeUndefined();
  });

  it('refuses what is not a block, naming the field', () => {
    expect(() => subnetBounds('10.0.0.0', 'filter.subnet')).toThrow(
      /filter\.subnet: "10\.0\.0\.0" is not a CIDR block/,
    );
    expect(() => subnetBounds('10.0.0.1/24', 'filter.subnet')).toThrow(/did you mean 10\.0\.0\.0\/24/);
    expect(() => subnetBounds('banana/8', 'filter.subnet')).toThrow(/not a CIDR block/);
  });
});
