/**
 * The agent's side of a lead's one thread (issue 16): how far each reader has read it, on the
 * stream `threadread-{leadId}` (apart from the lead's own stream: reading never changes what is
 * decided about the lead). Unread counts are the inbound items after this mark.
 */
export type LeadThreadRead = {
  readonly type: 'LeadThreadRead';
  /** The reader has seen every item up to and including `upToItemId` (at `upToAt`, the item's time: the thread's order is (at, id)). */
  readonly data: { readonly leadId: string; readonly siteId: string; readonly readerId: string; readonly upToItemId: string; readonly upToAt: string };
};

export type ThreadEvent = LeadThreadRead;
export const threadEventTypes = ['LeadThreadRead'] as const satisfies readonly ThreadEvent['type'][];
export const threadReadStream = (leadId: string) => `threadread-${leadId}`;

/**
 * How the agent wants to hear of a lead's reply by text, MMS or e-mail besides the dashboard and
 * web push: by e-mail, text, both or neither. On the agent's own stream `replynotices-{userId}`.
 */
export type ReplyNoticesChosen = {
  readonly type: 'ReplyNoticesChosen';
  readonly data: { readonly userId: string; readonly by: 'email' | 'text' | 'both' | 'none' };
};
export type ReplyNoticeEvent = ReplyNoticesChosen;
export const replyNoticeEventTypes = ['ReplyNoticesChosen'] as const satisfies readonly ReplyNoticeEvent['type'][];
export const replyNoticesStream = (userId: string) => `replynotices-${userId}`;
