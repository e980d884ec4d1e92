// getCompany: one company's record, for a member (or an analyst who sees every company).
import * as z from 'zod/mini';
import { companyDoc, companySlug } from '../shared/schemas.js';

export const getCompanyInput = z.strictObject({ slug: companySlug });
export const getCompanyOutput = companyDoc;
