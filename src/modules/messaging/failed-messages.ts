import type pg from 'pg';
import type { FailedMessage, FailedOutbox } from '../../contract/outboxes';
import { inTransaction } from '../../database/database';

export type { FailedMessage };

/**
 * Every outbox under the retry policy, as staff and agents meet it. `lead`: its rows are a
 * lead's messages (shown in the lead's thread when they fail); `item`: the column naming the
 * thread item the message is (an agent's e-mail), when there is one.
 */
export const OUTBOXES = [
  { name: 'lead-email', label: "Agents' e-mails to leads", table: 'lead_email_outbox', key: 'mail_id', channel: "'email'", lead: true, item: 'message_id' },
  { name: 'listing-mail', label: 'Listings sent to leads', table: 'listing_mail_outbox', key: 'mail_id', channel: "'email'", lead: true, item: null },
  { name: 'seller-mail', label: 'CMAs and home value digests', table: 'seller_mail_outbox', key: 'mail_id', channel: "'email'", lead: true, item: null },
  { name: 'reply-notices', label: 'Reply notices to leads', table: 'reply_notice_outbox', key: 'notice_id', channel: 'channel', lead: true, item: null },
  {
    name: 'plans',
    label: 'Action plan steps',
    table: 'plan_work',
    key: 'work_id',
    channel: "coalesce(payload->'step'->>'kind', kind)",
    lead: true,
    item: null,
  },
  { name: 'property-alerts', label: 'Property alerts', table: 'alert_outbox', key: 'alert_id', channel: "'email'", lead: true, item: null },
  {
    name: 'listing-report-mail',
    label: 'Listing reports e-mailed to sellers',
    table: 'listing_report_mail_outbox',
    key: 'mail_id',
    channel: "'email'",
    lead: false,
    item: null,
    noLeadId: true,
  },
  { name: 'share-mail', label: 'Listings shared with a friend', table: 'share_mail_outbox', key: 'mail_id', channel: "'email'", lead: false, item: null },
  { name: 'new-lead-notices', label: 'New-lead notices to agents', table: 'lead_notice_outbox', key: 'notice_id', channel: 'channel', lead: false, item: null },
  {
    name: 'behaviour-alerts',
    label: 'Behaviour alerts to agents',
    table: 'behaviour_alert_outbox',
    key: 'notice_id',
    channel: "'email'",
    lead: false,
    item: null,
  },
  {
    name: 'erasure-links',
    label: 'Erasure links',
    table: 'erasure_link_outbox',
    key: 'request_id',
    channel: "'email'",
    lead: false,
    item: null,
    noLeadId: true,
  },
  // Keyed by Meta's leadgen id (a number, not a uuid).
  {
    name: 'facebook-leads',
    label: 'Facebook leads to fetch',
    table: 'facebook_lead_queue',
    key: 'leadgen_id',
    channel: "'facebook'",
    lead: false,
    item: null,
    noLeadId: true,
    graphId: true,
  },
  // A queue of reminders set ahead: only those whose time has come count as waiting.
  {
    name: 'task-reminders',
    label: 'Task reminders to agents (web push)',
    table: 'task_reminder_outbox',
    key: 'reminder_id',
    channel: "'push'",
    lead: false,
    item: null,
    noLeadId: true,
    where: 'due_at <= now()',
  },
  { name: 'web-push', label: 'Web pushes to browsers', table: 'web_push_outbox', key: 'push_id', channel: "'push'", lead: false, item: null },
  // Decide-and-send outboxes: their failures wait in outbox_deferrals (send-once-with-retry.ts).
  {
    name: 'showing-notices',
    label: 'Showing notices',
    table: 'outbox_deferrals',
    key: 'deferral_id',
    channel: "'notice'",
    lead: true,
    item: null,
    where: "outbox = 'showing-notices'",
  },
  {
    name: 'task-digests',
    label: 'Morning task digests to agents',
    table: 'outbox_deferrals',
    key: 'deferral_id',
    channel: "'email'",
    lead: false,
    item: null,
    where: "outbox = 'task-digests'",
  },
] as const;

export type OutboxName = (typeof OUTBOXES)[number]['name'];
type Outbox = (typeof OUTBOXES)[number];

const LIST_LIMIT = 100;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const outboxNamed = (name: string): Outbox | undefined => OUTBOXES.find((o) => o.name === name);

type FailedRow = {
  id: string;
  channel: string;
  lead_id: string | null;
  item_id: string | null;
  last_error: string | null;
  attempts: number;
  last_attempt_at: Date | null;
  failed_at: Date | null;
};

/** The outbox's rows in `table` (several outboxes share outbox_deferrals). */
const mine = (o: Outbox): string => ('where' in o ? ` AND ${o.where}` : '');

function selectFailed(o: Outbox, where: string): string {
  const lead = 'noLeadId' in o ? 'NULL::text' : 'lead_id::text';
  return `SELECT ${o.key}::text AS id, ${o.channel} AS channel, ${lead} AS lead_id, ${o.item ? `${o.item}::text` : 'NULL::text'} AS item_id,
    last_error, attempts, last_attempt_at, failed_at FROM ${o.table} WHERE state = 'failed'${mine(o)}${where}`;
}

const toFailed = (o: Outbox, r: FailedRow): FailedMessage => ({
  id: r.id,
  outbox: o.name,
  channel: r.channel,
  leadId: r.lead_id,
  itemId: r.item_id,
  // Rows given up before reasons were kept have none.
  reason: r.last_error ?? 'not recorded',
  attempts: r.attempts,
  lastAttemptAt: r.last_attempt_at?.toISOString() ?? null,
  failedAt: r.failed_at?.toISOString() ?? null,
});

/** Each outbox with its failed messages, newest first (at most 100 each) and how many there are. */
export async function failedByOutbox(pool: pg.Pool): Promise<FailedOutbox[]> {
  return Promise.all(
    OUTBOXES.map(async (o) => {
      const [{ rows }, count] = await Promise.all([
        pool.query<FailedRow>(`${selectFailed(o, '')} ORDER BY failed_at DESC NULLS LAST, ${o.key} LIMIT ${LIST_LIMIT}`),
        pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${o.table} WHERE state = 'failed'${mine(o)}`),
      ]);
      return { name: o.name, label: o.label, total: count.rows[0]?.n ?? 0, failed: rows.map((r) => toFailed(o, r)) };
    }),
  );
}

/** A lead's messages that could not be delivered, newest first (what the agent sees in the lead's thread). */
export async function failedForLead(pool: pg.Pool, leadId: string): Promise<FailedMessage[]> {
  const perOutbox = await Promise.all(
    OUTBOXES.filter((o) => o.lead).map(async (o) =>
      (await pool.query<FailedRow>(`${selectFailed(o, ' AND lead_id = $1')} ORDER BY failed_at DESC NULLS LAST LIMIT ${LIST_LIMIT}`, [leadId])).rows.map((r) =>
        toFailed(o, r),
      ),
    ),
  );
  return perOutbox.flat().sort((a, b) => (b.failedAt ?? '').localeCompare(a.failedAt ?? ''));
}

/**
 * Puts a failed message back in its outbox, due at once, for a new series of tries under the
 * policy; it keeps its id (the same Message-ID towards the relay) and its count of attempts. Only
 * a failed message is re-queued, so two clicks queue it once. A decide-and-send outbox's message
 * is tried again by its next sweep while it is still due (a reminder within its day). `record`
 * (the staff action's event) runs under the row's lock before the row is put back: a message is
 * never queued again without its trace, and two clicks at once record one.
 */
export async function sendAgain(
  pool: pg.Pool,
  o: Outbox,
  id: string,
  record: (message: { leadId: string | null }) => Promise<unknown>,
): Promise<'queued' | 'not-failed' | 'unknown'> {
  if (o.table !== 'outbox_deferrals' && !('graphId' in o ? /^\d{1,30}$/ : UUID).test(id)) return 'unknown';
  return inTransaction(pool, async (tx) => {
    const lead = 'noLeadId' in o ? 'NULL::text' : 'lead_id::text';
    const { rows } = await tx.query<{ state: string; lead_id: string | null }>(
      `SELECT state, ${lead} AS lead_id FROM ${o.table} WHERE ${o.key} = $1${mine(o)} FOR UPDATE`,
      [id],
    );
    const row = rows[0];
    if (!row) return 'unknown';
    if (row.state !== 'failed') return 'not-failed';
    await record({ leadId: row.lead_id });
    await tx.query(`UPDATE ${o.table} SET state = 'pending', next_attempt_at = NULL, first_failed_at = NULL, failed_at = NULL WHERE ${o.key} = $1${mine(o)}`, [
      id,
    ]);
    return 'queued';
  });
}

/** Each outbox's messages waiting to be sent and given up, for monitoring (the metrics' outbox pending and failed). */
export async function outboxCounts(pool: pg.Pool): Promise<{ name: OutboxName; pending: number; failed: number }[]> {
  return Promise.all(
    OUTBOXES.map(async (o) => {
      const { rows } = await pool.query<{ pending: number; failed: number }>(
        `SELECT count(*) FILTER (WHERE state = 'pending')::int AS pending, count(*) FILTER (WHERE state = 'failed')::int AS failed FROM ${o.table} WHERE true${mine(o)}`,
      );
      return { name: o.name, pending: rows[0]?.pending ?? 0, failed: rows[0]?.failed ?? 0 };
    }),
  );
}
