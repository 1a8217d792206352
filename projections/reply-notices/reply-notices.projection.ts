import { REPLY_NOTICES_MIGRATION } from '../../src/database/migrations/020-reply-notices';
import type { LeadEmailReceived, SmsEvent } from '../../src/modules/conversation/conversation.events';
import { assertNever } from '../../src/shared/errors';
import { eventsOf, handledTypes, type Projection } from '../runner';
import { REPLY_NOTICES_SIGNAL, replyNoticeId } from './reply-notices-queue';

type Handled = Extract<SmsEvent, { type: 'TextMessageReceived' }> | LeadEmailReceived;

/**
 * The reply notices' half of the outbox (issue 16): each text, MMS or e-mail a lead sends queues
 * two rows in reply_notice_outbox (one per channel the agent may want: e-mail, text) in the same
 * transaction as this projection's checkpoint, keyed by ids derived from the event id (ON
 * CONFLICT DO NOTHING), so replaying the log queues nothing twice and nothing already sent again.
 * Replies from before the outbox existed (migration 20) are not queued. Which of the two go out
 * is the agent's choice when they are sent (the thread context's ReplyMailSender and
 * ReplyTextSender). No tables of its own: the outbox is a plain table a rebuild must never empty.
 */
export const replyNoticesProjection: Projection = {
  name: 'reply_notices',
  version: 1,
  eventTypes: handledTypes<Handled>()(['TextMessageReceived', 'LeadEmailReceived']),
  tables: [],
  async createTables() {},
  async apply(events, ctx) {
    let queued = 0;
    for (const e of eventsOf<Handled>(events)) {
      let kind: 'text' | 'email';
      switch (e.type) {
        case 'TextMessageReceived':
          kind = 'text';
          break;
        case 'LeadEmailReceived':
          kind = 'email';
          break;
        default:
          assertNever(e);
      }
      for (const channel of ['email', 'text'] as const) {
        const { rowCount } = await ctx.tx.query(
          `INSERT INTO reply_notice_outbox (notice_id, event_id, lead_id, channel, reply_kind, queued_at)
           SELECT $1, $2, $3, $4, $5, $6 WHERE $6::timestamptz >= (SELECT applied_at FROM schema_migrations WHERE id = $7)
           ON CONFLICT (notice_id) DO NOTHING`,
          [replyNoticeId(e.eventId, channel), e.eventId, e.data.leadId, channel, kind, e.metadata.at, REPLY_NOTICES_MIGRATION],
        );
        queued += rowCount ?? 0;
      }
    }
    if (queued > 0) ctx.signal({ signal: REPLY_NOTICES_SIGNAL, payload: { queued } });
  },
};
