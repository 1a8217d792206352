import { AppError } from '../../src/shared/errors';

/** The refusal a decide throws (an AppError, with its code and message); fails when it decides instead. */
export function refused(f: () => unknown): AppError {
  try {
    f();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected a refusal, but the decide returned');
}
