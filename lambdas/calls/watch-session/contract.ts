// watchSession: the few values the web polls to notice a change of the user's access or preferences
// (spec section 4: refresh the token when it predates _synced, sign out when it predates _revoked).
import * as z from 'zod/mini';
import { companySlug } from '../../contracts/scope.js';

export const watchSessionInput = z.strictObject({
  /** The company the browser has selected: its record's version is watched too (its flags gate menus). */
  company: z.optional(companySlug),
});

export const watchSessionOutput = z.object({
  accessVersion: z.number(),
  _revoked: z.optional(z.number()),
  _synced: z.optional(z.number()),
  defaultCompany: z.optional(z.string()),
  preferencesUpdatedAt: z.optional(z.number()),
  /** When the service catalogue last changed (0: never): a service switched off leaves the menus. */
  servicesUpdatedAt: z.number(),
  /** The selected company, when asked: whether the caller may still read it, and its record's version. */
  company: z.optional(z.object({ slug: z.string(), accessible: z.boolean(), version: z.optional(z.number()) })),
});
