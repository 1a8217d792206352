import type { z } from 'zod';
import { validation } from '../shared/errors';

/**
 * Validates a request body (or query) with a zod schema, answering 400 {message} with one clear
 * sentence for the first problem. Schemas are strict objects: an unknown field is refused
 * (no mass assignment).
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  // The input lets a message tell a missing field from one of the wrong type; it is never logged.
  const result = schema.safeParse(body ?? {}, { reportInput: true });
  if (result.success) return result.data;
  throw validation(describeIssue(result.error.issues[0]!));
}

/** One clear sentence for a zod issue, naming the field. */
export function describeIssue(issue: z.core.$ZodIssue): string {
  const field = issue.path.length ? issue.path.join('.') : 'The request body';
  switch (issue.code) {
    case 'unrecognized_keys':
      return `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`;
    case 'invalid_type':
      return issue.input === undefined ? `${field} is required` : `${field} must be ${article(issue.expected)}`;
    case 'too_big':
      return issue.origin === 'string' ? `${field} is too long (at most ${String(issue.maximum)} characters)` : `${field} is too large`;
    case 'too_small':
      return issue.origin === 'string' ? `${field} is too short` : `${field} is too small`;
    default:
      return issue.message && issue.code === 'custom' ? issue.message : `${field} is not valid`;
  }
}

const article = (expected: string) => (expected === 'object' ? 'an object' : expected === 'array' ? 'a list' : `a ${expected}`);
