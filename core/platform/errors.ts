import type { ZodError } from 'zod';

export type FieldErrors = Record<string, string[]>;

/** An error whose message is safe to show to the user as is; the single error handler turns it into `{ error, details?, ...fields }`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: FieldErrors,
    readonly headers?: Record<string, string>,
    /** Further fields of the answer beside `error`, for a client that acts on them (e.g. `stepUpRequired`). */
    readonly fields?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: FieldErrors) => new HttpError(400, message, details);
export const unauthorized = (message = 'Not signed in') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do this') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

export function fieldErrorsOf(error: ZodError): FieldErrors {
  const details: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join('.') : '_';
    (details[field] ??= []).push(issue.message);
  }
  return details;
}

/** The first message is the one a form shows on its own; all of them go in `details` per field. */
export function validationError(error: ZodError): HttpError {
  return badRequest(error.issues[0]?.message ?? 'Invalid request', fieldErrorsOf(error));
}
