import { z } from 'zod';
import { validation } from '../../../shared/errors';

/** The lead list's query (contract sections 5 and 5a): paging and filters, shared by the list, the feed and the CSV export. */
const pageNumber = z
  .string()
  .regex(/^\d{1,6}$/, { error: 'page must be a whole number from 1' })
  .transform(Number)
  .refine((n) => n >= 1, { error: 'page must be a whole number from 1' });
const perPage = z
  .string()
  .regex(/^\d{1,6}$/, { error: 'perpage must be a whole number from 1 to 200' })
  .transform(Number)
  .refine((n) => n >= 1 && n <= 200, { error: 'perpage must be a whole number from 1 to 200' });

export const LeadsQuery = z.strictObject({
  page: pageNumber.optional(),
  perpage: perPage.optional(),
  status: z.enum(['new', 'contacted'], { error: 'status must be new or contacted' }).optional(),
  source: z.string().max(100).optional(),
  q: z.string().max(100).optional(),
});

/** The list's filters from its query, with the spec's checks. */
export function filtersOf(q: z.infer<typeof LeadsQuery>) {
  const text = q.q?.trim();
  if (text !== undefined && text.length > 0 && text.length < 2) throw validation('Search needs at least 2 characters');
  return { status: q.status, source: q.source?.trim() || undefined, q: text || undefined };
}
