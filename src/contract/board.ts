import { z } from 'zod';

/** A lead as the board's card shows it (GET /api/dashboard/board); shared with the web app. */
export const BoardCardSchema = z.strictObject({
  leadId: z.string(),
  fullName: z.string(),
  leadType: z.string(),
  stage: z.string(),
  tags: z.array(z.string()).readonly(),
  lastActivityAt: z.string(),
  assignedAgentId: z.string().nullable(),
});
export type BoardCard = z.infer<typeof BoardCardSchema>;
