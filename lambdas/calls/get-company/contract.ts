// getCompany: one company's record, for a member (or an analyst who sees every company).
import * as z from 'zod/mini';
import { companySlug } from '../../contracts/scope.js';
import { companyDoc } from '../shared/schemas.js';

export const getCompanyInput = z.strictObject({ slug: companySlug });
export const getCompanyOutput = companyDoc;
