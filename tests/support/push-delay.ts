import type pg from 'pg';
import type { PushServiceStandIn, ReceivedPush } from './push-service-stand-in';

/**
 * Milliseconds from a push's row in web_push_queue (its `at`) to the push service stand-in taking
 * it: the first push `match` picks, its queue row named by `queuedAs` from the push's id (the
 * row's event id; the push's own id when it is the same).
 */
export async function msQueuedToTaken(
  pool: pg.Pool,
  standIn: PushServiceStandIn,
  match: (p: ReceivedPush) => boolean,
  queuedAs: (pushId: string) => string = (id) => id,
): Promise<number> {
  const taken = await standIn.waitFor(match);
  const arrived = Date.now();
  const { rows } = await pool.query<{ at: Date }>('SELECT at FROM web_push_queue WHERE event_id = $1', [queuedAs((taken.payload as { id: string }).id)]);
  return arrived - rows[0]!.at.getTime();
}
