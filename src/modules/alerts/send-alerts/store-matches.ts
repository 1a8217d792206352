import type pg from 'pg';
import type { ReactorOutbox } from '../../messaging';
import type { AlertMatch, QueuedChange } from '../match-alerts/match-changes';

/** The tables this folder owns: its queue (alert-changes.queue.ts) queues listing changes, the dispatcher matches them into alerts and sends. */
export const ALERT_OUTBOX: ReactorOutbox = { outboxTables: ['alert_outbox', 'alert_changes'] };

/**
 * The batch's alerts into the outbox in one statement. The alert id is derived from the lead and
 * the change (the unique key besides), so a batch matched again after a crash lands on the same
 * rows.
 */
export async function storeMatches(db: pg.ClientBase, changes: readonly QueuedChange[], matches: readonly (readonly AlertMatch[])[]): Promise<void> {
  const cols = {
    change: [] as number[],
    lead: [] as string[],
    user: [] as string[],
    site: [] as string[],
    reason: [] as string[],
    searches: [] as string[],
    frequency: [] as string[],
  };
  matches.forEach((list, i) => {
    for (const m of list) {
      cols.change.push(i + 1);
      cols.lead.push(m.leadId);
      cols.user.push(m.userId);
      cols.site.push(m.siteId);
      cols.reason.push(m.reason);
      cols.searches.push(m.searchIds.join(','));
      cols.frequency.push(m.frequency);
    }
  });
  if (cols.change.length === 0) return;
  await db.query(
    `INSERT INTO alert_outbox (alert_id, lead_id, user_id, site_id, pdid, change_event_id, kind, detail, reason, search_ids, frequency, created_at)
     SELECT md5('alert ' || m.lead_id || ' ' || c.event_id)::uuid, m.lead_id, m.user_id, m.site_id, c.pdid, c.event_id, c.kind, c.detail, m.reason,
            string_to_array(m.searches, ',')::uuid[], m.frequency, c.at
       FROM unnest($1::int[], $2::uuid[], $3::uuid[], $4::uuid[], $5::text[], $6::text[], $7::text[]) AS m(change, lead_id, user_id, site_id, reason, searches, frequency)
       JOIN unnest($8::uuid[], $9::text[], $10::text[], $11::jsonb[], $12::timestamptz[]) WITH ORDINALITY AS c(event_id, pdid, kind, detail, at, n) ON c.n = m.change
     ON CONFLICT DO NOTHING`,
    [
      cols.change,
      cols.lead,
      cols.user,
      cols.site,
      cols.reason,
      cols.searches,
      cols.frequency,
      changes.map((c) => c.event_id),
      changes.map((c) => c.pdid),
      changes.map((c) => c.kind),
      changes.map((c) => JSON.stringify(c.detail)),
      changes.map((c) => c.at),
    ],
  );
}
