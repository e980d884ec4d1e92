// IP addresses as the portal stores and compares them: location ranges, the address of a finding's host, DAST
// targets. Node's own parsers check them (`net.isIPv4`: four decimal parts; `net.isIPv6`) and the WHATWG URL
// parser writes them canonically (IPv6 compressed and lower-case as RFC 5952 says; legacy IPv4 forms such as
// `127.1` as four parts); prefixes are compared as numbers (BigInt). Built-ins rather than a library keep the
// Lambda bundles within their size budget.
import { isIPv4, isIPv6 } from 'node:net';

export interface IpAddress {
  family: 4 | 6;
  /** The address as a number: 32 bits for IPv4, 128 for IPv6. */
  value: bigint;
}

/** Bits in an address of each family. */
export const familyBits = { 4: 32, 6: 128 } as const;

const withoutBrackets = (host: string) => host.slice(1, -1);

/** IPv6 groups as written by the URL parser (`2001:db8::1`), all eight. */
function ipv6Groups(canonical: string): string[] {
  const [head = '', tail] = canonical.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  if (tail === undefined) return groups(head);
  const zeros = 8 - groups(head).length - groups(tail).length;
  return [...groups(head), ...Array.from({ length: zeros }, () => '0'), ...groups(tail)];
}

/** An IPv4 address of four decimal parts or an IPv6 address (no zone), or undefined. */
export function parseIp(text: string): IpAddress | undefined {
  if (isIPv4(text)) {
    return { family: 4, value: text.split('.').reduce((number, part) => (number << 8n) | BigInt(part), 0n) };
  }
  if (!isIPv6(text) || text.includes('%')) return undefined;
  const groups = ipv6Groups(withoutBrackets(new URL(`http://[${text}]/`).hostname));
  return { family: 6, value: groups.reduce((number, group) => (number << 16n) | BigInt(parseInt(group, 16)), 0n) };
}

/** The canonical text of an address: `10.0.0.1`, `2001:db8::1`. */
export function formatIp(address: IpAddress): string {
  if (address.family === 4) {
    return [24n, 16n, 8n, 0n].map((shift) => String((address.value >> shift) & 0xffn)).join('.');
  }
  const groups = Array.from({ length: 8 }, (_, index) =>
    ((address.value >> BigInt((7 - index) * 16)) & 0xffffn).toString(16),
  );
  return withoutBrackets(new URL(`http://[${groups.join(':')}]/`).hostname);
}

/**
 * The canonical text of an IP address written in any form a URL accepts for a host (`127.1`, `0x7f.0.0.1`,
 * `2001:DB8:0::1`), or undefined when the text is no IP address.
 */
export function canonicalIp(text: string): string | undefined {
  if (isIPv6(text)) return text.includes('%') ? undefined : withoutBrackets(new URL(`http://[${text}]/`).hostname);
  if (!/^[0-9a-fx.]+$/i.test(text)) return undefined;
  let host: string;
  try {
    host = new URL(`http://${text}/`).hostname;
  } catch {
    return undefined;
  }
  return isIPv4(host) ? host : undefined;
}

const hostBits = (family: 4 | 6, prefixLength: number) => BigInt(familyBits[family] - prefixLength);

/** The first address of the block of `prefixLength` bits that holds `address`. */
export function networkOf(address: IpAddress, prefixLength: number): IpAddress {
  const shift = hostBits(address.family, prefixLength);
  return { family: address.family, value: (address.value >> shift) << shift };
}

/** The last address of the block of `prefixLength` bits that holds `address`. */
export function lastOf(address: IpAddress, prefixLength: number): IpAddress {
  return { family: address.family, value: address.value | ((1n << hostBits(address.family, prefixLength)) - 1n) };
}

/** Whether `address` lies in the block `network`/`prefixLength` (never across families). */
export function inBlock(address: IpAddress, network: IpAddress, prefixLength: number): boolean {
  if (address.family !== network.family) return false;
  const shift = hostBits(network.family, prefixLength);
  return address.value >> shift === network.value >> shift;
}

/** An IPv4-mapped IPv6 address (`::ffff:10.0.0.1`) as the IPv4 address it carries; any other as it is. */
export function unmapped(address: IpAddress): IpAddress {
  return address.family === 6 && address.value >> 32n === 0xffffn
    ? { family: 4, value: address.value & 0xffffffffn }
    : address;
}

/** The address as fixed-width hex (8 digits for IPv4, 32 for IPv6), which sorts as the address does. */
export function ipHex(address: IpAddress): string {
  return address.value.toString(16).padStart(familyBits[address.family] / 4, '0');
}
