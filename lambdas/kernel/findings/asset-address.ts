// A finding's IP address as text that sorts as the address does (`4:` and 8 hex digits, `6:` and 32), stored
// with the finding (`assetAddress`), so "findings in 10.20.0.0/22" is one BETWEEN of two such texts: any prefix
// length, IPv4 or IPv6, in the same filter as the list's others. Findings on a host name have none.
import { parseCidr } from '../locations/cidr-ranges.js';
import { ipHex, lastOf, parseIp, unmapped, type IpAddress } from '../net/ip-address.js';
import { assetFacetsOf } from '../scanners/asset-keys.js';

const sortable = (address: IpAddress) => `${address.family}:${ipHex(address)}`;

/** The sortable address of the host an asset key names (`host:10.0.0.5`, `port:[::1]:22/tcp`…), if an IP. */
export function assetAddressOf(assetKey: string): string | undefined {
  const host = assetFacetsOf(assetKey).host?.replace(/^\[(.*)\]$/, '$1');
  if (!host) return undefined;
  const address = parseIp(host);
  return address && sortable(unmapped(address));
}

/**
 * The first and last sortable address of a CIDR block, or INVALID_ARGUMENT naming `field` (a block with host bits
 * set is refused with the block meant, as a location's ranges are).
 */
export function subnetBounds(cidr: string, field: string): { low: string; high: string } {
  const { address, bits } = parseCidr(cidr, field);
  return { low: sortable(address), high: sortable(lastOf(address, bits)) };
}
