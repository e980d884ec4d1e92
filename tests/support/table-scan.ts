// Reading the table as stored, for tests that check what was (not) written. No request path scans.
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../../lambdas/kernel/data/client.js';

type Filter = { FilterExpression: string; ExpressionAttributeValues: Record<string, unknown> };

/**
 * Every item of the table, or every item the filter keeps, through all of the Scan's pages: one page holds at
 * most 1 MB, and the suite's other files fill the shared table, so a single page misses items.
 */
export async function scanTable(filter?: Filter): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient.send(
      new ScanCommand({ TableName: process.env.TABLE_NAME, ExclusiveStartKey: start, ...filter }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}
