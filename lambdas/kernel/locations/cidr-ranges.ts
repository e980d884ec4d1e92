// The address ranges of a scanning location: CIDR blocks (IPv4 or IPv6) written in their canonical form, the
// exclusions inside them, and overlaps between ranges that share one network (net/ip-address.ts: IPv4 as four
// decimal parts, IPv6 as Node reads it); a range whose host bits are set is refused with the block it likely means,
// as a scanner would otherwise sweep a range nobody wrote.
import { InvalidArgumentError } from '../errors.js';
import { familyBits, formatIp, inBlock, networkOf, parseIp, type IpAddress } from '../net/ip-address.js';

export interface CidrRange {
  /** As the analyst wrote it, trimmed. */
  text: string;
  address: IpAddress;
  bits: number;
}

/** Parses one CIDR block, or throws INVALID_ARGUMENT naming the field and what is wrong. */
export function parseCidr(text: string, field: string): CidrRange {
  const trimmed = text.trim();
  const [, addressText = '', prefixText = ''] = /^([^/]*)\/(\d{1,3})$/.exec(trimmed) ?? [];
  const address = parseIp(addressText);
  const bits = Number(prefixText);
  if (!address || bits > familyBits[address.family]) {
    throw new InvalidArgumentError(
      `${field}: "${trimmed}" is not a CIDR block (an address and a prefix length, e.g. 10.20.0.0/16 or 2001:db8::/48)`,
    );
  }
  const network = networkOf(address, bits);
  const canonical = `${formatIp(network)}/${bits}`;
  if (network.value !== address.value) {
    throw new InvalidArgumentError(`${field}: "${trimmed}" has host bits set: did you mean ${canonical}?`);
  }
  return { text: canonical, address: network, bits };
}

/** Whether two blocks share an address (one holds the other's network address: CIDR blocks nest or are apart). */
export function rangesOverlap(a: CidrRange, b: CidrRange): boolean {
  return a.bits <= b.bits ? inBlock(b.address, a.address, a.bits) : inBlock(a.address, b.address, b.bits);
}

/** Whether `inner` lies wholly inside `outer`. */
export function rangeWithin(inner: CidrRange, outer: CidrRange): boolean {
  return inner.bits >= outer.bits && inBlock(inner.address, outer.address, outer.bits);
}

/**
 * A location's ranges checked together: each a canonical block, no two overlapping, every exclusion inside one of
 * the ranges. Answers the canonical texts.
 */
export function checkLocationRanges(cidrs: readonly string[], exclusions: readonly string[]) {
  const ranges = cidrs.map((text, index) => parseCidr(text, `cidrs.${index}`));
  const excluded = exclusions.map((text, index) => parseCidr(text, `exclusions.${index}`));
  ranges.forEach((range, index) => {
    const other = ranges.findIndex((earlier, earlierIndex) => earlierIndex < index && rangesOverlap(earlier, range));
    if (other !== -1) {
      throw new InvalidArgumentError(
        `cidrs.${index}: ${range.text} overlaps ${ranges[other]!.text} of the same location`,
      );
    }
  });
  excluded.forEach((exclusion, index) => {
    if (!ranges.some((range) => rangeWithin(exclusion, range))) {
      throw new InvalidArgumentError(
        `exclusions.${index}: ${exclusion.text} is not inside any of the location's ranges`,
      );
    }
  });
  return { cidrs: ranges.map((range) => range.text), exclusions: excluded.map((range) => range.text) };
}
