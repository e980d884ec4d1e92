// inviteCompanyUser (level 3 in that company; analysts of level 7 and above, any): invites a person by
// e-mail at a level no higher than the inviter's there. The answer is the same whether the address has an
// account or not; the person becomes a member when they accept (respondToInvitation). At most 20
// invitations an hour per administrator and 100 a day per company.
import * as z from 'zod/mini';
import { companySlug } from '../../contracts/scope.js';
import { canAccessCompany, levelAtLeast, menuLevels } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { companyDenied } from '../../kernel/companies/company-access.js';
import { readConfig } from '../../kernel/config.js';
import { PermissionDeniedError } from '../../kernel/errors.js';
import { linkOrigin } from '../../kernel/sign-in/link-origin.js';
import { assertMayChangeMembership } from '../../kernel/users/access-policy.js';
import { inviteToCompany } from '../../kernel/users/invite-user.js';
import { accessLevel, emailAddress, serviceList } from '../shared/schemas.js';

export const inviteCompanyUser = defineSignedInCall({
  name: 'inviteCompanyUser',
  input: z.strictObject({
    slug: companySlug,
    email: emailAddress,
    accessLevel,
    servicesEnabled: z.optional(serviceList),
    /** The site origin the invitation's link leads to (the inviter's own). */
    url: z.string().check(z.maxLength(2048, 'must be at most 2048 characters')),
  }),
  output: z.object({ invited: z.literal(true) }),
  access: levelAtLeast(menuLevels.manageUsers),
  async run(input, { caller, request }) {
    if (!canAccessCompany(caller.access, input.slug, menuLevels.manageUsers)) {
      throw new PermissionDeniedError(companyDenied);
    }
    assertMayChangeMembership(caller, input.slug, undefined, { accessLevel: input.accessLevel });
    const origin = linkOrigin(input.url, readConfig().ALLOWED_ORIGINS, request.origin);
    return inviteToCompany(
      caller,
      {
        slug: input.slug,
        email: input.email,
        accessLevel: input.accessLevel,
        servicesEnabled: input.servicesEnabled ?? [],
        origin,
      },
      request.requestId,
    );
  },
});
