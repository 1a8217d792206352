import { outboxProjection } from '../../../../projections/runner';
import { LEAD_NOTICES_MIGRATION } from '../../../database/migrations/016-lead-notices';
import { type LeadOwnerEvent, leadOwnerEventTypes } from '../../leads/leads.events';

/** The in-process push the lead_notices queue emits after it queued new-lead notices. */
export const LEAD_NOTICES_PUSH = 'leads.noticesQueued';

/**
 * Speed to lead's half of the outbox: each assignment, claim or pond event queues one row in
 * lead_notice_queue, keyed by the event's id. Events from before the queue existed (migration 16)
 * are not queued. NewLeadNotifier, beside it, works out who is told, on which channels, and
 * sends (through lead_notice_outbox, which it alone fills).
 */
export const leadNoticesProjection = outboxProjection<LeadOwnerEvent>({
  name: 'lead_notices',
  eventTypes: leadOwnerEventTypes,
  outboxTables: ['lead_notice_queue', 'lead_notice_outbox'],
  signal: LEAD_NOTICES_PUSH,
  insert: (e) =>
    // A lead added by hand or imported (rule 'manual') was placed by a person who knows of it: no
    // speed-to-lead notice (an import of 10,000 rows must not send 10,000 e-mails and texts).
    e.type === 'LeadAssigned' && e.data.rule === 'manual'
      ? null
      : {
          sql: `INSERT INTO lead_notice_queue (event_id, type, lead_id, data, at)
                SELECT $1, $2, $3, $4, $5 WHERE $5::timestamptz >= (SELECT applied_at FROM schema_migrations WHERE id = $6)
                ON CONFLICT (event_id) DO NOTHING`,
          values: [e.eventId, e.type, e.data.leadId, e.data, e.metadata.at, LEAD_NOTICES_MIGRATION],
        },
});
