// Creates the single table on DynamoDB Local from the same key design the CDK stack deploys.
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  CreateTableCommand,
  DescribeTableCommand,
  ResourceNotFoundException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { tableDesign } from '../../lambdas/kernel/data/table-design.js';

export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<void> {
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    await addMissingIndexes(
      client,
      tableName,
      new Set((Table?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName)),
    );
    return;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  const keyNames = [
    tableDesign.partitionKey,
    tableDesign.sortKey,
    ...tableDesign.globalSecondaryIndexes.flatMap((index) => [index.partitionKey, index.sortKey]),
  ];
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: keyNames.map((name) => ({ AttributeName: name, AttributeType: 'S' })),
      KeySchema: [
        { AttributeName: tableDesign.partitionKey, KeyType: 'HASH' },
        { AttributeName: tableDesign.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: tableDesign.globalSecondaryIndexes.map((index) => ({
        IndexName: index.indexName,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    }),
  );
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: tableDesign.timeToLiveAttribute, Enabled: true },
    }),
  );
}

/** A table kept from an earlier version (`.data/`) gets the indexes added since, one at a time. */
async function addMissingIndexes(client: DynamoDBClient, tableName: string, existing: Set<string | undefined>) {
  for (const index of tableDesign.globalSecondaryIndexes) {
    if (existing.has(index.indexName)) continue;
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: [
          { AttributeName: index.partitionKey, AttributeType: 'S' },
          { AttributeName: index.sortKey, AttributeType: 'S' },
        ],
        GlobalSecondaryIndexUpdates: [
          {
            Create: {
              IndexName: index.indexName,
              KeySchema: [
                { AttributeName: index.partitionKey, KeyType: 'HASH' },
                { AttributeName: index.sortKey, KeyType: 'RANGE' },
              ],
              Projection: { ProjectionType: 'ALL' },
            },
          },
        ],
      }),
    );
  }
}
