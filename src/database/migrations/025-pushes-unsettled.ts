import type { Migration } from './migration';

/**
 * Where a projection's pushes may not have left yet (issue 20's takeover window). A holder
 * commits a batch and then hands its pushes to the sockets (through PostgreSQL NOTIFY to the
 * other instances); if it dies in between, those pushes are lost with it.
 * - `unsettled_*`: a batch with pushes records, in the same transaction, the position its
 *   holder's oldest recent pushing batch started from (recent: committed less than
 *   PUSH_SETTLE_MS ago). NULL: every push had time to leave (a later batch clears it).
 * - `lost_*` until `lost_until`: written by whoever takes the projection over when it finds an
 *   unsettled position: the pushes from there on may be lost. feed/since answers from there
 *   until then (a minute), whatever newer position a client asks from, and every socket is
 *   told `feed.resync`.
 */
export const pushesUnsettled: Migration = {
  id: 25,
  name: 'pushes-unsettled',
  up: `
ALTER TABLE projection_checkpoints
  ADD COLUMN unsettled_transaction_id xid8, ADD COLUMN unsettled_global_position bigint,
  ADD COLUMN lost_transaction_id xid8, ADD COLUMN lost_global_position bigint, ADD COLUMN lost_until timestamptz;
`,
};
