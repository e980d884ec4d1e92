// Page cursors: the last key of a page, opaque to clients, checked on the way back in so a forged
// cursor can neither reach another partition nor turn into a DynamoDB validation error.
import { InvalidArgumentError, PermissionDeniedError } from '../errors.js';

type Key = Record<string, string>;

/** The attributes of a page's last key: the table's, plus the index's for an index list. */
const keyAttributes = {
  pk: ['pk', 'sk'],
  gsi1pk: ['gsi1pk', 'gsi1sk', 'pk', 'sk'],
  gsi2pk: ['gsi2pk', 'gsi2sk', 'pk', 'sk'],
  gsi3pk: ['gsi3pk', 'gsi3sk', 'pk', 'sk'],
  gsi4pk: ['gsi4pk', 'gsi4sk', 'pk', 'sk'],
} as const;

/** DynamoDB's own limit for a sort key (partition keys allow 2048; a longer value is forged anyway). */
const maxKeyBytes = 1024;

export function encodeCursor(key: Record<string, string | number> | undefined): string | undefined {
  return key ? Buffer.from(JSON.stringify(key), 'utf8').toString('base64url') : undefined;
}

/** Decodes a cursor of the list whose partition attribute `attribute` is `value`. */
export function decodeCursor(
  cursor: string | undefined,
  expected: {
    attribute: keyof typeof keyAttributes;
    value: string;
    /**
     * The partitions of this kind of list (`FINDINGS#`): a cursor of another of them (another company's)
     * is refused as the company itself would be, not as a malformed cursor.
     */
    kindPrefix?: string;
  },
): Key | undefined {
  if (cursor === undefined) return undefined;
  const invalid = () => new InvalidArgumentError('cursor: is not a cursor this list returned');
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (typeof key !== 'object' || key === null || Array.isArray(key)) throw invalid();
  const names = Object.keys(key).sort();
  const wanted = [...keyAttributes[expected.attribute]].sort();
  const valid =
    names.length === wanted.length &&
    names.every((name, index) => name === wanted[index]) &&
    Object.values(key).every(
      (value) => typeof value === 'string' && value !== '' && Buffer.byteLength(value) <= maxKeyBytes,
    ) &&
    (key as Key)[expected.attribute] === expected.value;
  if (!valid) {
    const partition = (key as Record<string, unknown>)[expected.attribute];
    if (expected.kindPrefix && typeof partition === 'string' && partition.startsWith(expected.kindPrefix)) {
      throw new PermissionDeniedError('You do not have access to this company.');
    }
    throw invalid();
  }
  return key as Key;
}
