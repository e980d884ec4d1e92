// Scanning locations of a company (`LOCATIONS#<slug>` / `LOC#<locationId>`): where its scans run from, with the
// ranges and domains in scope. A company has few (at most 200), so its page reads them in one Query. At most one
// is the company's default: making another the default clears the old one in the same transaction, conditional
// on the version read, so two analysts cannot both leave a default behind. Edits are conditional on the version
// the editor saw.
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { readConfig } from '../../config.js';
import { documentClient } from '../client.js';
import { queryAll } from '../query-all.js';
import { failedConditions, transactOnVersion, type TransactItem } from '../transactions.js';

export const locationKinds = ['hosted-region', 'site', 'segment', 'vpc'] as const;
export type LocationKind = (typeof locationKinds)[number];
export const weekDays = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

export interface ScanWindow {
  days: (typeof weekDays)[number][];
  /** 'HH:MM', in timeZone; an end before the start runs past midnight. */
  start: string;
  end: string;
  timeZone: string;
}

export interface LocationItem {
  slug: string;
  locationId: string;
  name: string;
  kind: LocationKind;
  region?: string;
  cidrs: string[];
  exclusions: string[];
  domains: string[];
  /** Locations in one network must not overlap; separate networks (two sites' 10.0.0.0/8) may. */
  networkLabel: string;
  scanWindow?: ScanWindow;
  isDefault: boolean;
  version: number;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  updatedBy: string;
}

const tableName = () => readConfig().TABLE_NAME;
const partition = (slug: string) => `LOCATIONS#${slug}`;
const locationKey = (slug: string, locationId: string) => ({ pk: partition(slug), sk: `LOC#${locationId}` });

function parseLocation(raw: Record<string, unknown>): LocationItem {
  const { pk: _pk, sk: _sk, entityType: _e, ...rest } = raw;
  return rest as unknown as LocationItem;
}

/** Every location of a company, by name. */
export async function listLocationItems(slug: string): Promise<LocationItem[]> {
  const locations: LocationItem[] = [];
  const items = queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': partition(slug), ':prefix': 'LOC#' },
    ConsistentRead: true,
  });
  for await (const item of items) locations.push(parseLocation(item));
  return locations.sort((a, b) => a.name.localeCompare(b.name));
}

/** Clears the default flag of a location read at `version` (in the same transaction as the new default). */
function clearDefault(previous: LocationItem, now: string, editor: string): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: locationKey(previous.slug, previous.locationId),
      UpdateExpression: 'SET isDefault = :false, version = version + :one, updatedAt = :now, updatedBy = :editor',
      ConditionExpression: 'version = :seen',
      ExpressionAttributeValues: {
        ':false': false,
        ':one': 1,
        ':now': now,
        ':editor': editor,
        ':seen': previous.version,
      },
    },
  };
}

/** Why a save was refused: no such company, the location changed (or exists), the old default changed. */
export type SaveRefusal = 'company' | 'location' | 'previousDefault';

/**
 * Writes a new location (`expectedVersion` undefined) or a new version of one, clearing the previous default when
 * this one becomes it, on the condition that the company exists (checked in the same transaction, so a location
 * costs no read of the company), with `also` (the event that records it). Answers what failed, or undefined when
 * it was written.
 */
export async function saveLocation(
  location: LocationItem,
  options: { expectedVersion?: number; previousDefault?: LocationItem; also?: TransactItem[] },
): Promise<SaveRefusal | undefined> {
  const put: TransactItem = {
    Put: {
      TableName: tableName(),
      Item: { ...locationKey(location.slug, location.locationId), entityType: 'location', ...location },
      ConditionExpression: options.expectedVersion === undefined ? 'attribute_not_exists(pk)' : 'version = :seen',
      ...(options.expectedVersion === undefined
        ? {}
        : { ExpressionAttributeValues: { ':seen': options.expectedVersion } }),
    },
  };
  const companyExists: TransactItem = {
    ConditionCheck: {
      TableName: tableName(),
      Key: { pk: `COMPANY#${location.slug}`, sk: 'COMPANY' },
      ConditionExpression: 'attribute_exists(pk)',
    },
  };
  const items: TransactItem[] = [put, companyExists];
  if (options.previousDefault) {
    items.push(clearDefault(options.previousDefault, location.updatedAt, location.updatedBy));
  }
  items.push(...(options.also ?? []));
  try {
    await documentClient.send(new TransactWriteCommand({ TransactItems: items }));
    return undefined;
  } catch (error) {
    const failed = failedConditions(error);
    if (!failed) throw error;
    if (failed.includes(1)) return 'company';
    return failed.includes(0) ? 'location' : 'previousDefault';
  }
}

/** One location, read consistently; undefined when the company has none with this id. */
export async function getLocationItem(slug: string, locationId: string): Promise<LocationItem | undefined> {
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: tableName(), Key: locationKey(slug, locationId), ConsistentRead: true }),
  );
  return Item ? parseLocation(Item) : undefined;
}

/**
 * Deletes a location read at `expectedVersion`, with `also` (the event that records it) in the same transaction;
 * false when it changed or is gone.
 */
export async function deleteLocationItem(
  slug: string,
  locationId: string,
  expectedVersion: number,
  also: TransactItem[] = [],
): Promise<boolean> {
  return transactOnVersion([
    {
      Delete: {
        TableName: tableName(),
        Key: locationKey(slug, locationId),
        ConditionExpression: 'version = :seen',
        ExpressionAttributeValues: { ':seen': expectedVersion },
      },
    },
    ...also,
  ]);
}
