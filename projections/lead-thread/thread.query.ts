import type pg from 'pg';
import { encodePosition, type WirePosition } from '../../src/contract/position';
import type { SendChannel, ThreadItem } from '../../src/contract/thread';
import type { Viewer } from '../lead-feed';
import { type ItemRow, ITEM_COLUMNS, itemOf } from './thread-item';

/** Where an item stands in its thread: the order is (at, id). */
export type ItemMark = { readonly id: string; readonly at: string };

/**
 * A page of a lead's thread, newest last: the `limit` items before the item `before` (the oldest
 * one the client shows), or the newest ones. `hasMore`: older items remain. The caller checked
 * that the viewer may see the lead.
 */
export async function threadPage(pool: pg.Pool, leadId: string, before: string | null, limit: number): Promise<{ items: ThreadItem[]; hasMore: boolean }> {
  const columns = ITEM_COLUMNS.split(', ')
    .map((c) => `i.${c}`)
    .join(', ');
  // An item a merged lead brought names it (issue 18).
  const { rows } = await pool.query<ItemRow & { merged_name: string | null }>(
    `SELECT ${columns}, m.merged_name FROM thread_items i LEFT JOIN thread_merges m ON m.merged_lead_id = i.merged_from
     WHERE i.lead_id = $1 ${before ? 'AND (i.at, i.item_id) < (SELECT b.at, b.item_id FROM thread_items b WHERE b.lead_id = $1 AND b.item_id = $3)' : ''}
     ORDER BY i.at DESC, i.item_id DESC LIMIT $2`,
    before ? [leadId, limit + 1, before] : [leadId, limit + 1],
  );
  return {
    items: rows
      .slice(0, limit)
      .reverse()
      .map((r) => ({ ...itemOf(r), ...(r.merged_name ? { mergedFrom: r.merged_name } : {}) })),
    hasMore: rows.length > limit,
  };
}

/** Whether `itemId` is an item of this lead's thread, and where it stands. */
export async function itemMark(pool: pg.Pool, leadId: string, itemId: string): Promise<ItemMark | null> {
  const { rows } = await pool.query<{ item_id: string; at: Date }>('SELECT item_id, at FROM thread_items WHERE lead_id = $1 AND item_id = $2', [
    leadId,
    itemId,
  ]);
  return rows[0] ? { id: rows[0].item_id, at: rows[0].at.toISOString() } : null;
}

/** The newest item of the thread (what "read everything" marks), or null for an empty thread. */
export async function newestItem(pool: pg.Pool, leadId: string): Promise<ItemMark | null> {
  const { rows } = await pool.query<{ item_id: string; at: Date }>(
    'SELECT item_id, at FROM thread_items WHERE lead_id = $1 ORDER BY at DESC, item_id DESC LIMIT 1',
    [leadId],
  );
  return rows[0] ? { id: rows[0].item_id, at: rows[0].at.toISOString() } : null;
}

/** The newest chat message from the lead at or before `upTo`, not yet read (its read receipt goes to the chat). */
export async function unreadChatUpTo(pool: pg.Pool, leadId: string, upTo: ItemMark): Promise<string | null> {
  const { rows } = await pool.query<{ item_id: string }>(
    `SELECT item_id FROM thread_items WHERE lead_id = $1 AND channel = 'chat' AND direction = 'in' AND read_at IS NULL AND (at, item_id) <= ($2::timestamptz, $3::uuid)
     ORDER BY at DESC, item_id DESC LIMIT 1`,
    [leadId, upTo.at, upTo.id],
  );
  return rows[0]?.item_id ?? null;
}

/** The channel the lead and agent last wrote on (the composer's default), or null for none yet. */
export async function lastChannel(pool: pg.Pool, leadId: string): Promise<SendChannel | null> {
  const { rows } = await pool.query<{ channel: string }>(
    `SELECT channel FROM thread_items WHERE lead_id = $1 AND channel IN ('chat', 'text', 'mms', 'email') ORDER BY at DESC, item_id DESC LIMIT 1`,
    [leadId],
  );
  const c = rows[0]?.channel;
  return c === 'mms' ? 'text' : ((c ?? null) as SendChannel | null);
}

/**
 * Inbound items after the reader's last read, per lead, over the leads assigned to the reader
 * (an agent's own leads; a broker's or staff member's are those they hold themselves).
 */
export async function unreadByLead(pool: pg.Pool, readerId: string): Promise<Map<string, number>> {
  const { rows } = await pool.query<{ lead_id: string; n: number }>(
    `SELECT l.lead_id, count(*)::int AS n
     FROM thread_leads l
     LEFT JOIN thread_reads r ON r.lead_id = l.lead_id AND r.reader_id = $1
     JOIN thread_items i ON i.lead_id = l.lead_id AND i.direction = 'in'
       AND (r.lead_id IS NULL OR (i.at, i.item_id) > (r.up_to_at, r.up_to_id))
     WHERE l.agent_id = $1
     GROUP BY l.lead_id`,
    [readerId],
  );
  return new Map(rows.map((r) => [r.lead_id, r.n]));
}

/** Inbound items of one lead after the reader's last read. */
export async function unreadOf(pool: pg.Pool, leadId: string, readerId: string): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM thread_items i
     LEFT JOIN thread_reads r ON r.lead_id = i.lead_id AND r.reader_id = $2
     WHERE i.lead_id = $1 AND i.direction = 'in' AND (r.lead_id IS NULL OR (i.at, i.item_id) > (r.up_to_at, r.up_to_id))`,
    [leadId, readerId],
  );
  return rows[0]!.n;
}

export type PhoneMatch = { readonly leadId: string; readonly siteId: string; readonly userId: string };

/**
 * The leads an inbound text belongs to: those whose phone (as the lead gave it, or their
 * account's cell phone: `userIds`) is the sender's, on the sites the receiving number serves:
 * `sites.only` (a site's own number) or every site but `sites.except` (the shared number).
 */
export async function leadsByPhone(
  pool: pg.Pool,
  phone: string,
  userIds: readonly string[],
  sites: { readonly only: readonly string[] } | { readonly except: readonly string[] },
): Promise<PhoneMatch[]> {
  const only = 'only' in sites;
  const { rows } = await pool.query<{ lead_id: string; site_id: string; user_id: string }>(
    `SELECT lead_id, site_id, user_id FROM thread_leads
     WHERE (phone = $1 OR user_id = ANY($2::uuid[])) AND (${only ? 'site_id = ANY($3::uuid[])' : 'NOT (site_id = ANY($3::uuid[]))'})
     ORDER BY lead_id`,
    [phone, userIds, only ? sites.only : sites.except],
  );
  return rows.map((r) => ({ leadId: r.lead_id, siteId: r.site_id, userId: r.user_id }));
}

/**
 * Thread items after `from` for the leads the viewer gets pushes of (agent: theirs; broker:
 * their office's and their own; staff: all), in log order, as the pushes they were (at most
 * `limit`, plus one to tell there were more).
 */
export async function threadPushesSince(pool: pg.Pool, viewer: Viewer, from: WirePosition, limit: number) {
  const scope = viewer.role === 'staff' ? 'true' : viewer.role === 'broker' ? '(l.agent_id = $3 OR l.office_id = $3)' : 'l.agent_id = $3';
  const { rows } = await pool.query<ItemRow & { lead_id: string; agent_id: string | null; tx: string; gp: string }>(
    `SELECT ${ITEM_COLUMNS.split(', ')
      .map((c) => `i.${c}`)
      .join(', ')}, i.lead_id, l.agent_id, i.tx_id::text AS tx, i.global_position::text AS gp
     FROM thread_items i JOIN thread_leads l ON l.lead_id = i.lead_id
     WHERE (i.tx_id, i.global_position) > ($1::bigint, $2::bigint) AND (${scope})
     ORDER BY i.tx_id, i.global_position LIMIT ${limit + 1}`,
    viewer.role === 'staff'
      ? [from.transactionId.toString(), from.globalPosition.toString()]
      : [from.transactionId.toString(), from.globalPosition.toString(), viewer.userId],
  );
  return {
    overflow: rows.length > limit,
    events: rows.slice(0, limit).map((r) => ({
      name: 'thread.item' as const,
      payload: {
        leadId: r.lead_id,
        agentId: r.agent_id,
        item: itemOf(r),
        position: encodePosition({ transactionId: BigInt(r.tx), globalPosition: BigInt(r.gp) }),
      },
      key: [BigInt(r.tx), BigInt(r.gp)] as const,
    })),
  };
}

/**
 * The carrier's code when a text to the lead's number came back saying the number cannot take
 * texts (a landline, unknown, not mobile: `codes`), the newest such; null when none did.
 */
export async function unreachableCode(pool: pg.Pool, leadId: string, codes: readonly number[]): Promise<number | null> {
  const { rows } = await pool.query<{ error_code: number }>(
    `SELECT error_code FROM thread_items WHERE lead_id = $1 AND direction = 'out' AND error_code = ANY($2::int[]) ORDER BY at DESC LIMIT 1`,
    [leadId, codes],
  );
  return rows[0]?.error_code ?? null;
}

/** The lead and item of an outgoing text, by the provider's id for it (a delivery report names only that); null when the thread has none. */
export async function textByProviderId(pool: pg.Pool, providerId: string): Promise<{ leadId: string; itemId: string } | null> {
  const { rows } = await pool.query<{ lead_id: string; item_id: string }>(`SELECT lead_id, item_id FROM thread_items WHERE provider_id = $1 LIMIT 1`, [
    providerId,
  ]);
  return rows[0] ? { leadId: rows[0].lead_id, itemId: rows[0].item_id } : null;
}
