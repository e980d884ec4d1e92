// handleSupportEmail: a message to the provider from the contact dialog (spec sections 2, 5, 7).
import * as z from 'zod/mini';

export const supportRequestTypes = ['feature', 'question', 'bug'] as const;
export const maxSupportMessageLength = 10_000;

export const handleSupportEmailInput = z.strictObject({
  /** No validation beyond size: an empty message is accepted (spec section 5). */
  message: z
    .string()
    .check(z.maxLength(maxSupportMessageLength, `message must be at most ${maxSupportMessageLength} characters`)),
  request_type: z.enum(supportRequestTypes),
});

export const handleSupportEmailOutput = z.object({ success: z.boolean() });
