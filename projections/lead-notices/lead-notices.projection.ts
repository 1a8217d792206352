import { LEAD_NOTICES_MIGRATION } from '../../src/database/migrations/016-lead-notices';
import type { LeadEvent } from '../../src/modules/leads/leads.events';
import { LEAD_NOTICES_PUSH } from './lead-notices-queue';
import { handledTypes, type Projection } from '../runner';

type Handled = Extract<LeadEvent, { type: 'LeadAssigned' | 'LeadReassigned' | 'LeadClaimed' | 'LeadPutInPond' }>;

/**
 * Speed to lead's half of the outbox: each assignment, claim or pond event queues one row in
 * lead_notice_queue in the same transaction as this projection's checkpoint, keyed by the
 * event's id (ON CONFLICT DO NOTHING), so replaying the log queues nothing twice and nothing
 * already sent again. Events from before the queue existed (migration 16) are not queued. The
 * leads context's NewLeadNotifier works out who is told, on which channels, and sends.
 * No tables of its own: the queue is a plain table a rebuild must never empty.
 */
export const leadNoticesProjection: Projection = {
  name: 'lead_notices',
  version: 1,
  eventTypes: handledTypes<Handled>()(['LeadAssigned', 'LeadReassigned', 'LeadClaimed', 'LeadPutInPond']),
  tables: [],
  async createTables() {},
  async apply(events, ctx) {
    let queued = 0;
    for (const stored of events) {
      const e = stored as unknown as Handled & typeof stored;
      // A lead added by hand or imported (rule 'manual') was placed by a person who knows of it: no
      // speed-to-lead notice (an import of 10,000 rows must not send 10,000 e-mails and texts).
      if (e.type === 'LeadAssigned' && e.data.rule === 'manual') continue;
      const { rowCount } = await ctx.tx.query(
        `INSERT INTO lead_notice_queue (event_id, type, lead_id, data, at)
         SELECT $1, $2, $3, $4, $5 WHERE $5::timestamptz >= (SELECT applied_at FROM schema_migrations WHERE id = $6)
         ON CONFLICT (event_id) DO NOTHING`,
        [e.eventId, e.type, e.data.leadId, e.data, e.metadata.at, LEAD_NOTICES_MIGRATION],
      );
      queued += rowCount ?? 0;
    }
    if (queued > 0) ctx.signal({ signal: LEAD_NOTICES_PUSH, payload: { queued } });
  },
};
