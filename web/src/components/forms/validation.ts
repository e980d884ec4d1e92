// The obvious input rules, checked before a call is made, in the server's own words (the schemas of
// lambdas/calls/shared/schemas.ts and each call's input). The server checks them again and is the
// authority; these only spare a round trip. zod stays out of the bundle, so the rules are restated here, except
// where the server's rule is a pure function the web imports as it is (display names).
import { displayNameProblem as plainNameProblem } from '../../../../lambdas/kernel/users/display-name';
import { asFieldText } from './call-problems';

/** Company slugs: lowercase letters, digits and dashes, 3 to 40 characters. */
export function slugProblem(slug: string): string | undefined {
  return /^[a-z0-9-]{3,40}$/.test(slug) ? undefined : 'must be 3 to 40 lowercase letters, digits or dashes';
}

export function companyNameProblem(name: string): string | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return 'is required';
  return trimmed.length > 100 ? 'must be at most 100 characters' : undefined;
}

/** Spec 5's e-mail pattern (non-space, @, non-space). */
export function emailProblem(email: string): string | undefined {
  const trimmed = email.trim();
  if (trimmed.length > 254) return 'must be at most 254 characters';
  return /^[^\s@]+@[^\s@]+$/.test(trimmed) ? undefined : 'must be an e-mail address';
}

export function accessLevelProblem(level: number | undefined): string | undefined {
  return level !== undefined && Number.isInteger(level) && level >= 0 && level <= 9 ? undefined : 'must be 0 to 9';
}

/** A display name: the server's own rule (at most 100 characters, a plain name: no address, markup or hidden characters). */
export function displayNameProblem(name: string): string | undefined {
  return plainNameProblem(name.trim());
}

/** A profile photo: an https address, or empty for the default avatar. */
export function photoUrlProblem(url: string): string | undefined {
  const trimmed = url.trim();
  if (trimmed.length > 2048) return 'must be at most 2048 characters';
  return /^(https:\/\/\S+)?$/.test(trimmed) ? undefined : 'must be an https:// address';
}

export function serviceDisplayNameProblem(name: string): string | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return 'is required';
  return trimmed.length > 60 ? 'must be at most 60 characters' : undefined;
}

export function serviceDescriptionProblem(description: string): string | undefined {
  return description.trim().length > 500 ? 'must be at most 500 characters' : undefined;
}

/** The field errors of a form from its checks; empty when every check passes. */
export function fieldProblems(checks: Record<string, string | undefined>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, problem] of Object.entries(checks)) {
    if (problem) errors[field] = asFieldText(problem);
  }
  return errors;
}
