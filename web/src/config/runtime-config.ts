// The per-environment configuration, read once at start from GET /runtime-config.json (served by the
// stack, never baked into the bundle), so one build runs on AWS and on the local stack alike.

export interface RuntimeConfig {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Base of the call API, e.g. '/api' (relative to this origin). */
  apiUrl: string;
  /** Absolute Cognito-compatible endpoint; present only on the local stack. */
  userPoolEndpoint?: string;
  /** The template search's hosts, as the Algolia client's `hosts` option takes them (none: not offered). */
  searchHosts: SearchHost[];
}

export interface SearchHost {
  url: string;
  protocol: 'http' | 'https';
  accept: 'read' | 'write' | 'readWrite';
}

function searchHostsOf(value: unknown): SearchHost[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((host: unknown): SearchHost[] => {
    if (typeof host !== 'object' || host === null) return [];
    const { url, protocol, accept } = host as Record<string, unknown>;
    if (typeof url !== 'string' || url === '') return [];
    return [
      {
        url,
        protocol: protocol === 'http' ? 'http' : 'https',
        accept: accept === 'write' || accept === 'readWrite' ? accept : 'read',
      },
    ];
  });
}

export class RuntimeConfigError extends Error {
  override readonly name = 'RuntimeConfigError';
}

function requiredText(source: Record<string, unknown>, key: keyof RuntimeConfig): string {
  const value = source[key];
  if (typeof value !== 'string' || value.trim() === '') {
    throw new RuntimeConfigError(`runtime-config.json: ${key} must be a non-empty string`);
  }
  return value.trim();
}

/** Validates the parsed JSON; fails loudly rather than starting half-configured. */
export function parseRuntimeConfig(json: unknown): RuntimeConfig {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new RuntimeConfigError('runtime-config.json must hold a JSON object');
  }
  const source = json as Record<string, unknown>;
  const config: RuntimeConfig = {
    region: requiredText(source, 'region'),
    userPoolId: requiredText(source, 'userPoolId'),
    userPoolClientId: requiredText(source, 'userPoolClientId'),
    apiUrl: requiredText(source, 'apiUrl').replace(/\/+$/, ''),
    searchHosts: searchHostsOf(source.searchHosts),
  };
  const endpoint = source.userPoolEndpoint;
  if (typeof endpoint === 'string' && endpoint.trim() !== '') config.userPoolEndpoint = endpoint.trim();
  return config;
}

/** index.html preloads this URL, so the request usually runs while the scripts download. */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch('/runtime-config.json', { credentials: 'same-origin' });
  if (!response.ok) throw new RuntimeConfigError(`runtime-config.json answered HTTP ${response.status}`);
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new RuntimeConfigError('runtime-config.json is not valid JSON');
  }
  return parseRuntimeConfig(json);
}
