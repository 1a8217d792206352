import { z } from 'zod';

/**
 * One of `values`, else 400 with `message` (naming what is allowed). A custom check keeps the
 * message ours; the metadata gives the OpenAPI document its enum.
 */
export const oneOf = <T extends string>(values: readonly T[], message: string) =>
  z.custom<T>((v) => typeof v === 'string' && (values as readonly string[]).includes(v), { error: message }).meta({ type: 'string', enum: [...values] });

const isoWithOffset = z.iso.datetime({ offset: true });
/** An instant written with its offset ('2030-03-12T14:00:00-07:00'), kept as UTC; else 400 naming the field. */
export const instantField = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .refine((s) => isoWithOffset.safeParse(s).success, { error: `${field} must be a date and time with its offset` })
    .transform((s) => new Date(s).toISOString());

/** An id in a path or a body; else 400 naming the field. */
export const idField = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .min(1, { error: `${field} is required` })
    .max(100, { error: `${field} is not an id` });

/** The answer of a command that changed something and has nothing else to say. */
export const Done = z.strictObject({ isSuccess: z.literal(true) });
