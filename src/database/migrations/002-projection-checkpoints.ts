import type { Migration } from './migration';

/** One row per projection (and per rebuild in progress); the runner compare-and-sets it. */
export const projectionCheckpoints: Migration = {
  id: 2,
  name: 'projection-checkpoints',
  up: `
CREATE TABLE projection_checkpoints (
  name text PRIMARY KEY,
  transaction_id xid8 NOT NULL DEFAULT '0',
  global_position bigint NOT NULL DEFAULT 0,
  version int NOT NULL,
  events_applied bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);
`,
};
