/** A message an outbox gave up (a permanent refusal, or a day of failures): which, why, how often it was tried and when. No address and no words. */
export type FailedMessage = {
  readonly id: string;
  /** The outbox's name (lead-email, listing-mail, reply-notices, plans, property-alerts, share-mail, new-lead-notices, behaviour-alerts, erasure-links, showing-notices, task-digests). */
  readonly outbox: string;
  /** email, text, push, or a plan step's kind. */
  readonly channel: string;
  readonly leadId: string | null;
  /** The thread item this message is, when it is one (an agent's e-mail). */
  readonly itemId: string | null;
  readonly reason: string;
  readonly attempts: number;
  readonly lastAttemptAt: string | null;
  readonly failedAt: string | null;
};

/** One outbox in the back-office: its failed messages, newest first (at most 100), and how many there are. */
export type FailedOutbox = { readonly name: string; readonly label: string; readonly total: number; readonly failed: readonly FailedMessage[] };
