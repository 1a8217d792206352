import { handledTypes, outboxProjection } from '../../../../projections/runner';
import { REPLY_NOTICES_MIGRATION } from '../../../database/migrations/020-reply-notices';
import { stableId } from '../../../shared/stable-id';
import type { LeadEmailReceived, SmsEvent } from '../conversation.events';

/** The in-process signal the reply_notices queue gives after it queued notices. */
export const REPLY_NOTICES_SIGNAL = 'thread.replyNoticesQueued';

export type ReplyNoticeChannel = 'email' | 'text';
/** The outbox row of one reply's notice on one channel: derived from the reply's event id, so a replay queues the same row and sends nothing again. */
export const replyNoticeId = (eventId: string, channel: ReplyNoticeChannel): string => stableId(`reply notice ${eventId} ${channel}`);

type Handled = Extract<SmsEvent, { type: 'TextMessageReceived' }> | LeadEmailReceived;

/**
 * The reply notices' half of the outbox: each text, MMS or e-mail a lead sends queues two rows in
 * reply_notice_outbox (one per channel the agent may want: e-mail, text) in the same transaction
 * as this queue's checkpoint, keyed by ids derived from the event id, so replaying the log queues
 * nothing twice and nothing already sent again. Replies from before the outbox existed (migration
 * 20) are not queued. Which of the two go out is the agent's choice when they are sent
 * (ReplyMailSender and ReplyTextSender, beside it).
 */
export const replyNoticesProjection = outboxProjection<Handled>({
  name: 'reply_notices',
  eventTypes: handledTypes<Handled>()(['TextMessageReceived', 'LeadEmailReceived']),
  outboxTables: ['reply_notice_outbox'],
  signal: REPLY_NOTICES_SIGNAL,
  insert: (e) => {
    const kind = e.type === 'TextMessageReceived' ? 'text' : 'email';
    return (['email', 'text'] as const).map((channel) => ({
      sql: `INSERT INTO reply_notice_outbox (notice_id, event_id, lead_id, channel, reply_kind, queued_at)
            SELECT $1, $2, $3, $4, $5, $6 WHERE $6::timestamptz >= (SELECT applied_at FROM schema_migrations WHERE id = $7)
            ON CONFLICT (notice_id) DO NOTHING`,
      values: [replyNoticeId(e.eventId, channel), e.eventId, e.data.leadId, channel, kind, e.metadata.at, REPLY_NOTICES_MIGRATION],
    }));
  },
});
