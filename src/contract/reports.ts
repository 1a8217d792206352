import { z } from 'zod';

/** The reports page (issue 15 §8): how fast leads are worked, where they come from, how far they get. */
export const ReportSchema = z.strictObject({
  from: z.string(),
  to: z.string(),
  newLeadsBySource: z.array(z.strictObject({ source: z.string(), count: z.number() })).readonly(),
  /** Monday of each ISO week (UTC) with the leads created that week. */
  newLeadsByWeek: z.array(z.strictObject({ week: z.string(), count: z.number() })).readonly(),
  firstContact: z.strictObject({ total: z.number(), contacted: z.number(), medianSeconds: z.number().nullable(), p90Seconds: z.number().nullable() }),
  stagesReached: z.array(z.strictObject({ stage: z.string(), count: z.number() })).readonly(),
  tasks: z.strictObject({ done: z.number(), overdue: z.number(), open: z.number() }),
  perAgent: z
    .array(
      z.strictObject({
        agentId: z.string(),
        fullName: z.string(),
        leads: z.number(),
        contacted: z.number(),
        medianSeconds: z.number().nullable(),
        p90Seconds: z.number().nullable(),
        tasksDone: z.number(),
        tasksOverdue: z.number(),
      }),
    )
    .readonly(),
  /** Texts the carrier reported undelivered or failed and e-mails bounced (or marked as spam) in the period, per office and agent holding the lead. */
  undelivered: z.strictObject({
    texts: z.number(),
    emails: z.number(),
    perOffice: z.array(z.strictObject({ officeId: z.string(), officeName: z.string(), texts: z.number(), emails: z.number() })).readonly(),
    perAgent: z.array(z.strictObject({ agentId: z.string(), fullName: z.string(), texts: z.number(), emails: z.number() })).readonly(),
  }),
});
export type Report = z.infer<typeof ReportSchema>;
