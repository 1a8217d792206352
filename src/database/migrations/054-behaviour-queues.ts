import type { Migration } from './migration';

/**
 * From here on the behaviour detector's queue (`behaviour_alert_queue`) and the alert-mail outbox
 * (`behaviour_alert_outbox`) are filled by their reactors' own queue projections, not by the
 * behaviour_alerts read model. Each row now carries its event's place in the log, so its reactor
 * takes it only once the read model has passed it. The queues start where the read model's
 * checkpoint stands when this runs: what it had applied it had queued, and what follows is
 * queued by the queues (rows keyed by the same ids, so an instance still running the previous
 * version during a rolling restart adds nothing twice). On a new database there is no such
 * checkpoint and the queues start at the beginning of the log like any projection.
 */
export const BEHAVIOUR_QUEUES_MIGRATION = 54;

export const behaviourQueues: Migration = {
  id: BEHAVIOUR_QUEUES_MIGRATION,
  name: 'behaviour-queues',
  up: `
ALTER TABLE behaviour_alert_queue ADD COLUMN tx_id bigint, ADD COLUMN global_position bigint;
ALTER TABLE behaviour_alert_outbox ADD COLUMN tx_id bigint, ADD COLUMN global_position bigint;
INSERT INTO projection_checkpoints (name, transaction_id, global_position, version)
  SELECT q.name, c.transaction_id, c.global_position, 1 FROM projection_checkpoints c, (VALUES ('behaviour_alert_queue'), ('behaviour_alert_outbox')) q (name)
   WHERE c.name = 'behaviour_alerts'
  ON CONFLICT (name) DO NOTHING;
`,
};
