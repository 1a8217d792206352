import type { Migration } from './migration';

/**
 * Where a projection's pushes may not have left yet (issue 20's takeover window). A holder
 * commits a batch and then hands its pushes to the sockets (through PostgreSQL NOTIFY to the
 * other instances); if it dies in between, those pushes are lost with it. A batch with pushes
 * therefore records, in the same transaction, the position its oldest recent pushing batch
 * started from (recent: committed less than PUSH_SETTLE_MS ago), and whoever takes the
 * projection over tells every socket to catch up from there (`feed.resync {position}`). NULL:
 * every push of the holder's has had time to leave, a takeover needs no catch-up (the next
 * batch clears it; until then a takeover asks for a little more than needed, which the
 * sockets drop by key).
 */
export const pushesUnsettled: Migration = {
  id: 25,
  name: 'pushes-unsettled',
  up: `
ALTER TABLE projection_checkpoints ADD COLUMN unsettled_transaction_id xid8, ADD COLUMN unsettled_global_position bigint;
`,
};
