// Finding identities and the normalisation of the names they are built from. An identity never holds
// a title or a severity, so a renamed or re-scored rule stays the same finding (docs/scans-and-findings.md, "Finding identity
// per tool").
import { createHash } from 'node:crypto';
import type { FindingIdentity, ToolName } from './finding-model.js';

/** 32 hex characters (128 bits) of SHA-256 over the tool and its ordered, readable parts. */
export function findingIdentity(tool: ToolName, parts: Array<[name: string, value: string]>): FindingIdentity {
  // JSON of the ordered pairs is unambiguous whatever characters the values hold.
  const key = createHash('sha256')
    .update(JSON.stringify([tool, ...parts]))
    .digest('hex')
    .slice(0, 32);
  return { key, parts: Object.fromEntries(parts) };
}

/** Lower case, no trailing dot, IPv6 without brackets: `WWW.Example.com.` → `www.example.com`. */
export function normaliseHostName(host: string): string {
  let name = host.trim().toLowerCase();
  if (name.startsWith('[') && name.endsWith(']')) name = name.slice(1, -1);
  return name.endsWith('.') ? name.slice(0, -1) : name;
}

/**
 * The host of a URL or of `host:port` / `host` (nuclei's matched-at holds all three forms):
 * `https://a.example/x` → `a.example`, `a.example:22` → `a.example`, `[::1]:22` → `::1`.
 */
export function hostOf(target: string): string {
  const text = target.trim();
  if (text.includes('://')) {
    try {
      return normaliseHostName(new URL(text).hostname);
    } catch {
      // Not a URL after all: fall through to the host[:port] reading.
    }
  }
  const withoutPath = text.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').split(/[/?#]/)[0] ?? '';
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(withoutPath);
  if (bracketed?.[1]) return normaliseHostName(bracketed[1]);
  // More than one colon and no brackets: a bare IPv6 address.
  if ((withoutPath.match(/:/g) ?? []).length > 1) return normaliseHostName(withoutPath);
  return normaliseHostName(withoutPath.replace(/:\d*$/, ''));
}

/** `https://Example.com:443/` → `https://example.com:443`: a site as ZAP names it, compared without case. */
export function normaliseSite(site: string): string {
  return site.trim().toLowerCase().replace(/\/+$/, '');
}
