// setDefaultCompany: saves the company switch as users_preferences.defaultCompany.
import * as z from 'zod/mini';
import { companyDoc, companySlug } from '../shared/schemas.js';

export const setDefaultCompanyInput = z.strictObject({ slug: companySlug });
export const setDefaultCompanyOutput = z.object({ defaultCompany: z.string(), companyDoc });
