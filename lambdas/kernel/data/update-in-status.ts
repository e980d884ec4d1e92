// The write of a record that moves through statuses (a scan import, a threat-feed import): set the given fields
// (an undefined one is left as it is), remove some, count the version up, all only if the record exists and its
// status is one of those allowed. The worker and the calls of each kind of record share it.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { readConfig } from '../config.js';
import { documentClient } from './client.js';
import { isConditionalCheckFailure } from './conditional.js';

export interface StatusGuard<Status extends string> {
  /** The statuses the record may be in for the write to happen (any when not given). */
  from?: readonly Status[];
  /** Attributes to remove. */
  remove?: readonly string[];
}

/** Writes `changes` to the record at `key`; answers its item after the write, or undefined when it was refused. */
export async function updateInStatus<Status extends string>(
  key: Record<string, string>,
  changes: Record<string, unknown>,
  { from, remove = [] }: StatusGuard<Status> = {},
): Promise<Record<string, unknown> | undefined> {
  const names: Record<string, string> = { '#version': 'version' };
  const values: Record<string, unknown> = { ':one': 1 };
  const sets = ['#version = #version + :one'];
  for (const [field, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    names[`#${field}`] = field;
    values[`:${field}`] = value;
    sets.push(`#${field} = :${field}`);
  }
  for (const field of remove) names[`#${field}`] = field;
  let condition = 'attribute_exists(pk)';
  if (from) {
    names['#status'] = 'status';
    const allowed = from.map((status, index) => {
      values[`:from${index}`] = status;
      return `:from${index}`;
    });
    condition += ` AND #status IN (${allowed.join(', ')})`;
  }
  const removes = remove.map((field) => `#${field}`);
  try {
    const { Attributes } = await documentClient.send(
      new UpdateCommand({
        TableName: readConfig().TABLE_NAME,
        Key: key,
        UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
        ConditionExpression: condition,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return undefined;
    throw error;
  }
}
