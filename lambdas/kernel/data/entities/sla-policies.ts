// A company's SLA policy: days to fix per severity. One versioned item per company, beside the company's record;
// none stored means the defaults (version 0). A write names the version its editor read.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../client.js';
import { readConfig } from '../../config.js';
import { putOnVersion, type TransactItem } from '../transactions.js';
import { defaultSlaDays, slaSeverities, type SlaDays } from '../../../contracts/sla.js';

export interface SlaPolicyRecord {
  slug: string;
  days: SlaDays;
  /** 0 until first saved (the defaults). */
  version: number;
  updatedAt?: number;
  updatedBy?: string;
}

const keyOf = (slug: string) => ({ pk: `COMPANY#${slug}`, sk: 'SLAPOLICY' });

/** The policy's key, for a write that reads it in a BatchGet with the finding (slaPolicyOfItem reads the item). */
export const slaPolicyKey = keyOf;

export async function getSlaPolicyRecord(slug: string): Promise<SlaPolicyRecord> {
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: readConfig().TABLE_NAME, Key: keyOf(slug), ConsistentRead: true }),
  );
  return slaPolicyOfItem(slug, Item);
}

/** The policy of a stored item, or the defaults (version 0) when none is stored. */
export function slaPolicyOfItem(slug: string, Item: Record<string, unknown> | undefined): SlaPolicyRecord {
  if (!Item) return { slug, days: { ...defaultSlaDays }, version: 0 };
  const stored = (Item.days ?? {}) as Partial<SlaDays>;
  return {
    slug,
    days: Object.fromEntries(
      slaSeverities.map((severity) => [severity, stored[severity] ?? defaultSlaDays[severity]]),
    ) as SlaDays,
    version: Number(Item.version),
    ...(typeof Item.updatedAt === 'number' ? { updatedAt: Item.updatedAt } : {}),
    ...(typeof Item.updatedBy === 'string' ? { updatedBy: Item.updatedBy } : {}),
  };
}

/**
 * Writes the policy if the stored version is still `expectedVersion` (0: none stored), with `also` (the event that
 * records the change) in the same transaction; false when the version is not.
 */
export function putSlaPolicyRecord(
  next: SlaPolicyRecord,
  expectedVersion: number,
  also: TransactItem[] = [],
): Promise<boolean> {
  return putOnVersion({ ...keyOf(next.slug), ...next }, expectedVersion, also);
}
