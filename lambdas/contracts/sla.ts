// The SLA policy's words, read by the calls and the web alike: days to fix per severity, 0 to 3650 whole days
// (0: due when published); info findings never fall due.
import * as z from 'zod/mini';

/** The severities a policy gives days to; info findings never fall due. */
export const slaSeverities = ['critical', 'high', 'medium', 'low'] as const;
export type SlaSeverity = (typeof slaSeverities)[number];
export type SlaDays = Record<SlaSeverity, number>;

/** What a company has until it sets its own: the field's common defaults. */
export const defaultSlaDays: SlaDays = { critical: 7, high: 30, medium: 90, low: 180 };
export const maxSlaDays = 3650;

const daysToFix = z
  .int('must be a whole number of days')
  .check(
    z.minimum(0, 'must be 0 (due when published) or more days'),
    z.maximum(maxSlaDays, `must be at most ${maxSlaDays} days`),
  );

export const slaDaysInput = z.strictObject({
  critical: daysToFix,
  high: daysToFix,
  medium: daysToFix,
  low: daysToFix,
});

export const slaPolicyDoc = z.object({
  slug: z.string(),
  days: z.object({ critical: z.number(), high: z.number(), medium: z.number(), low: z.number() }),
  /** 0: the defaults, never saved. */
  version: z.number(),
  updatedAt: z.optional(z.number()),
  updatedBy: z.optional(z.string()),
});
