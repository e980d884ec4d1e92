// listAssets: the company's inventory as one service's scans saw it (subdomains, hosts, ports, URLs, cloud
// resources, accounts), with first and last seen, a page at a time.
import * as z from 'zod/mini';
import { defineSignedInCall } from '../../kernel/call.js';
import { listAssetsPage } from '../../kernel/findings/asset-records.js';
import { assertServiceAccess, serviceFindingsAccess } from '../../kernel/findings/service-access.js';
import { assetRow, listLimit, pageCursor, serviceScope } from '../../contracts/findings.js';

export const listAssets = defineSignedInCall({
  name: 'listAssets',
  input: z.strictObject({
    ...serviceScope,
    /** Part of the asset's key or name, in any case. */
    filter: z.optional(z.string().check(z.maxLength(100, 'must be at most 100 characters'))),
    cursor: z.optional(pageCursor),
    limit: listLimit,
  }),
  output: z.object({ assets: z.array(assetRow), nextCursor: z.optional(z.string()) }),
  access: serviceFindingsAccess,
  readAhead: ({ slug, service, filter, cursor, limit }) =>
    listAssetsPage(slug, service, { filter, cursor, limit: limit ?? 50 }),
  async run({ slug, service }, { caller, ahead }) {
    assertServiceAccess(caller, slug, service);
    const page = await ahead;
    return { assets: page.items, nextCursor: page.nextCursor };
  },
});
