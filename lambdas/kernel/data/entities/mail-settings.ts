// The platform's mail settings: which address sends each kind of mail, and a reference (never the value) to the
// Secrets Manager secret of another mail provider. One versioned item; a write names the version its editor read.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../client.js';
import { readConfig } from '../../config.js';
import { putOnVersion, type TransactItem } from '../transactions.js';

export const mailKinds = ['signIn', 'invitation', 'notification'] as const;
export type MailKind = (typeof mailKinds)[number];

export interface MailSettingsRecord {
  /** The From address per kind of mail; a kind without one is sent from MAIL_FROM. */
  senders: Partial<Record<MailKind, string>>;
  /** A Secrets Manager ARN or name. */
  providerSecretRef?: string;
  /** 0 until first saved. */
  version: number;
  updatedAt?: number;
  updatedBy?: string;
}

const key = { pk: 'SETTINGS#mail', sk: 'SETTINGS' };

export async function getMailSettingsRecord(): Promise<MailSettingsRecord> {
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: readConfig().TABLE_NAME, Key: key, ConsistentRead: true }),
  );
  if (!Item) return { senders: {}, version: 0 };
  return {
    senders: (Item.senders as MailSettingsRecord['senders'] | undefined) ?? {},
    ...(typeof Item.providerSecretRef === 'string' ? { providerSecretRef: Item.providerSecretRef } : {}),
    version: Number(Item.version),
    ...(typeof Item.updatedAt === 'number' ? { updatedAt: Item.updatedAt } : {}),
    ...(typeof Item.updatedBy === 'string' ? { updatedBy: Item.updatedBy } : {}),
  };
}

/**
 * Writes the settings if the stored version is still `expectedVersion` (0: none stored), with `also` (the event
 * that records the change) in the same transaction; false when the version is not.
 */
export async function putMailSettingsRecord(
  next: MailSettingsRecord,
  expectedVersion: number,
  also: TransactItem[] = [],
): Promise<boolean> {
  return putOnVersion({ ...key, ...next }, expectedVersion, also);
}
