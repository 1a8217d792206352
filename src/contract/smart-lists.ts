import { z } from 'zod';

/** A smart list as the dashboard shows it: its saved filters and how many of the viewer's leads it holds now (null: its filters no longer parse). */
export const SmartListSchema = z.strictObject({
  listId: z.string(),
  name: z.string(),
  filters: z.record(z.string(), z.union([z.string(), z.array(z.string()).readonly()])).readonly(),
  builtIn: z.boolean(),
  count: z.number().nullable(),
});
export type SmartList = z.infer<typeof SmartListSchema>;
