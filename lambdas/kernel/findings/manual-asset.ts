// The asset of a finding an analyst writes by hand, read from an asset key as the service's imports write them
// (finding-model.ts): the same key, name, parent and detail a scanner's finding on that asset carries, so the
// asset filter, the report's asset counts and the customer's "where" read both alike.
import type { ServiceName } from '../access/rules.js';
import { InvalidArgumentError } from '../errors.js';
import type { Asset, AssetKind } from '../scanners/finding-model.js';
import { normaliseHostName, normaliseSite } from '../scanners/identity.js';
import { manualAssetKinds } from '../../contracts/manual-findings.js';

const hostName = /^(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?\.)*[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/;
const ipv6 = /^[0-9a-f:.]+$/;

function checkedHost(text: string, field: string): string {
  const host = normaliseHostName(text);
  if (!host || !(hostName.test(host) || (host.includes(':') && ipv6.test(host)))) {
    throw new InvalidArgumentError(`${field}: "${text}" is not a host name or an IP address`);
  }
  return host;
}

/**
 * The asset key a user most likely meant by what they typed without a kind: a web address is a site (`url:`), a bare
 * host name or IPv4 address a host, where the service has such assets; anything else as typed.
 */
function keyAsMeant(service: ServiceName, typed: string): string {
  const text = typed.trim();
  const kinds = manualAssetKinds[service];
  if (/^https?:\/\//i.test(text) && kinds.includes('url')) return `url:${text}`;
  if (!text.includes(':') && kinds.includes('host') && hostName.test(text.toLowerCase())) return `host:${text}`;
  return typed;
}

/** The asset an asset key names for this service, or INVALID_ARGUMENT naming `asset`. */
export function manualAssetOf(service: ServiceName, typed: string): Asset {
  const key = keyAsMeant(service, typed);
  const colon = key.indexOf(':');
  const kind = (colon > 0 ? key.slice(0, colon) : '') as AssetKind;
  const rest = key.slice(colon + 1).trim();
  const kinds = manualAssetKinds[service];
  if (!kinds.includes(kind)) {
    throw new InvalidArgumentError(
      `asset: must be an asset key of the ${service} service: ${kinds.map((name) => `${name}:…`).join(', ')}`,
    );
  }
  switch (kind) {
    case 'url': {
      let url: URL;
      try {
        url = new URL(rest);
      } catch {
        throw new InvalidArgumentError('asset: a url asset is an http or https site, such as url:https://shop.example');
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        throw new InvalidArgumentError('asset: a url asset is an http or https site, such as url:https://shop.example');
      }
      // A site as ZAP names it: scheme, host and port, no path.
      const site = normaliseSite(url.origin);
      const host = normaliseHostName(url.hostname);
      return {
        kind,
        key: `url:${site}`,
        name: site,
        url: site,
        host,
        ...(url.port ? { port: Number(url.port) } : {}),
      };
    }
    case 'host':
    case 'subdomain': {
      const host = checkedHost(rest, 'asset');
      return { kind, key: `${kind}:${host}`, name: host, host };
    }
    case 'port': {
      const match = /^(.+):(\d{1,5})\/(tcp|udp|sctp)$/i.exec(rest);
      const port = Number(match?.[2]);
      if (!match || port < 1 || port > 65535) {
        throw new InvalidArgumentError('asset: a port asset is host:port/protocol, such as port:10.0.0.5:22/tcp');
      }
      const host = checkedHost(match[1]!, 'asset');
      const protocol = match[3]!.toLowerCase();
      return {
        kind,
        key: `port:${host}:${port}/${protocol}`,
        name: `${host}:${port}/${protocol}`,
        parentKey: `host:${host}`,
        host,
        port,
        protocol,
      };
    }
    case 'cloud-resource': {
      const [provider, account, region, ...resourceParts] = rest.split('/');
      const resource = resourceParts.join('/');
      if (!provider || !account || region === undefined || !resource) {
        throw new InvalidArgumentError(
          'asset: a cloud resource is provider/account/region/resource, such as cloud-resource:aws/123456789012/eu-west-1/arn:aws:s3:::logs',
        );
      }
      const providerName = provider.toLowerCase();
      return {
        kind,
        key: `cloud-resource:${providerName}/${account}/${region}/${resource}`,
        name: resource,
        parentKey: `account:${providerName}/${account}`,
        cloud: { provider: providerName, accountUid: account, region, resourceUid: resource },
      };
    }
    case 'account': {
      const [domain, user, ...more] = rest.split('\\');
      if (more.length || !domain?.trim() || !user?.trim()) {
        throw new InvalidArgumentError('asset: an account is domain\\user, such as account:corp\\alice');
      }
      const name = `${domain.trim()}\\${user.trim()}`;
      return {
        kind,
        key: `account:${name.toLowerCase()}`,
        name,
        account: { domain: domain.trim(), user: user.trim() },
      };
    }
    default:
      throw new InvalidArgumentError(`asset: must be an asset key of the ${service} service`);
  }
}
