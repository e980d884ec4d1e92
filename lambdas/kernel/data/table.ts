// The single table, through DynamoDB-Toolbox. Only modules under kernel/data import the data library or
// the DynamoDB clients. (DynamoDB-Toolbox over ElectroDB: ElectroDB and its jsonschema dependency add
// about 220 KB to every Lambda bundle, which broke the 600 KB budget; DynamoDB-Toolbox adds about 85 KB.)
import { Table } from 'dynamodb-toolbox/table';
import { readConfig } from '../config.js';
import { documentClient } from './client.js';
import { tableDesign } from './table-design.js';

const [gsi1] = tableDesign.globalSecondaryIndexes;

export const portalTable = new Table({
  documentClient,
  // Read when a command is sent, so importing the data layer needs no configuration (CDK synth does).
  name: () => readConfig().TABLE_NAME,
  partitionKey: { name: tableDesign.partitionKey, type: 'string' },
  sortKey: { name: tableDesign.sortKey, type: 'string' },
  indexes: {
    [gsi1.indexName]: {
      type: 'global',
      partitionKey: { name: gsi1.partitionKey, type: 'string' },
      sortKey: { name: gsi1.sortKey, type: 'string' },
    },
  },
});
