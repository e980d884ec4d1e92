// A finding's IP address as text that sorts as the address does (`4:` and 8 hex digits, `6:` and 32), stored
// with the finding (`assetAddress`), so "findings in 10.20.0.0/22" is one BETWEEN of two such texts: any prefix
// length, IPv4 or IPv6, in the same filter as the list's others. Findings on a host name have none.
import ipaddr from 'ipaddr.js';
import { parseCidr } from '../locations/cidr-ranges.js';
import { assetFacetsOf } from '../scanners/asset-keys.js';

const hex = (bytes: readonly number[]) => bytes.map((byte) => byte.toString(16).padStart(2, '0')).join('');
const family = (address: ipaddr.IPv4 | ipaddr.IPv6) => (address.kind() === 'ipv4' ? '4' : '6');

/** The sortable address of the host an asset key names (`host:10.0.0.5`, `port:[::1]:22/tcp`…), if an IP. */
export function assetAddressOf(assetKey: string): string | undefined {
  const host = assetFacetsOf(assetKey).host?.replace(/^\[(.*)\]$/, '$1');
  if (!host) return undefined;
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  if (ipaddr.IPv4.isValidFourPartDecimal(host)) address = ipaddr.IPv4.parse(host);
  else if (ipaddr.IPv6.isValid(host)) {
    const v6 = ipaddr.IPv6.parse(host);
    address = v6.isIPv4MappedAddress() ? v6.toIPv4Address() : v6;
  } else return undefined;
  return `${family(address)}:${hex(address.toByteArray())}`;
}

/**
 * The first and last sortable address of a CIDR block, or INVALID_ARGUMENT naming `field` (a block with host bits
 * set is refused with the block meant, as a location's ranges are).
 */
export function subnetBounds(cidr: string, field: string): { low: string; high: string } {
  const { address, bits } = parseCidr(cidr, field);
  const bytes = address.toByteArray();
  const high = bytes.map((byte, index) => {
    const kept = Math.min(8, Math.max(0, bits - index * 8));
    return byte | (0xff >> kept);
  });
  return { low: `${family(address)}:${hex(bytes)}`, high: `${family(address)}:${hex(high)}` };
}
