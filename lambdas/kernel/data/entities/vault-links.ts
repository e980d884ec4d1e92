// Vault links (share links and request links) and their audit events. One item per link, which keeps what
// the analyst's list shows after the secret is gone (a tombstone: the ciphertext is removed, the status
// stays until TTL); the claim and the fulfilment are single conditional writes. Events sit beside their
// link and, by gsi1, in one time-ordered log for level 9. Written with the document client directly: the
// conditions and ReturnValuesOnConditionCheckFailure are the point here, and they read plainly this way.
import { GetCommand, QueryCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { readConfig } from '../../config.js';
import { documentClient } from '../client.js';
import { decodeCursor, encodeCursor } from '../cursor.js';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export type VaultLinkKind = 'share' | 'request';
export type VaultEventType =
  'created' | 'landing_viewed' | 'revealed' | 'claim_denied' | 'fulfilled' | 'collected' | 'revoked' | 'expired';

/** A reply to a request link: the responder's ephemeral ECDH public key and the sealed secret. */
export interface VaultReply {
  ephemeralPublicKey: string;
  ciphertext: Uint8Array;
}

export interface VaultLinkItem {
  linkId: string;
  kind: VaultLinkKind;
  createdBySub: string;
  createdByEmail: string;
  companySlug?: string;
  label?: string;
  createdAt: number;
  expiresAt: number;
  revokedAt?: number;
  /** Share links: SHA-256 (hex) of the verifier the key derives; a claim must present the verifier. */
  verifierHash?: string;
  maxViews?: number;
  viewsLeft?: number;
  /** Share links: iv || AES-GCM ciphertext, removed by the last view. */
  ciphertext?: Uint8Array;
  /**
   * Share links whose ciphertext is in the bucket (over 300 KB): its key there (`vault/<linkId>`), removed from
   * the item by the last view as `ciphertext` is (the object goes after its download link died).
   */
  objectKey?: string;
  size?: number;
  lastViewedAt?: number;
  /** Request links: the analyst's ECDH P-256 public key (SPKI, base64url) and its fingerprint. */
  publicKey?: string;
  fingerprint?: string;
  requestState?: 'waiting' | 'fulfilled' | 'collected';
  reply?: VaultReply;
  fulfilledAt?: number;
  collectedAt?: number;
}

export interface VaultEventItem {
  linkId: string;
  kind: VaultLinkKind;
  event: VaultEventType;
  at: number;
  id: string;
  /** The signed-in actor, when there is one (anonymous openers have none). */
  actorSub?: string;
  /** HMAC of the client address (keyFor 'ip'), never the address. */
  addressKey: string;
  companySlug?: string;
  /** Ciphertext size, for created/revealed/fulfilled/collected. */
  size?: number;
}

const table = () => readConfig().TABLE_NAME;
const linkKey = (linkId: string) => ({ pk: `VAULT#${linkId}`, sk: 'LINK' });
const ownerPartition = (sub: string) => `VAULTOWNER#${sub}`;
export const vaultLogPartition = 'VAULTLOG';
const timeKey = (at: number, id: string) => `${String(at).padStart(15, '0')}#${id}`;
/** Links stay listed (as expired, opened, collected) for a week after they expire; events for a year. */
const linkTtl = (expiresAt: number) => Math.ceil(expiresAt / 1000) + 7 * 24 * 3600;
const eventTtl = (at: number) => Math.ceil(at / 1000) + 366 * 24 * 3600;

function toBytes(value: unknown): Uint8Array | undefined {
  return value instanceof Uint8Array ? value : undefined;
}

function parseLink(raw: Record<string, unknown> | undefined): VaultLinkItem | undefined {
  if (!raw || raw.linkId === undefined) return undefined;
  const { pk: _pk, sk: _sk, gsi1pk: _g, gsi1sk: _s, ttl: _t, entityType: _e, ...rest } = raw;
  const link = rest as unknown as VaultLinkItem;
  link.ciphertext = toBytes(raw.ciphertext);
  const reply = raw.reply as { ephemeralPublicKey?: string; ciphertext?: unknown } | undefined;
  link.reply = reply?.ephemeralPublicKey
    ? { ephemeralPublicKey: reply.ephemeralPublicKey, ciphertext: toBytes(reply.ciphertext) ?? new Uint8Array() }
    : undefined;
  return link;
}

export function vaultEventPut(event: VaultEventItem): TransactItem {
  return {
    Put: {
      TableName: table(),
      Item: {
        pk: `VAULT#${event.linkId}`,
        sk: `EVENT#${timeKey(event.at, event.id)}`,
        gsi1pk: vaultLogPartition,
        gsi1sk: timeKey(event.at, event.id),
        entityType: 'vaultEvent',
        ttl: eventTtl(event.at),
        ...event,
      },
    },
  };
}

/** A new link and its 'created' event, together. */
export async function putNewVaultLink(link: VaultLinkItem, event: VaultEventItem): Promise<void> {
  await documentClient.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: table(),
            Item: {
              ...linkKey(link.linkId),
              gsi1pk: ownerPartition(link.createdBySub),
              gsi1sk: timeKey(link.createdAt, link.linkId),
              entityType: 'vaultLink',
              ttl: linkTtl(link.expiresAt),
              ...link,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        vaultEventPut(event),
      ],
    }),
  );
}

export async function getVaultLinkItem(linkId: string): Promise<VaultLinkItem | undefined> {
  const answer = await documentClient.send(
    new GetCommand({ TableName: table(), Key: linkKey(linkId), ConsistentRead: true }),
  );
  return parseLink(answer.Item);
}

/** One audit event on its own (a landing view, a denied claim). */
export async function putVaultEvent(event: VaultEventItem): Promise<void> {
  await documentClient.send(new TransactWriteCommand({ TransactItems: [vaultEventPut(event)] }));
}

/** The condition every consuming write of a share link states: still there, unrevoked, unexpired, right key. */
const liveShare =
  '(attribute_exists(ciphertext) OR attribute_exists(objectKey)) AND attribute_not_exists(revokedAt) AND expiresAt > :now';

/**
 * Takes one view of a share link in one transaction with its 'revealed' event: the write is conditional on
 * the views left being those the caller read (and on the verifier, the expiry, the revocation), so two
 * openers racing for the last view cannot both win. The last view removes the ciphertext. Answers false when
 * the condition failed (someone else took that view, or the link changed).
 */
export async function takeShareView(
  link: VaultLinkItem,
  input: { verifierHash: string; now: number },
  event: VaultEventItem,
): Promise<boolean> {
  const last = link.viewsLeft === 1;
  try {
    await documentClient.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: table(),
              Key: linkKey(link.linkId),
              UpdateExpression: last
                ? 'SET viewsLeft = :zero, lastViewedAt = :now REMOVE ciphertext, objectKey'
                : 'SET viewsLeft = viewsLeft - :one, lastViewedAt = :now',
              ConditionExpression: `${liveShare} AND verifierHash = :verifier AND viewsLeft = :seen`,
              ExpressionAttributeValues: {
                ':now': input.now,
                ':verifier': input.verifierHash,
                ':seen': link.viewsLeft,
                ...(last ? { ':zero': 0 } : { ':one': 1 }),
              },
            },
          },
          vaultEventPut(event),
        ],
      }),
    );
    return true;
  } catch (error) {
    if ((error as { name?: string }).name === 'TransactionCanceledException') return false;
    throw error;
  }
}

/**
 * Revokes a link of this owner that is still open (a share with its secret, a request not yet collected),
 * removing what it holds, with its 'revoked' event. Answers false when the condition failed.
 */
export async function revokeVaultLinkItem(
  linkId: string,
  ownerSub: string,
  now: number,
  event: VaultEventItem,
): Promise<boolean> {
  try {
    await documentClient.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: table(),
              Key: linkKey(linkId),
              UpdateExpression: 'SET revokedAt = :now REMOVE ciphertext, objectKey, reply',
              ConditionExpression:
                'attribute_exists(pk) AND createdBySub = :owner AND attribute_not_exists(revokedAt) AND ' +
                '(attribute_exists(ciphertext) OR attribute_exists(objectKey) OR requestState IN (:waiting, :fulfilled))',
              ExpressionAttributeValues: {
                ':now': now,
                ':owner': ownerSub,
                ':waiting': 'waiting',
                ':fulfilled': 'fulfilled',
              },
            },
          },
          vaultEventPut(event),
        ],
      }),
    );
    return true;
  } catch (error) {
    if ((error as { name?: string }).name === 'TransactionCanceledException') return false;
    throw error;
  }
}

/** Stores the reply of a waiting, unexpired, unrevoked request, once. Answers false when the condition failed. */
export async function fulfilRequest(
  linkId: string,
  reply: VaultReply,
  now: number,
  event: VaultEventItem,
): Promise<boolean> {
  try {
    await documentClient.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: table(),
              Key: linkKey(linkId),
              UpdateExpression: 'SET requestState = :fulfilled, reply = :reply, fulfilledAt = :now, size = :size',
              ConditionExpression:
                'requestState = :waiting AND attribute_not_exists(revokedAt) AND expiresAt > :now AND kind = :request',
              ExpressionAttributeValues: {
                ':fulfilled': 'fulfilled',
                ':waiting': 'waiting',
                ':request': 'request',
                ':reply': reply,
                ':now': now,
                ':size': reply.ciphertext.byteLength,
              },
            },
          },
          vaultEventPut(event),
        ],
      }),
    );
    return true;
  } catch (error) {
    if ((error as { name?: string }).name === 'TransactionCanceledException') return false;
    throw error;
  }
}

/** Marks a fulfilled request of this owner collected and removes its reply. Answers false when the condition failed. */
export async function markCollected(
  linkId: string,
  ownerSub: string,
  now: number,
  event: VaultEventItem,
): Promise<boolean> {
  try {
    await documentClient.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: table(),
              Key: linkKey(linkId),
              UpdateExpression: 'SET requestState = :collected, collectedAt = :now REMOVE reply',
              ConditionExpression:
                'requestState = :fulfilled AND createdBySub = :owner AND attribute_not_exists(revokedAt)',
              ExpressionAttributeValues: {
                ':collected': 'collected',
                ':fulfilled': 'fulfilled',
                ':owner': ownerSub,
                ':now': now,
              },
            },
          },
          vaultEventPut(event),
        ],
      }),
    );
    return true;
  } catch (error) {
    if ((error as { name?: string }).name === 'TransactionCanceledException') return false;
    throw error;
  }
}

export interface Page<Item> {
  items: Item[];
  nextCursor?: string;
}

/** What the list shows never includes the ciphertext or the reply: the projection leaves them out. */
const listedAttributes = [
  'linkId',
  'kind',
  'createdBySub',
  'createdByEmail',
  'companySlug',
  'label',
  'createdAt',
  'expiresAt',
  'revokedAt',
  'maxViews',
  'viewsLeft',
  'size',
  'lastViewedAt',
  'fingerprint',
  'requestState',
  'fulfilledAt',
  'collectedAt',
  'pk',
  'sk',
  'gsi1pk',
  'gsi1sk',
];

async function queryIndex(
  partition: string,
  request: { cursor?: string; limit: number; projection?: readonly string[] },
): Promise<{ items: Record<string, unknown>[]; nextCursor?: string }> {
  const names = request.projection?.map((_name, index) => `#a${index}`);
  const answer = await documentClient.send(
    new QueryCommand({
      TableName: table(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :partition',
      ExpressionAttributeValues: { ':partition': partition },
      ScanIndexForward: false,
      Limit: request.limit,
      ExclusiveStartKey: decodeCursor(request.cursor, { attribute: 'gsi1pk', value: partition }),
      ...(request.projection && names
        ? {
            ProjectionExpression: names.join(', '),
            ExpressionAttributeNames: Object.fromEntries(
              request.projection.map((name, index): [string, string] => [`#a${index}`, name]),
            ),
          }
        : {}),
    }),
  );
  const last = answer.LastEvaluatedKey as Record<string, string | number> | undefined;
  return { items: answer.Items ?? [], nextCursor: last ? encodeCursor(last) : undefined };
}

/** The owner's links and requests, newest first, a page at a time. */
export async function listVaultLinksOf(
  ownerSub: string,
  request: { cursor?: string; limit: number },
): Promise<Page<VaultLinkItem>> {
  const page = await queryIndex(ownerPartition(ownerSub), { ...request, projection: listedAttributes });
  return { items: page.items.map((item) => parseLink(item)!).filter(Boolean), nextCursor: page.nextCursor };
}

/** Every vault event, newest first (level 9's audit). */
export async function listVaultEvents(request: { cursor?: string; limit: number }): Promise<Page<VaultEventItem>> {
  const page = await queryIndex(vaultLogPartition, request);
  return {
    items: page.items.map((raw) => {
      const { pk: _pk, sk: _sk, gsi1pk: _g, gsi1sk: _s, ttl: _t, entityType: _e, ...event } = raw;
      return event as unknown as VaultEventItem;
    }),
    nextCursor: page.nextCursor,
  };
}

/** Seeds and tests: the raw items of a link's partition. */
export async function vaultPartitionItems(linkId: string): Promise<Record<string, unknown>[]> {
  const answer = await documentClient.send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `VAULT#${linkId}` },
      ConsistentRead: true,
    }),
  );
  return answer.Items ?? [];
}
