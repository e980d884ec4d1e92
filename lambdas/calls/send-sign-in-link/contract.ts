// sendSignInLink's wire contract, shared by the server and the web client.
import * as z from 'zod/mini';

import { emailPattern, invalidEmailMessage } from './email-rule.js';

export const sendSignInLinkInput = z.strictObject({
  email: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'email is required'),
      z.maxLength(254, 'email must be at most 254 characters'),
      z.regex(emailPattern, invalidEmailMessage),
    ),
  /**
   * Where the link leads: the site origin, or origin + /auth/redirect in the desktop app; either may carry
   * `?next=<path on the site>`, the page to open once signed in.
   */
  url: z.string().check(z.maxLength(2048, 'url must be at most 2048 characters')),
  /** The browser's time zone, used to write the mail's expiry time in the reader's clock. */
  timeZone: z.optional(z.string().check(z.maxLength(64, 'timeZone must be at most 64 characters'))),
});

export const sendSignInLinkOutput = z.object({
  success: z.boolean(),
  message: z.string(),
});

export type SendSignInLinkInput = z.infer<typeof sendSignInLinkInput>;
export type SendSignInLinkOutput = z.infer<typeof sendSignInLinkOutput>;
