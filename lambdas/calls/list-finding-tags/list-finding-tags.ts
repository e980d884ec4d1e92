// listFindingTags (analysts, level 7): the tags in use, most used first, for suggestions as the analyst
// types (a prefix, as written). Tags span every company, so only analysts who see every company get them.
import * as z from 'zod/mini';
import { templateLibraryAccess } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { tagsInUse } from '../../kernel/data/entities/finding-tags.js';
import { findingTag } from '../../contracts/curation.js';

export const listFindingTags = defineSignedInCall({
  name: 'listFindingTags',
  input: z.strictObject({
    prefix: z.optional(z.string().check(z.maxLength(64, 'must be at most 64 characters'))),
    limit: z.optional(z.int().check(z.minimum(1, 'must be 1 to 100'), z.maximum(100, 'must be 1 to 100'))),
  }),
  output: z.object({ tags: z.array(findingTag) }),
  access: templateLibraryAccess,
  readAhead: ({ prefix }) => tagsInUse(prefix?.trim() ?? ''),
  async run({ limit }, { ahead }) {
    const tags = await ahead;
    tags.sort((a, b) => b.tagCount - a.tagCount || a.tag.localeCompare(b.tag));
    return { tags: tags.slice(0, limit ?? 20) };
  },
});
