// getSearchClient {type: 'search'} (spec 7; analysts above level 5): the Algolia client's credentials for
// the template index — the application id and a secured key restricted to finding_templates, valid for
// SEARCH_KEY_TTL_SECONDS (an hour by default).
import * as z from 'zod/mini';
import { templateSearchAccess } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { readConfig } from '../../kernel/config.js';
import { templateIndexName } from '../../kernel/templates/template-fields.js';
import { searchKeySecret, securedSearchKey } from '../../kernel/templates/search-key.js';

export const getSearchClient = defineSignedInCall({
  name: 'getSearchClient',
  input: z.strictObject({ type: z.literal('search', { error: 'type: must be "search"' }) }),
  output: z.object({ success: z.boolean(), searchKey: z.string(), appId: z.string() }),
  access: templateSearchAccess,
  run: async () => {
    const { SEARCH_APP_ID, SEARCH_KEY_TTL_SECONDS } = readConfig();
    const searchKey = securedSearchKey(await searchKeySecret(), {
      restrictIndices: [templateIndexName],
      validUntil: Math.floor(Date.now() / 1000) + SEARCH_KEY_TTL_SECONDS,
    });
    return { success: true, searchKey, appId: SEARCH_APP_ID };
  },
});
