// Schemas more than one call shares.
import * as z from 'zod/mini';
import { serviceName } from '../../contracts/scope.js';
import { filterMaxLength } from '../../kernel/search/search-text.js';
import { displayNameProblem } from '../../kernel/users/display-name.js';

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
  memberCount: z.optional(z.number()),
  version: z.number(),
  updatedAt: z.optional(z.number()),
  updatedBy: z.optional(z.string()),
});

export type CompanyDoc = z.infer<typeof companyDoc>;

/** Spec section 5's e-mail rule, for fields other than sign-in. */
export const emailAddress = z
  .string()
  .check(
    z.trim(),
    z.toLowerCase(),
    z.maxLength(254, 'must be at most 254 characters'),
    z.regex(/^[^\s@]+@[^\s@]+$/, 'must be an e-mail address'),
  );

export const accessLevel = z.int().check(z.minimum(0, 'must be 0 to 9'), z.maximum(9, 'must be 0 to 9'));

export const serviceList = z.array(serviceName).check(z.maxLength(5, 'lists each service at most once'));

/** The version of a record the editor saw; the write lands only if it is still current. */
export const recordVersion = z.int().check(z.minimum(1, 'must be a record version'));

/** A list's text filter: part of what a row shows, in any case (the list normalises it). */
export const listFilter = z
  .string()
  .check(z.maxLength(filterMaxLength, `must be at most ${filterMaxLength} characters`));

/** A list in the reverse of its order (by e-mail, slug or time). */
export const listDescending = z.boolean();

export const pageLimit = z.int().check(z.minimum(1, 'must be 1 to 100'), z.maximum(100, 'must be 1 to 100'));

export const companyFlagsInput = z.strictObject({
  enableViewProjectMarianaResults: z.optional(z.boolean()),
  enableViewProjectMarianaStats: z.optional(z.boolean()),
  enableDast: z.optional(z.boolean()),
  enableDastTriggering: z.optional(z.boolean()),
  enableViewResultsNetwork: z.optional(z.boolean()),
  enableViewCloudScanStats: z.optional(z.boolean()),
  enableViewCloudScanResults: z.optional(z.boolean()),
  enableViewResultsPasswordCracking: z.optional(z.boolean()),
});

export const companyName = z
  .string()
  .check(z.trim(), z.minLength(1, 'is required'), z.maxLength(100, 'must be at most 100 characters'));

/**
 * A person's display name: a plain name of at most 100 characters, or empty to clear it. It reaches other people's
 * mail and pages, so the rules of kernel/users/display-name.ts hold at every input (the web checks the same).
 */
export const displayName = z.string().check(
  z.trim(),
  // The rule checks the length too (first, so its patterns never read a long text).
  z.superRefine((name, ctx) => {
    const problem = displayNameProblem(name);
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: name });
  }),
);

/** A user as the administration pages list them. */
export const userRow = z.object({
  uid: z.string(),
  email: z.string(),
  displayName: z.optional(z.string()),
  userType: z.string(),
  accessLevel: z.number(),
  companies: z.array(z.string()),
  servicesEnabled: z.array(z.string()),
  servicesManaged: z.array(z.string()),
  lastSignInAt: z.optional(z.number()),
  version: z.number(),
});

export type UserRow = z.infer<typeof userRow>;

/** A member as their company's administration lists them: that company's level and services only. */
export const memberRow = z.extend(userRow, {
  /** Absent for a provider analyst, whose level is the platform's. */
  accessLevel: z.optional(z.number()),
});

export const platformService = z.object({
  name: serviceName,
  displayName: z.string(),
  description: z.string(),
  offered: z.boolean(),
  version: z.number(),
  updatedAt: z.optional(z.number()),
  updatedBy: z.optional(z.string()),
});

/**
 * The access record as it applies in the selected company: a customer's level and services there (spec 6's
 * checks in the web keep reading one number), an analyst's platform level.
 */
export const sessionUserAccess = z.object({
  uid: z.string(),
  claims: z.object({
    userType: z.string(),
    accessLevel: z.number(),
    _revoked: z.optional(z.number()),
    _synced: z.optional(z.number()),
  }),
  companies: z.array(z.string()),
  servicesEnabled: z.array(z.string()),
  servicesManaged: z.array(z.string()),
  version: z.number(),
});
