/**
 * The few error kinds the product has. Each maps to one HTTP status in one place
 * (src/http/error.filter.ts); the message is what the user sees, so validation messages are
 * the spec's exact strings.
 */
export type ErrorCode = 'validation' | 'unauthorized' | 'forbidden' | 'not_found' | 'conflict' | 'too_large' | 'rate_limited' | 'unavailable';

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Fields the answer carries beside its message, for a client that acts on them (a 409 the browser asks the user about). */
    readonly details?: Readonly<Record<string, string | number | boolean>>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const validation = (message: string) => new AppError('validation', message);
export const notFound = (message = 'Not found') => new AppError('not_found', message);
export const forbidden = (message = 'Forbidden') => new AppError('forbidden', message);
export const unauthorized = (message = 'Please sign in') => new AppError('unauthorized', message);
export const conflict = (message: string) => new AppError('conflict', message);

/** Another writer got to the stream first; the caller may reload and decide again. */
export class ConcurrencyError extends AppError {
  constructor(
    readonly streamId: string,
    readonly expected: string,
    readonly actual: string,
  ) {
    super('conflict', `Stream ${streamId} was changed by someone else (expected revision ${expected}, found ${actual}); please retry`);
    this.name = 'ConcurrencyError';
  }
}

export const HTTP_STATUS: Record<ErrorCode, number> = {
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  rate_limited: 429,
  unavailable: 503,
};

export { assertNever } from '../contract/assert-never';
