import type { Migration } from './migration';

/**
 * The one-time backfills a database has had (by id: e.g. the sealed items recorded before their
 * index existed, indexed from the log), so that each runs once per database, not once per process
 * or instance: its runner takes an advisory lock, runs it unless its row is here, and records it.
 * A plain table: a rebuild must not forget it.
 */
export const oneTimeBackfills: Migration = {
  id: 61,
  name: 'one-time-backfills',
  up: `
CREATE TABLE one_time_backfills (
  id text PRIMARY KEY,
  done_at timestamptz NOT NULL DEFAULT now(),
  items int NOT NULL DEFAULT 0
);
`,
};
