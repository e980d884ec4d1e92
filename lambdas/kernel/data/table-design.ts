// The single table's key design, shared by the CDK stack and the local stack so both create the same table.
export const tableDesign = {
  partitionKey: 'pk',
  sortKey: 'sk',
  timeToLiveAttribute: 'ttl',
  globalSecondaryIndexes: [
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    // Sparse: findings whose texts came from a template, by template then version (data/entities/findings.ts).
    { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    // Sparse: open published findings with a due date, by company and service, then due date (sla/finding-sla.ts).
    { indexName: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
    // Sparse: known-exploited findings (a CVE in CISA's KEV catalogue), by company and service, then in the severity
    // index's order (feeds/exploit-enrichment.ts).
    { indexName: 'gsi4', partitionKey: 'gsi4pk', sortKey: 'gsi4sk' },
  ],
} as const;
