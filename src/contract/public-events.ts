/** The events the brokerage's other tools receive (API v1's feed, webhooks), by their public names. */
export const PUBLIC_EVENT_TYPES = [
  'lead.created',
  'lead.updated',
  'lead.assigned',
  'lead.stage_changed',
  'note.created',
  'message.received',
  'message.sent',
  'showing.changed',
] as const;
export type PublicEventType = (typeof PUBLIC_EVENT_TYPES)[number];
