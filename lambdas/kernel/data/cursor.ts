// Page cursors: the last key of a page, opaque to clients, checked on the way back in so a forged
// cursor can neither reach another partition nor turn into a DynamoDB validation error.
import { InvalidArgumentError } from '../errors.js';

type Key = Record<string, string | number>;

export function encodeCursor(key: Key | undefined): string | undefined {
  return key ? Buffer.from(JSON.stringify(key), 'utf8').toString('base64url') : undefined;
}

/** Decodes a cursor whose partition must be `partitionKey` = `partition`. */
export function decodeCursor(cursor: string | undefined, expected: { attribute: string; value: string }): Key | undefined {
  if (cursor === undefined) return undefined;
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidArgumentError('cursor: is not a cursor this list returned');
  }
  const valid =
    typeof key === 'object' &&
    key !== null &&
    !Array.isArray(key) &&
    Object.values(key).every((value) => typeof value === 'string' || typeof value === 'number') &&
    (key as Key)[expected.attribute] === expected.value;
  if (!valid) throw new InvalidArgumentError('cursor: is not a cursor this list returned');
  return key as Key;
}
