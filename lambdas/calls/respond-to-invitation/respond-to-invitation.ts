// respondToInvitation (any signed-in user, for themselves): accepts or declines a company's pending
// invitation. Accepting makes them a member at the invitation's level and services; declining removes it.
import * as z from 'zod/mini';
import { companySlug } from '../../contracts/scope.js';
import { signedIn } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { acceptInvitation, declineInvitation } from '../../kernel/users/invitations.js';

export const respondToInvitation = defineSignedInCall({
  name: 'respondToInvitation',
  input: z.strictObject({
    slug: companySlug,
    answer: z.enum(['accept', 'decline'], 'must be accept or decline'),
  }),
  output: z.object({ slug: z.string(), companyName: z.string(), answer: z.enum(['accept', 'decline']) }),
  access: signedIn,
  async run({ slug, answer }, { caller }) {
    const result = answer === 'accept' ? await acceptInvitation(caller, slug) : await declineInvitation(caller, slug);
    return { ...result, answer };
  },
});
