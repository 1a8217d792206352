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

/** A public event with the scope it falls in (null, null: its lead is not assigned yet), for the webhooks' fan-out. */
export type ScopedPublicEvent = PublicEventRow & { readonly leadId: string; readonly officeId: string | null; readonly agentId: string | null };

type Db = Pick<pg.Pool, 'query'>;

async function scopedRows(db: Db, where: string, params: unknown[], limit = 'ALL'): Promise<ScopedPublicEvent[]> {
  const { rows } = await db.query<{
    event_id: string;
    type: PublicEventType;
    occurred_at: Date;
    position: string;
    data: Record<string, unknown>;
    lead_id: string;
    office_id: string | null;
    agent_id: string | null;
  }>(
    `SELECT event_id, type, occurred_at, position, data, lead_id, office_id, agent_id FROM public_events WHERE ${where} ORDER BY position LIMIT ${limit}`,
    params,
  );
  return rows.map((r) => ({
    id: r.event_id,
    type: r.type,
    occurredAt: r.occurred_at.toISOString(),
    position: Number(r.position),
    data: r.data,
    leadId: r.lead_id,
    officeId: r.office_id,
    agentId: r.agent_id,
  }));
}

/** Every public event after `after` (whatever its scope), in store order. */
export const publicEventsInOrder = (db: Db, after: number, limit: number): Promise<ScopedPublicEvent[]> =>
  scopedRows(db, 'position > $1', [after], String(Math.max(1, Math.floor(limit))));

/** The public events at these positions (those still kept), in store order. */
export const publicEventsAt = (db: Db, positions: readonly number[]): Promise<ScopedPublicEvent[]> =>
  scopedRows(db, 'position = ANY($1::bigint[])', [positions]);

/** The position of the latest public event (0: none yet). */
export async function lastPublicEventPosition(db: Db): Promise<number> {
  const { rows } = await db.query<{ p: string | null }>('SELECT max(position) AS p FROM public_events');
  return Number(rows[0]?.p ?? 0);
}
