import type pg from 'pg';
import type { PublicEventType } from '../../src/contract/public-events';
import type { Viewer } from '../lead-rows';

export type PublicEventRow = {
  readonly id: string;
  readonly type: PublicEventType;
  readonly occurredAt: string;
  readonly position: number;
  readonly data: Record<string, unknown>;
};

/**
 * The viewer's public events after `after`, in store order: staff all, a broker the office's
 * and their own, an agent their own (each event in the scope it had when it happened).
 */
export async function publicEventsAfter(pool: pg.Pool, viewer: Viewer, after: number, limit: number): Promise<PublicEventRow[]> {
  const scope = viewer.role === 'staff' ? 'TRUE' : viewer.role === 'broker' ? '(office_id = $3 OR agent_id = $3)' : 'agent_id = $3';
  const params: unknown[] = [after, limit];
  if (viewer.role !== 'staff') params.push(viewer.userId);
  const { rows } = await pool.query<{ event_id: string; type: PublicEventType; occurred_at: Date; position: string; data: Record<string, unknown> }>(
    `SELECT event_id, type, occurred_at, position, data FROM public_events WHERE position > $1 AND ${scope} ORDER BY position LIMIT $2`,
    params,
  );
  return rows.map((r) => ({ id: r.event_id, type: r.type, occurredAt: r.occurred_at.toISOString(), position: Number(r.position), data: r.data }));
}
