// getSession's wire contract: the session context of spec section 3, as the server establishes it.
import * as z from 'zod/mini';
import { companyDoc, sessionUserAccess } from '../shared/schemas.js';

export { sessionUserAccess };

export const getSessionInput = z.strictObject({});

export const sessionUser = z.object({
  uid: z.string(),
  email: z.string(),
  displayName: z.optional(z.string()),
  photoURL: z.optional(z.string()),
  /** The profile's version, for conditional edits on the profile page. */
  version: z.optional(z.number()),
});

export const sessionUserPreferences = z.object({
  defaultCompany: z.optional(z.string()),
  colorScheme: z.optional(z.enum(['auto', 'dark', 'light'])),
});

/** An invitation waiting for the user's answer (Home shows it with Accept and Decline). */
export const sessionInvitation = z.object({
  slug: z.string(),
  companyName: z.string(),
  accessLevel: z.number(),
  invitedBy: z.string(),
  invitedAt: z.number(),
  expiresAt: z.number(),
});

export const getSessionOutput = z.object({
  user: sessionUser,
  userAccess: sessionUserAccess,
  userPreferences: sessionUserPreferences,
  /** Companies the user may select: every company for analysts of level 7 or more, else their own. */
  companyList: z.array(z.object({ slug: z.string(), companyName: z.string() })),
  /** The selected company (spec section 4), or null when there is none. */
  company: z.nullable(z.string()),
  companyDoc: z.nullable(companyDoc),
  /** Services the platform offers; a service switched off leaves every menu and report. */
  offeredServices: z.array(z.string()),
  invitations: z.array(sessionInvitation),
});

export type GetSessionOutput = z.infer<typeof getSessionOutput>;
