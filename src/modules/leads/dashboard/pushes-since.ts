import type pg from 'pg';
import { chatPushesSince } from '../../../../projections/chat';
import { feedPosition, type HomeNames, leadPushesSince, type MissedPush, SINCE_LIMIT, type Viewer } from '../../../../projections/lead-feed';
import { threadPushesSince } from '../../../../projections/lead-thread';
import { decodePosition } from '../../../contract/position';

/**
 * The pushes this viewer would have received after `position`: new leads and lead activity (the
 * lead feed), chat messages (the chat read model) and thread items (lead_thread), in log order. `reset` says there were more
 * than a client should replay (it reloads the feed instead).
 */
export async function pushesSince(db: pg.Pool, viewer: Viewer, position: string, homes: HomeNames): Promise<{ position: string; events: Omit<MissedPush, 'key'>[]; reset: boolean }> {
  const from = decodePosition(position);
  if (!from) throw new Error('bad position');
  const now = await feedPosition(db);
  const [leads, chat, thread] = await Promise.all([leadPushesSince(db, viewer, from, homes), chatPushesSince(db, viewer.userId, from, SINCE_LIMIT), threadPushesSince(db, viewer, from, SINCE_LIMIT)]);
  const reset = leads.overflow || chat.overflow || thread.overflow;
  const events: MissedPush[] = [...leads.events, ...chat.events, ...thread.events];
  events.sort((a, b) => (a.key[0] !== b.key[0] ? (a.key[0] < b.key[0] ? -1 : 1) : a.key[1] < b.key[1] ? -1 : a.key[1] > b.key[1] ? 1 : 0));
  return { position: now, events: reset ? [] : events.map(({ name, payload }) => ({ name, payload })), reset };
}
