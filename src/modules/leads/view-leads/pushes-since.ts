import type pg from 'pg';
import { chatPushesSince } from '../../../../projections/chat';
import { feedPosition, leadPushesSince, lostPushesFrom, type MissedPush, SINCE_LIMIT, type Viewer } from '../../../../projections/lead-feed';
import { type HomeNames, timelinePushesSince } from '../../../../projections/lead-timeline';
import { threadPushesSince } from '../../../../projections/lead-thread';
import { decodePosition } from '../../../contract/position';
import { compareCheckpoints } from '../../../eventstore/event-store.port';

/**
 * The pushes this viewer would have received after `position`: new leads (the lead list) and lead activity (the
 * lead timeline), chat messages (the chat read model) and thread items (lead_thread), in log order. `reset` says there were more
 * than a client should replay (it reloads the feed instead). When a holder of those read models
 * may have died with pushes unsent, the answer starts where they begin, even before `position`
 * (the client drops what it already has by key).
 */
export async function pushesSince(
  db: pg.Pool,
  viewer: Viewer,
  position: string,
  homes: HomeNames,
): Promise<{ position: string; events: Omit<MissedPush, 'key'>[]; reset: boolean }> {
  const asked = decodePosition(position);
  if (!asked) throw new Error('bad position');
  const [now, lost] = await Promise.all([feedPosition(db), lostPushesFrom(db)]);
  // Pushes a dead holder may never have sent can be older than pushes the client saw since.
  const from = lost && compareCheckpoints(lost, asked) < 0 ? lost : asked;
  const [leads, timeline, chat, thread] = await Promise.all([
    leadPushesSince(db, viewer, from),
    timelinePushesSince(db, viewer, from, homes, SINCE_LIMIT),
    chatPushesSince(db, viewer.userId, from, SINCE_LIMIT),
    threadPushesSince(db, viewer, from, SINCE_LIMIT),
  ]);
  const reset = leads.overflow || timeline.overflow || chat.overflow || thread.overflow;
  const events: MissedPush[] = [...leads.events, ...timeline.events, ...chat.events, ...thread.events];
  events.sort((a, b) => (a.key[0] !== b.key[0] ? (a.key[0] < b.key[0] ? -1 : 1) : a.key[1] < b.key[1] ? -1 : a.key[1] > b.key[1] ? 1 : 0));
  return { position: now, events: reset ? [] : events.map(({ name, payload }) => ({ name, payload })), reset };
}
