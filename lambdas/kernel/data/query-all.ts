// Every item a Query matches. DynamoDB answers a Query a page at a time (1 MB read, or `Limit` items), each
// page after the last key of the one before (LastEvaluatedKey → ExclusiveStartKey): this is the one place that
// loop is written.
import { QueryCommand, type QueryCommandInput, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { documentClient } from './client.js';

/** An item as the document client answers it (attribute values unmarshalled to JavaScript). */
export type QueriedItem = NonNullable<QueryCommandOutput['Items']>[number];

/**
 * The items in the Query's order, each page read only when the one before is used up: a caller that stops
 * early (`break`, `return`) reads no further page, and one that walks a large partition holds one page at a time.
 */
export async function* queryAll(input: Omit<QueryCommandInput, 'ExclusiveStartKey'>): AsyncGenerator<QueriedItem> {
  let startKey: QueryCommandInput['ExclusiveStartKey'];
  do {
    const page = await documentClient.send(new QueryCommand({ ...input, ExclusiveStartKey: startKey }));
    for (const item of page.Items ?? []) yield item;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}
