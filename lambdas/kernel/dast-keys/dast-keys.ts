// DAST API key management (/admin/dast): a company's keys, created with a name, scopes, allowed targets and a
// required expiry, shown once; rolled with a grace period (the old key keeps working until it ends) and revoked at
// once. Customers of level 3 manage their own company's keys while its enableDastTriggering is on; analysts of level
// 7 manage any company's. Every change, and every refused attempt, is recorded as an event.
import { isIPv4 } from 'node:net';
import type { Caller, CompanyRecord } from '../access/caller.js';
import { canAccessCompany, canListAllCompanies, menuLevels } from '../access/rules.js';
import {
  companyUnchanged,
  dastScopes,
  endKeyWrites,
  newKeyWrites,
  readCompanyWithKeys,
  readKeyItems,
  sendKeyChanges,
  ttlFor,
  type DastKeyEntry,
  type DastScope,
} from '../data/entities/dast-keys.js';
import { ConflictError, InvalidArgumentError, NotFoundError, PermissionDeniedError } from '../errors.js';
import { checkedOrAudited as checkedOrRecorded, eventTransactItem } from '../events/events.js';
import { canonicalIp } from '../net/ip-address.js';
import { dastKeyHash } from './dast-key-secret.js';
import { keyHint, newDastKeyText } from './key-format.js';

/** The list holds keys until 30 days after they stop working; this many at most, so a switch fits one transaction. */
export const maxDastKeysPerCompany = 50;
export const defaultExpiryDays = 90;
export const maxExpiryDays = 365;
/** Roll: how long the old key keeps working, at most (Stripe's roll allows a chosen time; a week is plenty). */
export const maxGraceHours = 7 * 24;
export const defaultScopes: DastScope[] = ['dast:trigger', 'dast:status:read'];
const dayMs = 24 * 3600 * 1000;

export interface DastKeyInput {
  name: string;
  scopes?: string[];
  allowedTargets: string[];
  expiresInDays?: number;
}

export interface DastKeyView {
  keyId: string;
  name: string;
  hint: string;
  scopes: DastScope[];
  allowedTargets: string[];
  expiresAt: number;
  createdAt: number;
  createdBy: string;
  lastUsedAt?: number;
  revokedAt?: number;
  revokedBy?: string;
  rolledTo?: string;
  rolledFrom?: string;
  status: 'active' | 'expired' | 'revoked';
}

export function keyView(key: DastKeyEntry, now = Date.now(), lastUsedAt?: number): DastKeyView {
  const status = key.revokedAt !== undefined ? 'revoked' : key.expiresAt <= now ? 'expired' : 'active';
  return {
    keyId: key.keyId,
    name: key.name,
    hint: key.hint,
    scopes: key.scopes,
    allowedTargets: key.allowedTargets,
    expiresAt: key.expiresAt,
    createdAt: key.createdAt,
    createdBy: key.createdBy,
    ...(lastUsedAt !== undefined ? { lastUsedAt } : {}),
    ...(key.revokedAt !== undefined ? { revokedAt: key.revokedAt, revokedBy: key.revokedBy } : {}),
    ...(key.rolledTo ? { rolledTo: key.rolledTo } : {}),
    ...(key.rolledFrom ? { rolledFrom: key.rolledFrom } : {}),
    status,
  };
}

const noCompany = () => new PermissionDeniedError('You do not have access to this company.');

/**
 * Who may manage a company's keys: its members of level 3 while the company has DAST triggering on, and analysts
 * of level 7 (who see every company). The company and its keys are read in one Query; a missing company is refused
 * like a foreign one.
 */
async function managedCompany(
  caller: Caller,
  slug: string,
): Promise<{ company: CompanyRecord; entries: DastKeyEntry[] }> {
  if (!canAccessCompany(caller.access, slug, menuLevels.dastKeys)) throw noCompany();
  const { company, entries } = await readCompanyWithKeys(slug);
  if (!company) throw noCompany();
  if (!company.enableDastTriggering && !canListAllCompanies(caller.access)) {
    throw new PermissionDeniedError('DAST triggering is turned off for this company.');
  }
  return { company, entries };
}

const hostLabel = /^(\*\.)?([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** An allowed target: an http(s) URL (no credentials), a host name (a wildcard *.host too) or an IP address. */
function canonicalTarget(text: string, field: string): string {
  const value = text.trim();
  const bad = (why: string) => new InvalidArgumentError(`${field}: "${value.slice(0, 100)}" ${why}`);
  if (value.length === 0 || value.length > 2048) throw bad('must be a URL, a host name or an IP address');
  if (value.includes('://')) {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw bad('is not a URL');
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw bad('must be an http or https URL');
    if (url.username || url.password) throw bad('must not carry credentials');
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (!hostLabel.test(host) && canonicalIp(host) === undefined) throw bad('does not name a host');
    return `${url.origin}${url.pathname}`;
  }
  const hostPort = /^(.+?)(?::(\d{1,5}))?$/.exec(value.toLowerCase());
  const host = hostPort?.[1] ?? '';
  const port = hostPort?.[2];
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) throw bad('has a port out of range');
  if (hostLabel.test(host)) return value.toLowerCase();
  const ip = canonicalIp(value);
  if (ip !== undefined) return ip;
  if (port !== undefined && isIPv4(host)) return value;
  throw bad('must be a URL, a host name (*.acme.example allowed) or an IP address');
}

/**
 * Whether a key's allowed targets (as canonicalTarget stored them) cover a scan target, an http(s) URL: a URL entry
 * covers its origin and the paths under its path (`https://app.acme.example/api` covers `/api` and `/api/…`, not
 * `/apix`); a host name covers that host on any port and scheme, `*.acme.example` its subdomains (not the domain
 * itself), `host:port` that port only; an IP address that address.
 */
export function targetAllowed(target: URL, allowedTargets: readonly string[]): boolean {
  const host = target.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const port = target.port || (target.protocol === 'https:' ? '443' : '80');
  const hostIp = canonicalIp(host);
  const canonicalHost = hostIp ?? host;
  return allowedTargets.some((entry) => {
    if (entry.includes('://')) {
      let allowed: URL;
      try {
        allowed = new URL(entry);
      } catch {
        return false;
      }
      if (allowed.origin !== target.origin) return false;
      const prefix = allowed.pathname;
      return (
        target.pathname === prefix ||
        (target.pathname.startsWith(prefix) && (prefix.endsWith('/') || target.pathname[prefix.length] === '/'))
      );
    }
    const entryIp = canonicalIp(entry);
    if (entryIp !== undefined) return hostIp !== undefined && entryIp === canonicalHost;
    const hostPort = /^(.+?)(?::(\d{1,5}))?$/.exec(entry);
    const entryHost = hostPort?.[1] ?? '';
    const entryPort = hostPort?.[2];
    if (entryPort !== undefined && entryPort !== port) return false;
    if (entryHost.startsWith('*.')) return host.endsWith(entryHost.slice(1)) && host.length > entryHost.length - 1;
    return entryHost === canonicalHost;
  });
}

interface CheckedKeyFields {
  name: string;
  scopes: DastScope[];
  allowedTargets: string[];
  expiresInDays: number;
}

function checkKeyFields(input: DastKeyInput): CheckedKeyFields {
  const name = input.name.trim();
  if (!name) throw new InvalidArgumentError('name: must not be empty');
  const scopes = input.scopes ?? defaultScopes;
  if (scopes.length === 0) throw new InvalidArgumentError('scopes: must hold at least one scope');
  for (const [index, scope] of scopes.entries()) {
    if (!(dastScopes as readonly string[]).includes(scope)) {
      throw new InvalidArgumentError(
        `scopes.${index}: "${scope.slice(0, 60)}" is not a scope (${dastScopes.join(', ')})`,
      );
    }
  }
  if (input.allowedTargets.length === 0) {
    throw new InvalidArgumentError('allowedTargets: name at least one URL or host the key may scan');
  }
  const allowedTargets = [
    ...new Set(input.allowedTargets.map((target, index) => canonicalTarget(target, `allowedTargets.${index}`))),
  ];
  const expiresInDays = input.expiresInDays ?? defaultExpiryDays;
  if (!Number.isInteger(expiresInDays) || expiresInDays < 1 || expiresInDays > maxExpiryDays) {
    throw new InvalidArgumentError(`expiresInDays: must be a whole number of days from 1 to ${maxExpiryDays}`);
  }
  return { name, scopes: [...new Set(scopes as DastScope[])], allowedTargets, expiresInDays };
}

/** Checks the input; a refusal is recorded (on its own: nothing else is written) before it is thrown. */
function checkedOrAudited<T>(caller: Caller, slug: string, type: string, check: () => T): Promise<T> {
  return checkedOrRecorded(
    caller,
    (error) => ({
      type,
      summary: `Refused a DAST API key change for ${slug}: ${error.message}`,
      subject: { company: { slug } },
    }),
    check,
  );
}

async function newKeyEntry(
  caller: Caller,
  company: CompanyRecord,
  fields: CheckedKeyFields,
  now: number,
): Promise<{ entry: DastKeyEntry; key: string }> {
  const { keyId, key } = newDastKeyText();
  const expiresAt = now + fields.expiresInDays * dayMs;
  return {
    key,
    entry: {
      keyHash: await dastKeyHash(key),
      keyId,
      slug: company.slug,
      name: fields.name,
      hint: keyHint(keyId, key),
      scopes: fields.scopes,
      allowedTargets: fields.allowedTargets,
      expiresAt,
      createdAt: now,
      createdBy: caller.email,
      version: 1,
      ttl: ttlFor(expiresAt),
    },
  };
}

const companyChanged = () =>
  new ConflictError('The company or this key changed at the same moment; reload and try again.');

export async function listDastKeysAs(caller: Caller, slug: string): Promise<DastKeyView[]> {
  const { entries } = await managedCompany(caller, slug);
  const items = await readKeyItems(entries);
  const now = Date.now();
  return entries.map((entry) => keyView(entry, now, items.get(entry.keyId)?.lastUsedAt));
}

/** Creates a key; its text is in the answer only, once. */
export async function createDastKeyAs(
  caller: Caller,
  slug: string,
  input: DastKeyInput,
): Promise<{ key: string; dastKey: DastKeyView }> {
  const { company, entries } = await managedCompany(caller, slug);
  const fields = await checkedOrAudited(caller, slug, 'dastKeyRefused', () => checkKeyFields(input));
  if (entries.length >= maxDastKeysPerCompany) {
    throw new InvalidArgumentError(
      `A company has at most ${maxDastKeysPerCompany} DAST keys; revoked and expired keys leave the list 30 days later.`,
    );
  }
  const now = Date.now();
  const { entry, key } = await newKeyEntry(caller, company, fields, now);
  const saved = await sendKeyChanges([
    ...newKeyWrites(entry, company.enableDastTriggering),
    companyUnchanged(company),
    eventTransactItem(
      caller,
      {
        type: 'dastKeyCreated',
        summary: `Created the DAST API key "${entry.name}" (${entry.hint}) for ${company.companyName}`,
        subject: { company: { slug, companyName: company.companyName } },
        after: keyView(entry, now),
      },
      now,
    ),
  ]);
  if (!saved) throw companyChanged();
  return { key, dastKey: keyView(entry, now) };
}

function usableEntry(entries: readonly DastKeyEntry[], keyId: string, now: number): DastKeyEntry {
  const entry = entries.find((candidate) => candidate.keyId === keyId);
  if (!entry) throw new NotFoundError('keyId: this company has no DAST key with this id');
  if (entry.revokedAt !== undefined) throw new InvalidArgumentError('keyId: this key is revoked');
  if (entry.expiresAt <= now) throw new InvalidArgumentError('keyId: this key has expired');
  return entry;
}

/** Revokes a key at once: the next request with it is refused. */
export async function revokeDastKeyAs(caller: Caller, slug: string, keyId: string): Promise<DastKeyView> {
  const { company, entries } = await managedCompany(caller, slug);
  const now = Date.now();
  const entry = usableEntry(entries, keyId, now);
  const changes = { revokedAt: now, revokedBy: caller.email, ttl: ttlFor(now) };
  const revoked: DastKeyEntry = { ...entry, ...changes, version: entry.version + 1 };
  const done = await sendKeyChanges([
    ...endKeyWrites(entry, changes),
    eventTransactItem(
      caller,
      {
        type: 'dastKeyRevoked',
        summary: `Revoked the DAST API key "${entry.name}" (${entry.hint}) of ${company.companyName}`,
        subject: { company: { slug, companyName: company.companyName } },
        before: keyView(entry, now),
        after: keyView(revoked, now),
      },
      now,
    ),
  ]);
  if (!done) throw new ConflictError('This key changed at the same moment; reload the list and try again.');
  return keyView(revoked, now);
}

/**
 * Rolls a key: a new key with the same name, scopes and targets (expiring in `expiresInDays`), while the old one
 * keeps working for `graceHours` (0: it stops at once) and then expires.
 */
export async function rollDastKeyAs(
  caller: Caller,
  slug: string,
  input: { keyId: string; graceHours: number; expiresInDays?: number },
): Promise<{ key: string; dastKey: DastKeyView; previous: DastKeyView }> {
  const { company, entries } = await managedCompany(caller, slug);
  const now = Date.now();
  const old = usableEntry(entries, input.keyId, now);
  const fields = await checkedOrAudited(caller, slug, 'dastKeyRefused', () => {
    if (!Number.isInteger(input.graceHours) || input.graceHours < 0 || input.graceHours > maxGraceHours) {
      throw new InvalidArgumentError(`graceHours: must be a whole number of hours from 0 to ${maxGraceHours}`);
    }
    return checkKeyFields({
      name: old.name,
      scopes: old.scopes,
      allowedTargets: old.allowedTargets,
      expiresInDays: input.expiresInDays,
    });
  });
  const { entry, key } = await newKeyEntry(caller, company, fields, now);
  entry.rolledFrom = old.keyId;
  const oldEnd = Math.min(old.expiresAt, now + input.graceHours * 3600_000);
  const oldChanges = { expiresAt: oldEnd, rolledTo: entry.keyId, ttl: ttlFor(oldEnd) };
  const previous: DastKeyEntry = { ...old, ...oldChanges, version: old.version + 1 };
  const saved = await sendKeyChanges([
    ...newKeyWrites(entry, company.enableDastTriggering),
    companyUnchanged(company),
    ...endKeyWrites(old, oldChanges),
    eventTransactItem(
      caller,
      {
        type: 'dastKeyRolled',
        summary: `Rolled the DAST API key "${old.name}" (${old.hint} -> ${entry.hint}) of ${company.companyName}`,
        subject: { company: { slug, companyName: company.companyName } },
        before: keyView(old, now),
        after: keyView(entry, now),
      },
      now,
    ),
  ]);
  if (!saved) throw companyChanged();
  return { key, dastKey: keyView(entry, now), previous: keyView(previous, now) };
}
