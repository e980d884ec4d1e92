// Scanning locations: a company's named places to scan from, their ranges, exclusions and domains,
// a scan window, and one default. The server checks every range (canonical CIDR blocks, exclusions inside them)
// and refuses a range that overlaps another location's in the same network: two sites whose private ranges
// overlap are told apart by giving them networks of their own (the network label). Every change is recorded as an
// event in its transaction; every refused input (an invalid or overlapping range, …) as an event on its own.
import { randomBytes } from 'node:crypto';
import type { Caller } from '../access/caller.js';
import { canAccessCompany, menuLevels } from '../access/rules.js';
import {
  deleteLocationItem,
  getLocationItem,
  listLocationItems,
  saveLocation,
  type LocationItem,
} from '../data/entities/locations.js';
import { ConflictError, InvalidArgumentError, NotFoundError, PermissionDeniedError } from '../errors.js';
import { checkedOrAudited, eventTransactItem, type EventInput } from '../events/events.js';
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
  if (!canAccessCompany(caller.access, slug, menuLevels.locations)) throw noCompany();
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

/** Checks an analyst's input; a refusal (INVALID_ARGUMENT) is recorded as an event before it is thrown. */
function checkedLocation<T>(caller: Caller, slug: string, what: string, check: () => T): Promise<T> {
  return checkedOrAudited(
    caller,
    (error) => ({
      type: 'locationRefused',
      summary: `Refused ${what} of ${slug}: ${error.message}`,
      subject: { company: { slug } },
    }),
    check,
  );
}

/** The event of a change, in the change's transaction. */
function locationEvent(caller: Caller, slug: string, event: Omit<EventInput, 'subject'>) {
  return eventTransactItem(caller, { ...event, subject: { company: { slug } } });
}

export async function listLocationsAs(caller: Caller, slug: string): Promise<LocationItem[]> {
  assertCompany(caller, slug);
  return listLocationItems(slug);
}

/** The ranges of a location in a few words, for an event's summary. */
function rangesText(location: LocationItem): string {
  const shown = location.cidrs.slice(0, 3).join(', ');
  if (!shown) return '';
  return ` (${shown}${location.cidrs.length > 3 ? `, and ${location.cidrs.length - 3} more` : ''})`;
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
  const fields = await checkedLocation(caller, slug, `a new location "${input.name.trim()}"`, () => {
    if (existing.length >= maxLocationsPerCompany) {
      throw new InvalidArgumentError(`A company has at most ${maxLocationsPerCompany} locations; remove one first.`);
    }
    return checkedFields(input, existing);
  });
  const now = new Date().toISOString();
  const location: LocationItem = {
    slug,
    locationId: randomBytes(9).toString('base64url'),
    ...fields,
    // The first location of a company is its default.
    isDefault: input.isDefault || existing.length === 0,
    version: 1,
    createdAt: now,
    createdBy: caller.email,
    updatedAt: now,
    updatedBy: caller.email,
  };
  const previousDefault = location.isDefault ? existing.find((other) => other.isDefault) : undefined;
  const created = locationEvent(caller, slug, {
    type: 'locationCreated',
    summary: `Created the location "${location.name}" of ${slug}${rangesText(location)}`,
    after: location,
  });
  const refusal = await saveLocation(location, { previousDefault, also: [created] });
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
  const others = all.filter((location) => location.locationId !== locationId);
  const fields = await checkedLocation(caller, slug, `a change of the location "${current.name}"`, () => {
    if (current.isDefault && !input.isDefault) {
      throw new InvalidArgumentError('isDefault: make another location the default instead');
    }
    return checkedFields(input, others);
  });
  const now = new Date().toISOString();
  const location: LocationItem = {
    ...current,
    ...fields,
    version: current.version + 1,
    updatedAt: now,
    updatedBy: caller.email,
  };
  if (!input.region) delete location.region;
  if (!input.scanWindow) delete location.scanWindow;
  const previousDefault =
    location.isDefault && !current.isDefault ? others.find((other) => other.isDefault) : undefined;
  const renamed = current.name === location.name ? '' : ` (now "${location.name}")`;
  const updated = locationEvent(caller, slug, {
    type: 'locationUpdated',
    summary: `Updated the location "${current.name}"${renamed} of ${slug}${rangesText(location)}`,
    before: current,
    after: location,
  });
  const refusal = await saveLocation(location, { expectedVersion, previousDefault, also: [updated] });
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
  const changed = () => new ConflictError('This location changed or is gone; reload the list and try again.');
  // Read first, so the event names the location it deleted.
  const current = await getLocationItem(slug, locationId);
  if (!current || current.version !== expectedVersion) throw changed();
  const deletedEvent = locationEvent(caller, slug, {
    type: 'locationDeleted',
    summary: `Deleted the location "${current.name}" of ${slug}`,
    before: current,
  });
  if (!(await deleteLocationItem(slug, locationId, expectedVersion, [deletedEvent]))) throw changed();
}
