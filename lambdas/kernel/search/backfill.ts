// One-off upkeep for a deployment whose items were written before the lists' text filter and the members'
// e-mail order (docs/web.md, "Tables"): fills in the search text of profiles, companies and events, and the
// index keys of memberships, with the entities' own rules. Reads by Query, a page at a time, and writes
// only what is missing (each write conditional on it), so it can run again, and alongside the portal.
// Not on any request path: `npm run backfill:lists` runs it.
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { isConditionalCheckFailure } from '../data/conditional.js';
import { companyEntity, companyListPartition } from '../data/entities/companies.js';
import { allEventsPartition, eventEntity } from '../data/entities/events.js';
import { companyPartition, membershipEntity } from '../data/entities/memberships.js';
import { userEntity, userListPartition } from '../data/entities/users.js';
import { portalTable } from '../data/table.js';
import { userRows } from '../users/user-rows.js';
import { companySearchText, eventSearchText, userAccessSearchText, userProfileSearchText } from './row-search.js';

export interface BackfillCounts {
  users: number;
  companies: number;
  memberships: number;
  events: number;
}

type StartKey = Record<string, unknown> | undefined;

/** Every page of one partition, `pageSize` items at a time. */
async function* pagesOf<Item>(
  query: (startKey: StartKey) => Promise<{ Items?: Item[]; LastEvaluatedKey?: StartKey }>,
): AsyncGenerator<Item[]> {
  let startKey: StartKey;
  do {
    const { Items = [], LastEvaluatedKey } = await query(startKey);
    yield Items;
    startKey = LastEvaluatedKey;
  } while (startKey);
}

/** Runs a conditional write; false when its condition said there was nothing to do. */
async function written(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/** Users fetched per page: their access records are read with one BatchGet of at most 100 keys. */
const usersPerPage = 50;

export async function backfillListFields(): Promise<BackfillCounts> {
  const counts: BackfillCounts = { users: 0, companies: 0, memberships: 0, events: 0 };

  const users = pagesOf((startKey) =>
    portalTable
      .build(QueryCommand)
      .entities(userEntity)
      .query({ index: 'gsi1', partition: userListPartition })
      .options({ limit: usersPerPage, exclusiveStartKey: startKey })
      .send(),
  );
  for await (const page of users) {
    for (const row of await userRows(page.map((user) => user.uid))) {
      const done = await written(() =>
        userEntity
          .build(UpdateItemCommand)
          .item({
            uid: row.uid,
            profileSearchText: userProfileSearchText(row),
            accessSearchText: userAccessSearchText(row),
          })
          .options({
            condition: {
              and: [
                { attr: 'uid', exists: true },
                {
                  or: [
                    { attr: 'profileSearchText', exists: false },
                    { attr: 'accessSearchText', exists: false },
                  ],
                },
              ],
            },
          })
          .send(),
      );
      if (done) counts.users += 1;
    }
  }

  const companies = pagesOf((startKey) =>
    portalTable
      .build(QueryCommand)
      .entities(companyEntity)
      .query({ index: 'gsi1', partition: companyListPartition })
      .options({ exclusiveStartKey: startKey })
      .send(),
  );
  for await (const page of companies) {
    for (const company of page) {
      const done = await written(() =>
        companyEntity
          .build(UpdateItemCommand)
          .item({ slug: company.slug, searchText: companySearchText(company) })
          .options({
            condition: {
              and: [
                { attr: 'slug', exists: true },
                { attr: 'searchText', exists: false },
              ],
            },
          })
          .send(),
      );
      if (done) counts.companies += 1;
      const memberships = pagesOf((startKey) =>
        portalTable
          .build(QueryCommand)
          .entities(membershipEntity)
          .query({ partition: companyPartition(company.slug) })
          .options({ exclusiveStartKey: startKey })
          .send(),
      );
      for await (const members of memberships) {
        for (const membership of members) {
          // A put recomputes the index keys; it lands only on a membership that is still there without them.
          const added = await written(() =>
            membershipEntity
              .build(PutItemCommand)
              .item(membership)
              .options({
                condition: {
                  and: [
                    { attr: 'uid', exists: true },
                    { attr: 'gsi1pk', exists: false },
                  ],
                },
              })
              .send(),
          );
          if (added) counts.memberships += 1;
        }
      }
    }
  }

  const events = pagesOf((startKey) =>
    portalTable
      .build(QueryCommand)
      .entities(eventEntity)
      .query({ index: 'gsi1', partition: allEventsPartition })
      .options({ exclusiveStartKey: startKey })
      .send(),
  );
  for await (const page of events) {
    for (const event of page) {
      const done = await written(() =>
        eventEntity
          .build(UpdateItemCommand)
          .item({
            createdByUid: event.createdByUid,
            createdAt: event.createdAt,
            id: event.id,
            searchText: eventSearchText(event),
          })
          .options({
            condition: {
              and: [
                { attr: 'id', exists: true },
                { attr: 'searchText', exists: false },
              ],
            },
          })
          .send(),
      );
      if (done) counts.events += 1;
    }
  }
  return counts;
}
