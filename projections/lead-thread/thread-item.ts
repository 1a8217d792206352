import type { DeliveryState } from '../../src/contract/text-delivery';
import type { EmailDeliveryState } from '../../src/contract/email-delivery';
import type { ThreadChannel, ThreadItem, ThreadMedia } from '../../src/contract/thread';

/** A row of thread_items as read back. */
export type ItemRow = {
  item_id: string;
  channel: ThreadChannel;
  direction: 'in' | 'out';
  body: string;
  subject: string | null;
  at: Date | string;
  author_id: string | null;
  read_at: Date | string | null;
  outcome: string | null;
  duration_seconds: number | null;
  media: readonly ThreadMedia[] | null;
  delivery_state: string | null;
  error_code: number | null;
  delivery_note: string | null;
};

export const ITEM_COLUMNS =
  'item_id, channel, direction, body, subject, at, author_id, read_at, outcome, duration_seconds, media, delivery_state, error_code, delivery_note';

const iso = (v: Date | string): string => (typeof v === 'string' ? new Date(v).toISOString() : v.toISOString());

/** The contract's item (section 5b): only the fields its channel has. */
export function itemOf(r: ItemRow): ThreadItem {
  return {
    id: r.item_id,
    channel: r.channel,
    direction: r.direction,
    body: r.body,
    at: iso(r.at),
    authorId: r.author_id,
    ...(r.channel === 'chat' ? { readAt: r.read_at === null ? null : iso(r.read_at) } : {}),
    ...(r.channel === 'email' ? { subject: r.subject ?? '' } : {}),
    ...(r.channel === 'call' ? { outcome: r.outcome ?? '', durationSeconds: r.duration_seconds } : {}),
    ...(r.media ? { media: r.media } : {}),
    ...((r.channel === 'text' || r.channel === 'mms') && r.direction === 'out'
      ? { deliveryState: (r.delivery_state ?? 'sent') as DeliveryState, errorCode: r.error_code }
      : {}),
    ...(r.channel === 'email' && r.direction === 'out' && r.delivery_state
      ? { deliveryState: r.delivery_state as EmailDeliveryState, errorCode: r.error_code, ...(r.delivery_note ? { deliveryNote: r.delivery_note } : {}) }
      : {}),
  };
}
