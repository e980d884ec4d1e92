// The address ranges of a scanning location: CIDR blocks (IPv4 or IPv6) written in their canonical form, the
// exclusions inside them, and overlaps between ranges that share one network. Parsed with ipaddr.js (the parser
// Express trusts for proxy addresses); a range whose host bits are set is refused with the block it likely means,
// as a scanner would otherwise sweep a range nobody wrote.
import ipaddr from 'ipaddr.js';
import { InvalidArgumentError } from '../errors.js';

export interface CidrRange {
  /** As the analyst wrote it, trimmed. */
  text: string;
  address: ipaddr.IPv4 | ipaddr.IPv6;
  bits: number;
}

/** Parses one CIDR block, or throws INVALID_ARGUMENT naming the field and what is wrong. */
export function parseCidr(text: string, field: string): CidrRange {
  const trimmed = text.trim();
  let parsed: [ipaddr.IPv4 | ipaddr.IPv6, number];
  try {
    if (!trimmed.includes('/')) throw new Error('no prefix length');
    parsed = ipaddr.parseCIDR(trimmed);
  } catch {
    throw new InvalidArgumentError(
      `${field}: "${trimmed}" is not a CIDR block (an address and a prefix length, e.g. 10.20.0.0/16 or 2001:db8::/48)`,
    );
  }
  const [address, bits] = parsed;
  // ipaddr.js reads IPv4-mapped IPv6 (::ffff:10.0.0.1) as IPv6: keep the family the analyst wrote.
  const network =
    address.kind() === 'ipv4'
      ? ipaddr.IPv4.networkAddressFromCIDR(trimmed)
      : ipaddr.IPv6.networkAddressFromCIDR(trimmed);
  const canonical = `${network.toString()}/${bits}`;
  if (network.toString() !== address.toString()) {
    throw new InvalidArgumentError(`${field}: "${trimmed}" has host bits set: did you mean ${canonical}?`);
  }
  return { text: canonical, address: network, bits };
}

/** Whether two blocks share an address (one holds the other's network address: CIDR blocks nest or are apart). */
export function rangesOverlap(a: CidrRange, b: CidrRange): boolean {
  if (a.address.kind() !== b.address.kind()) return false;
  return a.bits <= b.bits ? b.address.match(a.address, a.bits) : a.address.match(b.address, b.bits);
}

/** Whether `inner` lies wholly inside `outer`. */
export function rangeWithin(inner: CidrRange, outer: CidrRange): boolean {
  return (
    inner.address.kind() === outer.address.kind() &&
    inner.bits >= outer.bits &&
    inner.address.match(outer.address, outer.bits)
  );
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
