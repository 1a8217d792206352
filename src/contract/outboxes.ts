import { z } from 'zod';

/** A message an outbox gave up (a permanent refusal, or a day of failures): which, why, how often it was tried and when. No address and no words. */
export const FailedMessageSchema = z.strictObject({
  id: z.string(),
  /** The outbox's name (lead-email, listing-mail, reply-notices, plans, property-alerts, share-mail, new-lead-notices, behaviour-alerts, erasure-links, showing-notices, task-reminders, task-digests, facebook-leads). */
  outbox: z.string(),
  /** email, text, push, or a plan step's kind. */
  channel: z.string(),
  leadId: z.string().nullable(),
  /** The thread item this message is, when it is one (an agent's e-mail). */
  itemId: z.string().nullable(),
  reason: z.string(),
  attempts: z.number(),
  lastAttemptAt: z.string().nullable(),
  failedAt: z.string().nullable(),
});
export type FailedMessage = Readonly<z.infer<typeof FailedMessageSchema>>;

/** One outbox in the back-office: its failed messages, newest first (at most 100), and how many there are. */
export const FailedOutboxSchema = z.strictObject({ name: z.string(), label: z.string(), total: z.number(), failed: z.array(FailedMessageSchema) });
export type FailedOutbox = Readonly<z.infer<typeof FailedOutboxSchema>>;
