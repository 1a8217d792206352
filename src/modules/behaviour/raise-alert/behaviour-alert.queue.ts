import { BEHAVIOUR_QUEUED } from '../../../../projections/behaviour-alerts';
import { handledTypes, outboxProjection } from '../../../../projections/runner';
import { BEHAVIOUR_ALERTS_MIGRATION } from '../../../database/migrations/024-behaviour-alerts';
import type { PropertyAlertOpened } from '../../alerts/alerts.events';
import type { ListingViewed, SearchRun } from '../../leads/leads.events';
import type { ListingFavorited, ListingShared, ShowingRequested } from '../../organizer/organizer.events';

/** A lead's own doings that may mean intent (an alert e-mail sent is the lead's history, not a doing). */
type Doing = ListingViewed | SearchRun | ListingFavorited | ListingShared | ShowingRequested | PropertyAlertOpened;

/**
 * The detector's queue: each of a lead's doings, keyed by its event id, with its place in the log
 * (the detector evaluates it once the behaviour_alerts read model has passed it, since the rules
 * read the lead's history there). Events from before the queue existed are not queued; on an
 * upgraded database the queue starts where the read model stood (migration 54), which had queued
 * the earlier ones.
 */
export const behaviourAlertQueue = outboxProjection<Doing>({
  name: 'behaviour_alert_queue',
  outboxTables: ['behaviour_alert_queue'],
  eventTypes: handledTypes<Doing>()(['ListingViewed', 'SearchRun', 'ListingFavorited', 'ListingShared', 'ShowingRequested', 'PropertyAlertOpened']),
  signal: BEHAVIOUR_QUEUED,
  insert: (e) => ({
    sql: `INSERT INTO behaviour_alert_queue (event_id, lead_id, at, tx_id, global_position)
          SELECT $1, $2, $3, $4, $5 WHERE $3::timestamptz >= (SELECT applied_at FROM schema_migrations WHERE id = $6)
          ON CONFLICT (event_id) DO NOTHING`,
    values: [e.eventId, e.data.leadId, e.metadata.at, e.transactionId.toString(), e.globalPosition.toString(), BEHAVIOUR_ALERTS_MIGRATION],
  }),
});
