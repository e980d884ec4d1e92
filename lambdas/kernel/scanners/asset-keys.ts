// The parts an asset's key names (finding-model.ts: `host:<host>`, `port:<host>:<port>/<protocol>`,
// `cloud-resource:<provider>/<account>/<region>/<resource>`), for the columns of a findings list: a network
// finding's host and port, a cloud finding's account and region. A key of another shape names none of them.
export interface AssetFacets {
  host?: string;
  /** `22/tcp`. */
  port?: string;
  provider?: string;
  account?: string;
  region?: string;
}

export function assetFacetsOf(key: string): AssetFacets {
  const colon = key.indexOf(':');
  const kind = key.slice(0, colon);
  const rest = key.slice(colon + 1);
  if (kind === 'host' && rest) return { host: rest };
  if (kind === 'port') {
    // The host may be an IPv6 address: the port is what follows the last colon.
    const match = /^(.+):(\d{1,5}\/[a-z0-9-]+)$/i.exec(rest);
    return match ? { host: match[1], port: match[2] } : {};
  }
  if (kind === 'cloud-resource') {
    const [provider, account, region] = rest.split('/');
    return {
      ...(provider ? { provider } : {}),
      ...(account ? { account } : {}),
      ...(region ? { region } : {}),
    };
  }
  return {};
}

/** The cloud service a Prowler check is of: its id starts with it (`s3_bucket_public_access` → `s3`). */
export function checkServiceOf(checkId: string): string | undefined {
  const match = /^([a-z0-9]+)_[a-z0-9_]+$/.exec(checkId);
  return match?.[1];
}
