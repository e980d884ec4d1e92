// Company administration: create (never overwriting a slug), update (conditional on the version the
// editor saw), and list a page at a time. Every change is recorded as an event in the same transaction.
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { execute } from 'dynamodb-toolbox/entity/actions/transactWrite';
import type { CompanyRecord } from '../access/caller.js';
import { companyEntity, companyListPartition, type CompanyFlag } from '../data/entities/companies.js';
import { listPartitionPage } from '../data/list-query.js';
import { failedConditions } from '../data/transactions.js';
import { companySearchText } from '../search/row-search.js';
import { AlreadyExistsError, ConflictError, NotFoundError } from '../errors.js';
import { eventWrite, type EventActor } from '../events/events.js';
import { getCompanyRecord } from './company-records.js';
import { readCompanyWithKeys, triggeringSwitchItems } from '../data/entities/dast-keys.js';
import { documentClient } from '../data/client.js';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { TransactItem } from '../data/transactions.js';

export type CompanyFlags = Partial<Record<CompanyFlag, boolean>>;

export async function createCompanyAs(
  editor: EventActor,
  input: { slug: string; companyName: string; flags: CompanyFlags },
): Promise<CompanyRecord> {
  const now = Date.now();
  const record = {
    slug: input.slug,
    companyName: input.companyName,
    ...input.flags,
    memberCount: 0,
    version: 1,
    updatedAt: now,
    updatedBy: editor.email,
  };
  try {
    await execute(
      companyEntity
        .build(PutTransaction)
        .item(record)
        .options({ condition: { attr: 'slug', exists: false } }),
      eventWrite(
        editor,
        {
          type: 'companyCreated',
          summary: `Created company ${input.companyName} (${input.slug})`,
          subject: { company: { slug: input.slug, companyName: input.companyName } },
          after: record,
        },
        now,
      ),
    );
  } catch (error) {
    if (failedConditions(error)?.includes(0)) {
      throw new AlreadyExistsError(`slug: a company with the slug "${input.slug}" already exists`);
    }
    throw error;
  }
  return (await getCompanyRecord(input.slug)) as CompanyRecord;
}

export async function updateCompanyAs(
  editor: EventActor,
  input: { slug: string; version: number; companyName?: string; flags?: CompanyFlags },
): Promise<CompanyRecord> {
  // The company's DAST key entries come with its record in the same Query: they are needed when the switch changes.
  const { company: current, entries: dastKeys } = await readCompanyWithKeys(input.slug);
  if (!current) throw new NotFoundError(`slug: no company "${input.slug}"`);
  const now = Date.now();
  const next: CompanyRecord = {
    ...current,
    ...(input.companyName !== undefined ? { companyName: input.companyName } : {}),
    ...input.flags,
    version: input.version + 1,
    updatedAt: now,
    updatedBy: editor.email,
  };
  // DAST keys carry a copy of enableDastTriggering (their verification reads nothing else): a change of it reaches
  // every key of the company in this same transaction, so it takes effect at once.
  const dastSwitch =
    input.flags?.enableDastTriggering !== undefined && input.flags.enableDastTriggering !== current.enableDastTriggering
      ? triggeringSwitchItems(dastKeys, input.flags.enableDastTriggering, now)
      : [];
  try {
    await executeWith(
      dastSwitch,
      companyEntity
        .build(UpdateTransaction)
        .item({
          slug: input.slug,
          ...(input.companyName !== undefined ? { companyName: input.companyName } : {}),
          ...input.flags,
          version: next.version,
          updatedAt: now,
          updatedBy: editor.email,
          searchText: companySearchText(next),
        })
        .options({ condition: { attr: 'version', eq: input.version } }),
      eventWrite(
        editor,
        {
          type: 'companyUpdated',
          summary: `Updated company ${next.companyName} (${input.slug})`,
          subject: { company: { slug: input.slug, companyName: next.companyName } },
          before: current,
          after: next,
        },
        now,
      ),
    );
  } catch (error) {
    if (failedConditions(error)?.includes(0)) {
      throw new ConflictError('This company was changed by someone else; here is the current value.', {
        current: await getCompanyRecord(input.slug),
      });
    }
    throw error;
  }
  return next;
}

export async function listCompaniesPage(page: {
  cursor?: string;
  limit: number;
  /** Normalised (search-text.ts filterKey). */
  filter?: string;
  descending?: boolean;
}) {
  const { items, nextCursor } = await listPartitionPage(
    companyEntity,
    { partition: companyListPartition, index: 'gsi1' },
    {
      cursor: page.cursor,
      limit: page.limit,
      descending: page.descending,
      ...(page.filter ? { filter: { text: page.filter, attributes: ['searchText'] } } : {}),
      // Nothing is read again afterwards: besides the caller's records, two Queries fit the budget.
      maxQueries: 2,
    },
  );
  return { companies: items, nextCursor };
}

/** Toolbox transactions, then raw items, as one transaction (the toolbox's execute alone when there are none). */
async function executeWith(raw: TransactItem[], ...transactions: { params(): object }[]): Promise<void> {
  if (raw.length === 0) {
    await execute(...(transactions as never[]));
    return;
  }
  const items = transactions.map((transaction) => {
    const { ToolboxItem: _item, ...write } = transaction.params() as { ToolboxItem?: unknown };
    return write;
  });
  await documentClient.send(new TransactWriteCommand({ TransactItems: [...items, ...raw] }));
}
