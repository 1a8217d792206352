import { type ChatEvent, chatEventTypes } from '../../src/modules/conversation/conversation.events';
import { assertNever } from '../../src/shared/errors';
import { eventsOf, type Projection } from '../runner';
import type { PersonErased } from '../../src/modules/privacy/privacy.events';

/**
 * Chat messages per lead with read receipts (read_at) and the positions they came from; pushes
 * `chat.message` and `chat.read` to both people of the chat after the batch commits.
 */
export const chatProjection: Projection = {
  name: 'chat',
  version: 1,
  eventTypes: [...chatEventTypes, 'PersonErased'],
  tables: ['chat_messages'],
  async createTables(tx, t) {
    await tx.query(`CREATE TABLE ${t('chat_messages')} (
      message_id uuid PRIMARY KEY,
      lead_id uuid NOT NULL,
      site_id uuid NOT NULL,
      from_user_id uuid NOT NULL,
      to_user_id uuid NOT NULL,
      text text NOT NULL,
      at timestamptz NOT NULL,
      read_at timestamptz,
      seq bigint NOT NULL,
      tx_id bigint NOT NULL,
      global_position bigint NOT NULL
    )`);
    await tx.query(`CREATE INDEX ON ${t('chat_messages')} (lead_id, seq)`);
    await tx.query(`CREATE INDEX ON ${t('chat_messages')} (to_user_id) WHERE read_at IS NULL`);
    await tx.query(`CREATE INDEX ON ${t('chat_messages')} (tx_id, global_position)`);
  },
  async apply(events, { tx, table, push }) {
    const messages = table('chat_messages');
    for (const e of eventsOf<ChatEvent | PersonErased>(events)) {
      switch (e.type) {
        case 'ChatMessageSent': {
          const d = e.data;
          await tx.query(
            `INSERT INTO ${messages} (message_id, lead_id, site_id, from_user_id, to_user_id, text, at, seq, tx_id, global_position)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (message_id) DO NOTHING`,
            [
              d.messageId,
              d.leadId,
              d.siteId,
              d.fromUserId,
              d.toUserId,
              d.text,
              e.metadata.at,
              e.streamPosition.toString(),
              e.transactionId.toString(),
              e.globalPosition.toString(),
            ],
          );
          push({
            to: [`user:${d.fromUserId}`, `user:${d.toUserId}`],
            name: 'chat.message',
            payload: {
              chatId: d.chatId,
              leadId: d.leadId,
              messageId: d.messageId,
              fromUserId: d.fromUserId,
              toUserId: d.toUserId,
              text: d.text,
              at: e.metadata.at,
            },
          });
          break;
        }
        case 'ChatMessagesRead': {
          const d = e.data;
          const { rows } = await tx.query<{ from_user_id: string }>(
            `UPDATE ${messages} m SET read_at = $4
             WHERE m.lead_id = $1 AND m.to_user_id = $2 AND m.read_at IS NULL
               AND m.seq <= (SELECT seq FROM ${messages} WHERE message_id = $3)
             RETURNING m.from_user_id`,
            [d.leadId, d.readerId, d.upToMessageId, e.metadata.at],
          );
          const senders = [...new Set(rows.map((r) => r.from_user_id))];
          push({
            to: [`user:${d.readerId}`, ...senders.map((s) => `user:${s}`)],
            name: 'chat.read',
            payload: { chatId: d.chatId, leadId: d.leadId, readerId: d.readerId, upToMessageId: d.upToMessageId, at: e.metadata.at },
          });
          break;
        }
        case 'PersonErased':
          // Issue 18: the person was forgotten; what this read model kept of them goes too (a rebuild ends the same).
          // The conversation goes with the person (the timeline keeps that it happened).
          await tx.query(`DELETE FROM ${messages} WHERE lead_id = ANY($1::uuid[])`, [e.data.leadIds]);
          break;
        default:
          assertNever(e);
      }
    }
  },
};
