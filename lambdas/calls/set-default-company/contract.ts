// setDefaultCompany: saves the company switch as users_preferences.defaultCompany.
import * as z from 'zod/mini';
import { companySlug } from '../../contracts/scope.js';
import { companyDoc, sessionUserAccess } from '../shared/schemas.js';

export const setDefaultCompanyInput = z.strictObject({ slug: companySlug });
/** With the user's access as it applies in the chosen company (a customer's level is per company). */
export const setDefaultCompanyOutput = z.object({
  defaultCompany: z.string(),
  companyDoc,
  userAccess: sessionUserAccess,
});
