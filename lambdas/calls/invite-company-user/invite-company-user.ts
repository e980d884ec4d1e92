// inviteCompanyUser (level 3 for their own companies; 7 and above, any): creates the person if needed,
// adds them to the company at a level no higher than the inviter's, and mails them a sign-in link.
import * as z from 'zod/mini';
import { canAccessCompany, levelAtLeast } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { companyDenied } from '../../kernel/companies/company-access.js';
import { readConfig } from '../../kernel/config.js';
import { PermissionDeniedError } from '../../kernel/errors.js';
import { linkOrigin } from '../../kernel/sign-in/link-origin.js';
import { assertMayChangeAccess } from '../../kernel/users/access-policy.js';
import { inviteToCompany } from '../../kernel/users/invite-user.js';
import { accessLevel, companySlug, emailAddress, serviceList } from '../shared/schemas.js';

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
  output: z.object({ uid: z.string(), created: z.boolean() }),
  access: levelAtLeast(3),
  async run(input, { caller, request }) {
    assertMayChangeAccess(caller, undefined, { accessLevel: input.accessLevel, companies: [input.slug] });
    const origin = linkOrigin(input.url, readConfig().ALLOWED_ORIGINS, request.origin);
    if (!canAccessCompany(caller.access, input.slug)) throw new PermissionDeniedError(companyDenied);
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
