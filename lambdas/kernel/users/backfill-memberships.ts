// One-off upkeep for a deployment whose access records were written before per-company levels: writes each
// record's `memberships` as rules.ts `membershipOf` already reads it (every company at the record's level and
// services), so that what a member may do stays exactly the same and later code need not read the old shape.
// Each write is conditional on the record still lacking memberships at the version read, so it never overwrites
// an edit made meanwhile, can run alongside the portal, and changes nothing when run again.
// Not on any request path (it Scans the table): `npm run backfill:memberships` runs it.
import { $set, UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { ScanCommand } from 'dynamodb-toolbox/table/actions/scan';
import type { UserAccessRecord } from '../access/caller.js';
import { isConditionalCheckFailure } from '../data/conditional.js';
import { userAccessEntity } from '../data/entities/users.js';
import { portalTable } from '../data/table.js';
import { membershipsOf } from './access-changes.js';

export interface MembershipBackfillCounts {
  /** Access records read. */
  scanned: number;
  /** Records given their memberships by this run. */
  written: number;
  /** Records that had memberships already (an access change since, or an earlier run). */
  alreadyDone: number;
  /** Records edited between the read and the write: left as the edit made them; a new run looks again. */
  changedMeanwhile: number;
}

/** Access records read per Scan page (the items are small; a page stays well under DynamoDB's 1 MB). */
const recordsPerPage = 100;

/** Writes `memberships` on every access record that lacks it; returns what it did. */
export async function backfillMemberships(): Promise<MembershipBackfillCounts> {
  const counts: MembershipBackfillCounts = { scanned: 0, written: 0, alreadyDone: 0, changedMeanwhile: 0 };
  const pages = portalTable.build(ScanCommand).entities(userAccessEntity).options({ limit: recordsPerPage }).paginate();
  for await (const { Items = [] } of pages) {
    for (const access of Items as UserAccessRecord[]) {
      counts.scanned += 1;
      if (access.memberships) counts.alreadyDone += 1;
      else if (await writeMemberships(access)) counts.written += 1;
      else counts.changedMeanwhile += 1;
    }
  }
  return counts;
}

/**
 * Writes one record's memberships as they read in this copy of it; false, writing nothing, when the record has
 * changed since the copy was read (or has memberships already).
 */
export async function writeMemberships(access: UserAccessRecord): Promise<boolean> {
  try {
    await userAccessEntity
      .build(UpdateItemCommand)
      // Only memberships: `version`, `updatedAt` and `updatedBy` stay as they are. This is the same access
      // written in its current shape, not an edit: bumping the version would make an administrator's screen,
      // opened before the run, refuse their next save as a conflict with a change that changed nothing, and the
      // record would claim an editor and a time it never had. The condition on the version read is what keeps a
      // concurrent edit safe.
      .item({ uid: access.uid, memberships: $set(membershipsOf(access)) })
      .options({
        condition: {
          and: [
            { attr: 'uid', exists: true },
            { attr: 'memberships', exists: false },
            { attr: 'version', eq: access.version },
          ],
        },
      })
      .send();
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}
