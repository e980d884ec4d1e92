// IP addresses as the portal stores them: checked by Node, written canonically, compared by prefix.
import { describe, expect, it } from 'vitest';
import {
  canonicalIp,
  formatIp,
  inBlock,
  ipHex,
  lastOf,
  networkOf,
  parseIp,
  unmapped,
} from '../../lambdas/kernel/net/ip-address.js';

const ip = (text: string) => {
  const address = parseIp(text);
  if (!address) throw new Error(`${text} did not parse`);
  return address;
};

describe('IP addresses', () => {
  it('reads IPv4 as four decimal parts only, and IPv6 in every written form but with a zone', () => {
    expect(ip('10.0.0.1')).toEqual({ family: 4, value: 0x0a000001n });
    expect(ip('255.255.255.255').value).toBe(0xffffffffn);
    for (const text of ['10.0.1', '010.0.0.1', '10.0.0.256', '0x7f.0.0.1', '10.0.0.1/8', '', 'host', 'fe80::1%eth0'])
      expect(parseIp(text), text).toBeUndefined();
    expect(ip('2001:db8::1')).toEqual({ family: 6, value: (0x20010db8n << 96n) | 1n });
    expect(ip('2001:DB8:0:0:0:0:0:1')).toEqual(ip('2001:db8::1'));
    expect(ip('::')).toEqual({ family: 6, value: 0n });
    expect(ip('::ffff:10.0.0.1').value).toBe((0xffffn << 32n) | 0x0a000001n);
  });

  it('writes them canonically: IPv6 compressed and lower-case (RFC 5952)', () => {
    expect(formatIp(ip('10.20.0.0'))).toBe('10.20.0.0');
    expect(formatIp(ip('2001:0DB8:0000:0000:0001:0000:0000:0001'))).toBe('2001:db8::1:0:0:1');
    expect(formatIp(ip('::ffff:10.0.0.1'))).toBe('::ffff:a00:1');
    expect(canonicalIp('127.1')).toBe('127.0.0.1');
    expect(canonicalIp('0x7f.0.0.1')).toBe('127.0.0.1');
    expect(canonicalIp('2001:db8:0::1')).toBe('2001:db8::1');
    for (const text of ['app.acme.example', 'dead.beef', '10.0.0.1:80', '1.2.3.4.5', '[::1]', ''])
      expect(canonicalIp(text), text).toBeUndefined();
  });

  it('finds the block of a prefix, its last address, and what lies in it, never across families', () => {
    expect(formatIp(networkOf(ip('10.9.0.1'), 16))).toBe('10.9.0.0');
    expect(formatIp(lastOf(ip('10.0.0.0'), 22))).toBe('10.0.3.255');
    expect(formatIp(lastOf(ip('2001:db8::'), 48))).toBe('2001:db8:0:ffff:ffff:ffff:ffff:ffff');
    expect(inBlock(ip('172.31.255.255'), ip('172.16.0.0'), 12)).toBe(true);
    expect(inBlock(ip('172.32.0.0'), ip('172.16.0.0'), 12)).toBe(false);
    expect(inBlock(ip('8.8.8.8'), ip('0.0.0.0'), 0)).toBe(true);
    expect(inBlock(ip('10.0.0.7'), ip('::'), 0)).toBe(false);
    expect(inBlock(unmapped(ip('::ffff:10.0.0.7')), ip('10.0.0.0'), 24)).toBe(true);
    expect(ipHex(ip('192.168.1.9'))).toBe('c0a80109');
    expect(ipHex(ip('::1'))).toBe(`${'0'.repeat(31)}1`);
  });
});
