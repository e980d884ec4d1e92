// Schemas of the DAST key calls. Scopes, targets and expiry are only bounded here: the kernel (dast-keys.ts)
// checks them, names the field, and records the refused attempt as an event.
import * as z from 'zod/mini';
import { dastScopes } from '../../kernel/data/entities/dast-keys.js';

export const dastKeyId = z.string().check(z.regex(/^[0-9A-Za-z]{12}$/, 'must be a DAST key id'));

export const dastKeyFields = {
  name: z
    .string()
    .check(z.trim(), z.minLength(1, 'must not be empty'), z.maxLength(80, 'must be at most 80 characters')),
  scopes: z.optional(z.array(z.string().check(z.maxLength(60))).check(z.maxLength(10, 'must hold at most 10 scopes'))),
  allowedTargets: z
    .array(z.string().check(z.maxLength(2048, 'must be at most 2048 characters')))
    .check(z.maxLength(50, 'must hold at most 50 targets')),
  expiresInDays: z.optional(z.number()),
};

export const dastKeyDoc = z.object({
  keyId: z.string(),
  name: z.string(),
  hint: z.string(),
  scopes: z.array(z.enum(dastScopes)),
  allowedTargets: z.array(z.string()),
  expiresAt: z.number(),
  createdAt: z.number(),
  createdBy: z.string(),
  lastUsedAt: z.optional(z.number()),
  revokedAt: z.optional(z.number()),
  revokedBy: z.optional(z.string()),
  rolledTo: z.optional(z.string()),
  rolledFrom: z.optional(z.string()),
  status: z.enum(['active', 'expired', 'revoked']),
});

export type DastKeyDoc = z.infer<typeof dastKeyDoc>;
