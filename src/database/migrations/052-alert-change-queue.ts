import type { Migration } from './migration';

/**
 * From here on alert_changes is filled by the alert dispatcher's own queue projection, not by the
 * alerts read model. The queue starts at the beginning of the log on its first start: only events
 * from after this migration are queued there (the read model had queued the earlier ones).
 */
export const ALERT_CHANGE_QUEUE_MIGRATION = 52;

export const alertChangeQueue: Migration = {
  id: ALERT_CHANGE_QUEUE_MIGRATION,
  name: 'alert-change-queue',
  up: `COMMENT ON TABLE alert_changes IS 'Listing changes queued by the alert dispatcher''s queue projection (alert_changes), matched and sent by the dispatcher'`,
};
