// The few error values a call may end with, and their place in the protocol (spec section 8).
// Anything else that escapes a handler is an internal error and is masked before it reaches a client.

export type ErrorStatus =
  | 'INVALID_ARGUMENT'
  | 'UNAUTHENTICATED'
  | 'PERMISSION_DENIED'
  | 'NOT_FOUND'
  | 'ABORTED'
  | 'ALREADY_EXISTS'
  | 'RESOURCE_EXHAUSTED'
  | 'INTERNAL'
  | 'UNAVAILABLE';

export const httpStatusOf: Record<ErrorStatus, number> = {
  INVALID_ARGUMENT: 400,
  UNAUTHENTICATED: 401,
  PERMISSION_DENIED: 403,
  NOT_FOUND: 404,
  ABORTED: 409,
  ALREADY_EXISTS: 409,
  RESOURCE_EXHAUSTED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
};

export class CallError extends Error {
  constructor(
    readonly status: ErrorStatus,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class InvalidArgumentError extends CallError {
  constructor(message: string, details?: unknown) {
    super('INVALID_ARGUMENT', message, details);
  }
}
export class UnauthenticatedError extends CallError {
  constructor(message = 'You must be signed in.') {
    super('UNAUTHENTICATED', message);
  }
}
/** Why a signed-in caller was refused for a stale proof: the web recognises it and offers to confirm. */
export const stepUpRequiredReason = 'STEP_UP_REQUIRED';

/**
 * A call that asks for a fresh sign-in proof (freshProof), made with a token whose sign-in is older than that.
 * UNAUTHENTICATED with `details.reason` STEP_UP_REQUIRED: the session itself is still good.
 */
export class StepUpRequiredError extends CallError {
  constructor(maxAgeSeconds: number) {
    super(
      'UNAUTHENTICATED',
      `Confirm it's you: this action needs a sign-in proof from the last ${Math.round(maxAgeSeconds / 60)} minutes.`,
      { reason: stepUpRequiredReason, maxAgeSeconds },
    );
  }
}
export class PermissionDeniedError extends CallError {
  constructor(message = 'You do not have access to this.') {
    super('PERMISSION_DENIED', message);
  }
}
export class NotFoundError extends CallError {
  constructor(message: string) {
    super('NOT_FOUND', message);
  }
}
/** A write lost a race: the record changed since the editor read it. */
export class ConflictError extends CallError {
  constructor(message = 'The record was changed by someone else.', details?: unknown) {
    super('ABORTED', message, details);
  }
}
export class AlreadyExistsError extends CallError {
  constructor(message: string) {
    super('ALREADY_EXISTS', message);
  }
}
export class ResourceExhaustedError extends CallError {
  /** When given, the answer carries `Retry-After: <seconds>` and `details.retryAfterSeconds`. */
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super('RESOURCE_EXHAUSTED', message, retryAfterSeconds === undefined ? undefined : { retryAfterSeconds });
  }
}

export interface ErrorBody {
  error: { status: ErrorStatus; message: string; details?: unknown };
}

/** Maps any thrown value to the protocol; unknown errors become a bare INTERNAL with the request id. */
export function toErrorResponse(
  error: unknown,
  requestId: string,
): { statusCode: number; body: ErrorBody; headers?: Record<string, string> } {
  if (error instanceof CallError) {
    const body: ErrorBody = { error: { status: error.status, message: error.message } };
    if (error.details !== undefined) body.error.details = error.details;
    if (error instanceof ResourceExhaustedError && error.retryAfterSeconds !== undefined) {
      return { statusCode: 429, body, headers: { 'retry-after': String(error.retryAfterSeconds) } };
    }
    return { statusCode: httpStatusOf[error.status], body };
  }
  return {
    statusCode: 500,
    body: { error: { status: 'INTERNAL', message: `Internal error. Request id: ${requestId}` } },
  };
}
