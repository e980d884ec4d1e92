// addFindingComment: a comment on a finding's conversation, by the company's people who may read the service's
// report (a published finding: an unpublished one is NOT_FOUND for them, as getFinding answers) or an analyst who
// may work on the service. Answers the comment; its mail to the other side goes out from the report worker.
import * as z from 'zod/mini';
import { defineSignedInCall } from '../../kernel/call.js';
import { findingReadersAccess } from '../../kernel/findings/finding-visibility.js';
import { addCommentAs, readFindingAndCompany } from '../../kernel/findings/finding-comments.js';
import { findingId, serviceScope } from '../../contracts/findings.js';
import { commentBody, findingComment } from '../../contracts/finding-comments.js';

export const addFindingComment = defineSignedInCall({
  name: 'addFindingComment',
  input: z.strictObject({ ...serviceScope, findingId, body: commentBody }),
  output: z.object({ comment: findingComment }),
  access: findingReadersAccess,
  // The finding and the company's flags in one BatchGet, beside the caller's records; then one transaction.
  readAhead: (input) => readFindingAndCompany(input),
  async run(input, { caller, ahead }) {
    return { comment: await addCommentAs(caller, input, ahead) };
  },
});
