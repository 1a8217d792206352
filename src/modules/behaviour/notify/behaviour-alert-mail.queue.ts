import { BEHAVIOUR_MAIL_QUEUED } from '../../../../projections/behaviour-alerts';
import { outboxProjection } from '../../../../projections/runner';
import { BEHAVIOUR_ALERTS_MIGRATION } from '../../../database/migrations/024-behaviour-alerts';
import { stableId } from '../../../shared/stable-id';
import type { BehaviourAlertRaised } from '../behaviour.events';

/** The e-mail outbox row of one alert: derived from the alert's id, so a replay queues the same row and sends nothing again. */
export const behaviourMailId = (alertId: string): string => stableId(`behaviour alert mail ${alertId}`);

/**
 * The alert-mail outbox's queue: one row per alert raised, with the alert's place in the log (the
 * sender composes it from the behaviour_alerts read model once that has passed it). Alerts from
 * before the outbox existed are not queued; on an upgraded database the queue starts where the
 * read model stood (migration 54), which had queued the earlier ones.
 */
export const behaviourAlertMailQueue = outboxProjection<BehaviourAlertRaised>({
  name: 'behaviour_alert_outbox',
  outboxTables: ['behaviour_alert_outbox'],
  eventTypes: ['BehaviourAlertRaised'],
  signal: BEHAVIOUR_MAIL_QUEUED,
  insert: (e) => ({
    sql: `INSERT INTO behaviour_alert_outbox (notice_id, alert_id, lead_id, agent_id, queued_at, tx_id, global_position)
          SELECT $1, $2, $3, $4, $5, $6, $7 WHERE $5::timestamptz >= (SELECT applied_at FROM schema_migrations WHERE id = $8)
          ON CONFLICT (notice_id) DO NOTHING`,
    values: [
      behaviourMailId(e.data.alertId),
      e.data.alertId,
      e.data.leadId,
      e.data.agentId,
      e.metadata.at,
      e.transactionId.toString(),
      e.globalPosition.toString(),
      BEHAVIOUR_ALERTS_MIGRATION,
    ],
  }),
});
