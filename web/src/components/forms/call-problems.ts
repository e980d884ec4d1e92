// Turns a failed call into what a form shows: each INVALID_ARGUMENT issue next to its field (the
// server names fields like 'slug', 'accessLevel' or 'servicesEnabled.0'), 'field: text' messages of
// other refusals next to that field when the form has it, a 409 conflict with the record's current
// value, and anything else as the server said it (403 messages are shown as they come).
import { CallError } from '../../api/call-client';

export interface FormProblem {
  /** Errors by form field key. */
  fieldErrors: Record<string, string>;
  /** Shown above the form: what no field can hold. */
  message?: string;
  /** ABORTED (409 conflict): the record as it is now on the server, from error.details.current. */
  conflict?: { message: string; current: unknown };
}

export const noProblem: FormProblem = { fieldErrors: {} };

interface FieldIssue {
  field?: string;
  message: string;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** error.details.issues of an INVALID_ARGUMENT answer. */
function issuesOf(details: unknown): FieldIssue[] {
  if (!isObject(details) || !Array.isArray(details.issues)) return [];
  return details.issues.flatMap((issue: unknown): FieldIssue[] =>
    isObject(issue) && typeof issue.message === 'string'
      ? [
          {
            field: typeof issue.field === 'string' && issue.field !== '' ? issue.field : undefined,
            message: issue.message,
          },
        ]
      : [],
  );
}

/**
 * Sentence case for a message shown under a field label ('must be …' → 'Must be …'), unless it starts
 * with a value such as an e-mail address ('ann@example.com is already a member …').
 */
export function asFieldText(message: string): string {
  return /^[a-z]+(\s|$)/.test(message) ? message.charAt(0).toUpperCase() + message.slice(1) : message;
}

/** The form field a server path belongs to: itself, or the nearest parent the form has ('servicesEnabled.0'). */
export function fieldFor(path: string, fields: readonly string[]): string | undefined {
  const parts = path.split('.');
  for (let length = parts.length; length > 0; length -= 1) {
    const candidate = parts.slice(0, length).join('.');
    if (fields.includes(candidate)) return candidate;
  }
  return undefined;
}

/** A message of the form 'field: text', split when the form has that field. */
function splitFieldMessage(message: string, fields: readonly string[]): { field: string; text: string } | undefined {
  const match = /^([\w.]+): (.+)$/s.exec(message);
  if (!match) return undefined;
  const field = fieldFor(match[1]!, fields);
  return field ? { field, text: match[2]! } : undefined;
}

export function problemOf(error: unknown, fields: readonly string[], fallback: string): FormProblem {
  if (!(error instanceof CallError)) return { fieldErrors: {}, message: fallback };
  const serverMessage = error.fromServer ? error.message : undefined;

  if (error.code === 'invalid-argument') {
    const fieldErrors: Record<string, string> = {};
    const unplaced: string[] = [];
    const issues = issuesOf(error.details);
    for (const issue of issues) {
      const field = issue.field ? fieldFor(issue.field, fields) : undefined;
      if (field) fieldErrors[field] ??= asFieldText(issue.message);
      else unplaced.push(issue.field ? `${issue.field}: ${issue.message}` : issue.message);
    }
    if (issues.length === 0) {
      const split = serverMessage ? splitFieldMessage(serverMessage, fields) : undefined;
      if (split) return { fieldErrors: { [split.field]: asFieldText(split.text) } };
      return { fieldErrors, message: serverMessage ?? fallback };
    }
    return { fieldErrors, message: unplaced.length > 0 ? unplaced.join('; ') : undefined };
  }

  if (error.code === 'aborted' && isObject(error.details) && 'current' in error.details) {
    return {
      fieldErrors: {},
      conflict: { message: serverMessage ?? 'The record was changed by someone else.', current: error.details.current },
    };
  }

  // A name already taken, or a record gone: next to the field it names. Refusals (403) as they come.
  if (serverMessage && error.serverStatus !== 'PERMISSION_DENIED') {
    const split = splitFieldMessage(serverMessage, fields);
    if (split) return { fieldErrors: { [split.field]: asFieldText(split.text) } };
  }
  return { fieldErrors: {}, message: serverMessage ?? fallback };
}

/** The message of a failed call for places without fields (lists, confirmations). */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof CallError && error.fromServer ? error.message : fallback;
}

/** The problem without the error of `field` (the user is correcting it). */
export function withoutFieldError(problem: FormProblem, field: string): FormProblem {
  if (!(field in problem.fieldErrors)) return problem;
  const fieldErrors = { ...problem.fieldErrors };
  delete fieldErrors[field];
  return { ...problem, fieldErrors };
}
