// Schemas more than one call shares.
import * as z from 'zod/mini';

/** Company slugs: lowercase letters, digits and dashes, 3 to 40 characters. */
export const companySlug = z.string().check(
  z.regex(/^[a-z0-9-]{3,40}$/, 'must be 3 to 40 lowercase letters, digits or dashes'),
);

export const companyDoc = z.object({
  slug: z.string(),
  companyName: z.string(),
  enableViewProjectMarianaResults: z.boolean(),
  enableViewProjectMarianaStats: z.boolean(),
  enableDast: z.boolean(),
  enableDastTriggering: z.boolean(),
  enableViewResultsNetwork: z.boolean(),
  enableViewCloudScanStats: z.boolean(),
  enableViewCloudScanResults: z.boolean(),
  enableViewResultsPasswordCracking: z.boolean(),
  version: z.number(),
  updatedAt: z.optional(z.number()),
  updatedBy: z.optional(z.string()),
});

export type CompanyDoc = z.infer<typeof companyDoc>;

/** An opaque cursor for the next page of a list, as a previous page returned it. */
export const pageCursor = z.string().check(z.maxLength(2048, 'cursor is too long'));
