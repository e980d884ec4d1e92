// The words every contract uses: which company (its slug) and which service a call is about, and how a list
// hands out its next page.
import * as z from 'zod/mini';

/** Company slugs: lowercase letters, digits and dashes, 3 to 40 characters. */
export const companySlug = z
  .string()
  .check(z.regex(/^[a-z0-9-]{3,40}$/, 'must be 3 to 40 lowercase letters, digits or dashes'));

export const serviceName = z.enum(['projectmariana', 'password_cracking', 'dast', 'network', 'cloud'], {
  error: 'must be one of projectmariana, password_cracking, dast, network, cloud',
});

/** An opaque cursor for the next page of a list, as a previous page returned it. */
export const pageCursor = z.string().check(z.maxLength(2048, 'cursor is too long'));
