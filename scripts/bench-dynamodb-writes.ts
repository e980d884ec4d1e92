// The DynamoDB writes this process sends while a recording runs, as DynamoDB receives them: requests per
// operation, and write requests and item writes per kind of item (the partition key's prefix: FINDINGS,
// ASSETS, IMPORT…). The items of BatchWriteItem puts can be kept, so the bench can send the very same items
// again with the plain client: the floor an import is compared with. Instruments the one client every entity
// uses (as tests/support/dynamodb-capture.ts does), without copying anything, so an import runs at its speed.
// Import only after the local stack has set the environment.
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { dynamoDbClient } from '../lambdas/kernel/data/client.js';

export type MarshalledItem = Record<string, AttributeValue>;

export interface WriteRecording {
  /** Every request, by DynamoDB operation (GetItem, Query, BatchWriteItem…). */
  requests: Record<string, number>;
  /** Write requests (BatchWriteItem, PutItem, UpdateItem, DeleteItem, TransactWriteItems) naming an item of the kind. */
  writeRequestsByKind: Record<string, number>;
  /** Items written, by kind. */
  itemWritesByKind: Record<string, number>;
  /** The items of BatchWriteItem puts, when kept. */
  batchPutItems: MarshalledItem[];
}

const operations: Record<string, string> = {
  Get: 'GetItem',
  Put: 'PutItem',
  Update: 'UpdateItem',
  Delete: 'DeleteItem',
  BatchGet: 'BatchGetItem',
  BatchWrite: 'BatchWriteItem',
  TransactGet: 'TransactGetItems',
  TransactWrite: 'TransactWriteItems',
};
const writeOperations = new Set(['BatchWriteItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'TransactWriteItems']);

/** `FINDINGS#acme#dast` → FINDINGS. */
export const kindOf = (partitionKey: string | undefined) => (partitionKey ?? '').split('#')[0] || 'unknown';

/** The partition keys a write request names, one per item written. */
function writtenKeys(operation: string, input: Record<string, unknown>, keep: MarshalledItem[] | undefined): string[] {
  const pk = (item: MarshalledItem | undefined) => item?.pk?.S ?? '';
  if (operation === 'BatchWriteItem') {
    const keys: string[] = [];
    const tables = (input.RequestItems ?? {}) as Record<
      string,
      Array<{ PutRequest?: { Item: MarshalledItem }; DeleteRequest?: { Key: MarshalledItem } }>
    >;
    for (const requests of Object.values(tables)) {
      for (const request of requests) {
        if (request.PutRequest) {
          keys.push(pk(request.PutRequest.Item));
          keep?.push(request.PutRequest.Item);
        } else keys.push(pk(request.DeleteRequest?.Key));
      }
    }
    return keys;
  }
  if (operation === 'PutItem') return [pk(input.Item as MarshalledItem)];
  if (operation === 'UpdateItem' || operation === 'DeleteItem') return [pk(input.Key as MarshalledItem)];
  if (operation === 'TransactWriteItems') {
    const items = (input.TransactItems ?? []) as Array<Record<string, { Item?: MarshalledItem; Key?: MarshalledItem }>>;
    return items.map((entry) => {
      const action = Object.values(entry)[0];
      return pk(action?.Item ?? action?.Key);
    });
  }
  return [];
}

const middlewareName = 'benchRecordDynamoDbWrites';
let recording = false;

/** Runs `work` (nothing else may use the client meanwhile) and returns what it wrote. */
export async function recordWrites<T>(
  work: () => Promise<T>,
  options: { keepBatchPutItems?: boolean } = {},
): Promise<{ result: T; recording: WriteRecording }> {
  if (recording) throw new Error('One write recording at a time');
  recording = true;
  const current: WriteRecording = { requests: {}, writeRequestsByKind: {}, itemWritesByKind: {}, batchPutItems: [] };
  const keep = options.keepBatchPutItems ? current.batchPutItems : undefined;
  dynamoDbClient.middlewareStack.add(
    (next, context) => async (args) => {
      const command = (context.commandName ?? 'unknown').replace(/Command$/, '');
      const operation = operations[command] ?? command;
      current.requests[operation] = (current.requests[operation] ?? 0) + 1;
      if (writeOperations.has(operation)) {
        const kinds = writtenKeys(operation, args.input as Record<string, unknown>, keep).map(kindOf);
        for (const kind of kinds) current.itemWritesByKind[kind] = (current.itemWritesByKind[kind] ?? 0) + 1;
        for (const kind of new Set(kinds))
          current.writeRequestsByKind[kind] = (current.writeRequestsByKind[kind] ?? 0) + 1;
      }
      return next(args);
    },
    { step: 'build', name: middlewareName },
  );
  try {
    const result = await work();
    return { result, recording: current };
  } finally {
    dynamoDbClient.middlewareStack.remove(middlewareName);
    recording = false;
  }
}

/**
 * DynamoDB's size of an item as it bills writes (attribute names and values in UTF-8, numbers by their
 * digits, 3 bytes per list or map and 1 per element): one write capacity unit per started 1 KB.
 */
export function itemBytes(item: MarshalledItem): number {
  let bytes = 0;
  for (const [name, value] of Object.entries(item)) bytes += Buffer.byteLength(name) + valueBytes(value);
  return bytes;
}

function valueBytes(value: AttributeValue): number {
  if (value.S !== undefined) return Buffer.byteLength(value.S);
  if (value.N !== undefined) return Math.ceil(value.N.replace(/^-|\.|^0+/g, '').length / 2) + 1;
  if (value.BOOL !== undefined || value.NULL !== undefined) return 1;
  if (value.B !== undefined) return value.B.byteLength;
  if (value.L !== undefined) return 3 + value.L.reduce((sum, element) => sum + 1 + valueBytes(element), 0);
  if (value.M !== undefined) return 3 + itemBytes(value.M) + Object.keys(value.M).length;
  if (value.SS !== undefined) return value.SS.reduce((sum, text) => sum + Buffer.byteLength(text), 0);
  if (value.NS !== undefined) return value.NS.reduce((sum, number) => sum + Math.ceil(number.length / 2) + 1, 0);
  return 0;
}
