import type pg from 'pg';
import type { ChatMessage } from '../../src/contract/chat';
import { encodePosition, type WirePosition } from '../../src/contract/position';

export type ChatMessageView = ChatMessage;

/** A lead's conversation, oldest first (at most 1,000 messages). */
export async function chatMessagesOf(pool: pg.Pool, leadId: string): Promise<ChatMessageView[]> {
  const { rows } = await pool.query<{ message_id: string; from_user_id: string; to_user_id: string; text: string; at: Date; read_at: Date | null }>(
    `SELECT message_id, from_user_id, to_user_id, text, at, read_at FROM chat_messages WHERE lead_id = $1 ORDER BY seq LIMIT 1000`,
    [leadId],
  );
  return rows.map((r) => ({
    messageId: r.message_id,
    fromUserId: r.from_user_id,
    toUserId: r.to_user_id,
    text: r.text,
    at: r.at.toISOString(),
    readAt: r.read_at?.toISOString() ?? null,
  }));
}

/** Unread messages sent to a user, per lead. */
export async function unreadByLead(pool: pg.Pool, userId: string): Promise<Map<string, number>> {
  const { rows } = await pool.query<{ lead_id: string; n: number }>(
    `SELECT lead_id, count(*)::int AS n FROM chat_messages WHERE to_user_id = $1 AND read_at IS NULL GROUP BY lead_id`,
    [userId],
  );
  return new Map(rows.map((r) => [r.lead_id, r.n]));
}

/**
 * Chat messages to or from a user after `from`, in log order, as the pushes they were (at most
 * `limit`, plus one to tell there were more).
 */
export async function chatPushesSince(pool: pg.Pool, userId: string, from: WirePosition, limit: number) {
  const { rows } = await pool.query<{
    message_id: string;
    lead_id: string;
    from_user_id: string;
    to_user_id: string;
    text: string;
    at: Date;
    tx: string;
    gp: string;
  }>(
    `SELECT m.message_id, m.lead_id, m.from_user_id, m.to_user_id, m.text, m.at, m.tx_id::text AS tx, m.global_position::text AS gp
     FROM chat_messages m WHERE (m.tx_id, m.global_position) > ($1::bigint, $2::bigint) AND (m.from_user_id = $3::uuid OR m.to_user_id = $3::uuid)
     ORDER BY m.tx_id, m.global_position LIMIT ${limit + 1}`,
    [from.transactionId.toString(), from.globalPosition.toString(), userId],
  );
  return {
    overflow: rows.length > limit,
    events: rows.map((r) => ({
      name: 'chat.message' as const,
      payload: {
        chatId: r.lead_id,
        leadId: r.lead_id,
        messageId: r.message_id,
        fromUserId: r.from_user_id,
        toUserId: r.to_user_id,
        text: r.text,
        at: r.at.toISOString(),
        position: encodePosition({ transactionId: BigInt(r.tx), globalPosition: BigInt(r.gp) }),
      },
      key: [BigInt(r.tx), BigInt(r.gp)] as const,
    })),
  };
}
