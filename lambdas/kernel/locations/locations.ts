// Scanning locations (issue 13): a company's named places to scan from, their ranges, exclusions and domains,
// a scan window, and one default. The server checks every range (canonical CIDR blocks, exclusions inside them)
// and refuses a range that overlaps another location's in the same network: two sites whose private ranges
// overlap are told apart by giving them networks of their own (the network label).
import { randomBytes } from 'node:crypto';
import type { Caller } from '../access/caller.js';
import { canAccessCompany } from '../access/rules.js';
import { deleteLocationItem, listLocationItems, saveLocation, type LocationItem } from '../data/entities/locations.js';
import { ConflictError, InvalidArgumentError, NotFoundError, PermissionDeniedError } from '../errors.js';
import { checkLocationRanges, parseCidr, rangesOverlap } from './cidr-ranges.js';

/** A company keeps its locations on one page. */
export const maxLocationsPerCompany = 200;
export const defaultNetworkLabel = 'default';

/** What an analyst writes of a location; the network defaults to the company's. */
export type LocationInput = Pick<
  LocationItem,
  'name' | 'kind' | 'region' | 'cidrs' | 'exclusions' | 'domains' | 'scanWindow' | 'isDefault'
> & { networkLabel?: string };

const noCompany = () => new PermissionDeniedError('You do not have access to this company.');

function assertCompany(caller: Caller, slug: string): void {
  if (!canAccessCompany(caller.access, slug)) throw noCompany();
}

function checkScanWindow(window: LocationItem['scanWindow']): void {
  if (!window) return;
  try {
    new Intl.DateTimeFormat('en', { timeZone: window.timeZone });
  } catch {
    throw new InvalidArgumentError(`scanWindow.timeZone: "${window.timeZone}" is not a time zone (e.g. Europe/Berlin)`);
  }
  if (window.start === window.end) {
    throw new InvalidArgumentError(
      'scanWindow: the start and the end are the same time; leave the window out to scan at any time',
    );
  }
}

/** The input checked against the company's other locations; answers the item's checked fields. */
function checkedFields(input: LocationInput, others: readonly LocationItem[]) {
  const { cidrs, exclusions } = checkLocationRanges(input.cidrs, input.exclusions);
  if (input.kind === 'hosted-region' && !input.region) {
    throw new InvalidArgumentError('region: a hosted region names its cloud region (e.g. eu-west-1)');
  }
  checkScanWindow(input.scanWindow);
  const name = input.name.trim();
  const sameName = others.find((other) => other.name.toLowerCase() === name.toLowerCase());
  if (sameName) throw new InvalidArgumentError(`name: the company already has a location named "${sameName.name}"`);
  const networkLabel = input.networkLabel?.trim() || defaultNetworkLabel;
  for (const [index, text] of cidrs.entries()) {
    const range = parseCidr(text, `cidrs.${index}`);
    for (const other of others.filter((location) => location.networkLabel === networkLabel)) {
      const clash = other.cidrs.find((otherText) => rangesOverlap(range, parseCidr(otherText, 'stored')));
      if (clash) {
        throw new InvalidArgumentError(
          `cidrs.${index}: ${text} overlaps ${clash} of "${other.name}" in the network "${networkLabel}"; ` +
            'if they are separate networks (two sites with the same private ranges), give one of them its own network',
        );
      }
    }
  }
  const domains = [...new Set(input.domains.map((domain) => domain.trim().toLowerCase()))];
  return {
    name,
    kind: input.kind,
    ...(input.region ? { region: input.region.trim() } : {}),
    cidrs,
    exclusions,
    domains,
    networkLabel,
    ...(input.scanWindow ? { scanWindow: input.scanWindow } : {}),
    isDefault: input.isDefault,
  };
}

export async function listLocationsAs(caller: Caller, slug: string): Promise<LocationItem[]> {
  assertCompany(caller, slug);
  return listLocationItems(slug);
}

function refusalError(refusal: 'company' | 'location' | 'previousDefault'): Error {
  if (refusal === 'company') return noCompany();
  if (refusal === 'location') {
    return new ConflictError('Someone else changed this location at the same moment; reload it and try again.');
  }
  return new ConflictError('Someone else changed the default location at the same moment; reload and try again.');
}

export async function createLocationAs(caller: Caller, slug: string, input: LocationInput): Promise<LocationItem> {
  assertCompany(caller, slug);
  const existing = await listLocationItems(slug);
  if (existing.length >= maxLocationsPerCompany) {
    throw new InvalidArgumentError(`A company has at most ${maxLocationsPerCompany} locations; remove one first.`);
  }
  const now = new Date().toISOString();
  const location: LocationItem = {
    slug,
    locationId: randomBytes(9).toString('base64url'),
    ...checkedFields(input, existing),
    // The first location of a company is its default.
    isDefault: input.isDefault || existing.length === 0,
    version: 1,
    createdAt: now,
    createdBy: caller.email,
    updatedAt: now,
    updatedBy: caller.email,
  };
  const previousDefault = location.isDefault ? existing.find((other) => other.isDefault) : undefined;
  const refusal = await saveLocation(location, { previousDefault });
  if (refusal) throw refusalError(refusal);
  return location;
}

export async function updateLocationAs(
  caller: Caller,
  slug: string,
  locationId: string,
  expectedVersion: number,
  input: LocationInput,
): Promise<LocationItem> {
  assertCompany(caller, slug);
  const all = await listLocationItems(slug);
  const current = all.find((location) => location.locationId === locationId);
  if (!current) throw new NotFoundError('This company has no location with this id.');
  if (current.version !== expectedVersion) {
    throw new ConflictError(
      `Someone else changed this location (version ${current.version}, you edited version ${expectedVersion}); reload it and try again.`,
    );
  }
  if (current.isDefault && !input.isDefault) {
    throw new InvalidArgumentError('isDefault: make another location the default instead');
  }
  const others = all.filter((location) => location.locationId !== locationId);
  const now = new Date().toISOString();
  const location: LocationItem = {
    ...current,
    ...checkedFields(input, others),
    version: current.version + 1,
    updatedAt: now,
    updatedBy: caller.email,
  };
  if (!input.region) delete location.region;
  if (!input.scanWindow) delete location.scanWindow;
  const previousDefault =
    location.isDefault && !current.isDefault ? others.find((other) => other.isDefault) : undefined;
  const refusal = await saveLocation(location, { expectedVersion, previousDefault });
  if (refusal) throw refusalError(refusal);
  return location;
}

export async function deleteLocationAs(
  caller: Caller,
  slug: string,
  locationId: string,
  expectedVersion: number,
): Promise<void> {
  assertCompany(caller, slug);
  const deleted = await deleteLocationItem(slug, locationId, expectedVersion);
  if (!deleted) {
    throw new ConflictError('This location changed or is gone; reload the list and try again.');
  }
}
