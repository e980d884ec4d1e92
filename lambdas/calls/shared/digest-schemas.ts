// Schemas of the weekly digest's settings calls.
import * as z from 'zod/mini';

/** One company's weekly digest choice of the caller. */
export const digestSetting = z.object({ slug: z.string(), weekly: z.boolean() });
