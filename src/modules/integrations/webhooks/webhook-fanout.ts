import type pg from 'pg';
import { lastPublicEventPosition, publicEventsAt, publicEventsInOrder, type ScopedPublicEvent } from '../../../../projections/public-events';
import { inTransaction } from '../../../database/database';

const BATCH = 500;

type Hook = { webhook_id: string; owner_id: string; owner_role: 'staff' | 'broker' | 'agent'; events: string[]; from_position: string };

/** The events feed's scope (projections/public-events): staff all, a broker the office's and their own leads, an agent their own. */
function inScope(h: Hook, e: ScopedPublicEvent): boolean {
  if (h.owner_role === 'staff') return true;
  if (h.owner_role === 'broker') return e.officeId === h.owner_id || e.agentId === h.owner_id;
  return e.agentId === h.owner_id;
}

async function queue(tx: pg.PoolClient, hooks: readonly Hook[], e: ScopedPublicEvent): Promise<number> {
  let queued = 0;
  for (const h of hooks) {
    if (e.position <= Number(h.from_position) || !h.events.includes(e.type) || !inScope(h, e)) continue;
    const { rowCount } = await tx.query(
      `INSERT INTO webhook_deliveries (webhook_id, event_id, lead_id, type, position, occurred_at, data) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (webhook_id, event_id) DO NOTHING`,
      [h.webhook_id, e.id, e.leadId, e.type, e.position, e.occurredAt, JSON.stringify(e.data)],
    );
    queued += rowCount ?? 0;
  }
  return queued;
}

/**
 * Queues the public events for the webhooks that hear them, in store order, from where the last
 * run stopped (one row, locked: one instance at a time, and each event queued once per webhook,
 * keyed by its id). An event of a lead not yet assigned has no scope yet: it is held, and queued
 * just before the lead's next event (its assignment, which gives it its scope), so that a lead's
 * events still go in order. Answers how many deliveries it queued.
 */
export async function fanOutPublicEvents(pool: pg.Pool): Promise<number> {
  // The usual answer, nothing new: two reads without the lock, instead of a transaction a sweep.
  const { rows: stopped } = await pool.query<{ position: string }>('SELECT position FROM webhook_fanout');
  if (Number(stopped[0]!.position) >= (await lastPublicEventPosition(pool))) return 0;
  return inTransaction(pool, async (tx) => {
    const { rows: at } = await tx.query<{ position: string }>('SELECT position FROM webhook_fanout FOR UPDATE');
    const events = await publicEventsInOrder(tx, Number(at[0]!.position), BATCH);
    if (events.length === 0) return 0;
    const { rows: hooks } = await tx.query<Hook>('SELECT webhook_id, owner_id, owner_role, events, from_position FROM webhooks');
    let queued = 0;
    // With no webhook, nothing is held: a webhook made later hears only what comes after it.
    for (const e of hooks.length ? events : []) {
      if (e.officeId === null && e.agentId === null) {
        await tx.query('INSERT INTO webhook_fanout_held (position, lead_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [e.position, e.leadId]);
        continue;
      }
      const { rows: held } = await tx.query<{ position: string }>('DELETE FROM webhook_fanout_held WHERE lead_id = $1 RETURNING position', [e.leadId]);
      if (held.length)
        for (const earlier of await publicEventsAt(
          tx,
          held.map((h) => Number(h.position)),
        ))
          queued += await queue(tx, hooks, earlier);
      queued += await queue(tx, hooks, e);
    }
    await tx.query('UPDATE webhook_fanout SET position = $1', [events.at(-1)!.position]);
    return queued;
  });
}
