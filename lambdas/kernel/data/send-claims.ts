// A mail sent at most once, whatever the queue redelivers: before sending, the worker claims it with an item put
// only where none is (attribute_not_exists), kept for a while (TTL); a second claim finds it and sends nothing. A
// claim whose mail could not go is given back, so the queue's next try sends it.
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { readConfig } from '../config.js';
import { documentClient } from './client.js';
import { isConditionalCheckFailure } from './conditional.js';

export interface ClaimKey {
  pk: string;
  sk: string;
}

/** Claims what `key` names for `keptSeconds`; false when it was claimed before: send nothing. */
export async function claimOnce(
  key: ClaimKey,
  fields: Record<string, unknown>,
  keptSeconds: number,
  now = Date.now(),
): Promise<boolean> {
  try {
    await documentClient.send(
      new PutCommand({
        TableName: readConfig().TABLE_NAME,
        Item: { ...key, ...fields, at: now, ttl: Math.floor(now / 1000) + keptSeconds },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/** Gives a claim back when its mail could not be sent, so the queue's next try sends it. */
export async function releaseClaim(key: ClaimKey): Promise<void> {
  await documentClient.send(new DeleteCommand({ TableName: readConfig().TABLE_NAME, Key: key }));
}
