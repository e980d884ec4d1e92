// getSession's wire contract: who the caller is and what their access record says.
import * as z from 'zod/mini';

export const getSessionInput = z.strictObject({});

export const sessionUser = z.object({
  uid: z.string(),
  email: z.string(),
  displayName: z.optional(z.string()),
  photoURL: z.optional(z.string()),
});

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
});

export const sessionUserPreferences = z.object({
  defaultCompany: z.optional(z.string()),
});

export const getSessionOutput = z.object({
  user: sessionUser,
  userAccess: sessionUserAccess,
  userPreferences: sessionUserPreferences,
});

export type GetSessionOutput = z.infer<typeof getSessionOutput>;
