// No request forgery through webhooks. A URL is checked when it is saved (scheme, length, no credentials, no
// forbidden literal address) and again at every send, on the addresses its name resolves to then: the request
// connects to the address that was checked (its `lookup` answers that one), so a name that resolves elsewhere a
// moment later (DNS rebinding) cannot pass; redirects are never followed. Only `https`, unless the setting that
// lets the local stack reach `http://127.0.0.1` is on (never on AWS).
import { lookup } from 'node:dns/promises';
import { maxWebhookUrlLength } from '../../contracts/webhooks.js';
import { canonicalIp, inBlock, parseIp, unmapped, type IpAddress } from '../net/ip-address.js';

export interface WebhookAddressPolicy {
  /** `http://127.0.0.1` allowed (WEBHOOK_ALLOW_LOCAL_HTTP): the local stack only. */
  allowLocalHttp: boolean;
  /** How names are resolved; @default the system resolver (dns.lookup, every address). */
  resolve?: (host: string) => Promise<Array<{ address: string }>>;
}

const systemResolve = (host: string) => lookup(host, { all: true, verbatim: true });

/** Blocks no webhook may reach: private, loopback, link-local, metadata, shared, reserved and documentation ranges. */
const forbiddenBlocks: ReadonlyArray<[string, number]> = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
  ['::', 128],
  ['::1', 128],
  // NAT64 and 6to4 carry an IPv4 address that could be a private one.
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  // Unique local (AWS's IPv6 metadata address fd00:ec2::254 among them), link-local, multicast.
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
];

const blocks = forbiddenBlocks.map(([network, prefix]) => ({ network: parseIp(network)!, prefix }));

/** The one address the local setting lets through. */
const localAddress = parseIp('127.0.0.1')!;

export function isForbiddenAddress(address: IpAddress, policy: WebhookAddressPolicy): boolean {
  const plain = unmapped(address);
  if (policy.allowLocalHttp && plain.family === 4 && plain.value === localAddress.value) return false;
  return blocks.some(({ network, prefix }) => inBlock(plain, network, prefix));
}

/** Why a URL may not be a webhook's, in words that follow "url: ", or undefined when it may. */
export function webhookUrlProblem(text: string, policy: WebhookAddressPolicy): string | undefined {
  if (text.length > maxWebhookUrlLength) return `must be at most ${maxWebhookUrlLength} characters`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'must be an https URL';
  }
  if (url.protocol !== 'https:' && !(policy.allowLocalHttp && url.protocol === 'http:')) {
    return policy.allowLocalHttp ? 'must be an http or https URL' : 'must be an https URL';
  }
  if (url.username || url.password) return 'must not carry a user name or password';
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const literal = canonicalIp(host);
  if (literal !== undefined) {
    if (isForbiddenAddress(parseIp(literal)!, policy)) return 'must not point at a private or internal address';
  } else if (host === 'localhost' || host.endsWith('.localhost') || !host.includes('.')) {
    return 'must name a public host';
  }
  if (url.protocol === 'http:' && literal !== '127.0.0.1') return 'must be an https URL';
  return undefined;
}

export class ForbiddenAddressError extends Error {
  override name = 'ForbiddenAddressError';
}

/**
 * The address to connect to for this URL now: its literal address, or the first its name resolves to when none of
 * them is forbidden. Throws ForbiddenAddressError otherwise.
 */
export async function resolveWebhookAddress(
  url: URL,
  policy: WebhookAddressPolicy,
): Promise<{ address: string; family: 4 | 6 }> {
  const problem = webhookUrlProblem(url.href, policy);
  if (problem) throw new ForbiddenAddressError(`The URL ${problem}`);
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const literal = canonicalIp(host);
  const answers = literal ? [{ address: literal }] : await (policy.resolve ?? systemResolve)(host);
  if (answers.length === 0) throw new ForbiddenAddressError('The host name resolves to no address');
  const parsed = answers.map(({ address }) => ({ text: address, ip: parseIp(address) }));
  // Every address the name has must be allowed: one private answer among public ones refuses the send.
  if (parsed.some(({ ip }) => !ip || isForbiddenAddress(ip, policy))) {
    throw new ForbiddenAddressError('The host name resolves to a private or internal address');
  }
  const first = parsed[0]!;
  return { address: first.text, family: first.ip!.family };
}
