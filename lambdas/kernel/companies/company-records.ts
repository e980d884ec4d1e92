// Reading company records: one by slug, several by slug (one BatchGet), or every company (one Query).
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { BatchGetRequest } from 'dynamodb-toolbox/entity/actions/batchGet';
import { BatchGetCommand, execute } from 'dynamodb-toolbox/table/actions/batchGet';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import type { CompanyRecord } from '../access/caller.js';
import { companyEntity, companyListPartition } from '../data/entities/companies.js';
import { portalTable } from '../data/table.js';

/** BatchGet takes at most 100 keys; nobody belongs to that many companies. */
const maxCompaniesPerUser = 100;

export async function getCompanyRecord(slug: string): Promise<CompanyRecord | undefined> {
  const { Item } = await companyEntity.build(GetItemCommand).key({ slug }).send();
  return Item;
}

/** The records of these companies that exist, in the order given. */
export async function getCompanyRecords(slugs: readonly string[]): Promise<CompanyRecord[]> {
  const wanted = [...new Set(slugs)].slice(0, maxCompaniesPerUser);
  if (wanted.length === 0) return [];
  const command = portalTable
    .build(BatchGetCommand)
    .requests(...wanted.map((slug) => companyEntity.build(BatchGetRequest).key({ slug })));
  const { Responses } = await execute({ maxAttempts: 3 }, command);
  const found = new Map<string, CompanyRecord>();
  for (const record of Responses?.[0] ?? []) if (record) found.set(record.slug, record);
  return wanted.flatMap((slug) => found.get(slug) ?? []);
}

/** Every company, by slug. One page holds about 2,500 companies, far more than a portal serves. */
export async function listAllCompanies(): Promise<CompanyRecord[]> {
  const { Items = [] } = await portalTable
    .build(QueryCommand)
    .entities(companyEntity)
    .query({ index: 'gsi1', partition: companyListPartition })
    .send();
  return Items;
}
