import type pg from 'pg';
import type { AlertFrequency } from '../../src/modules/organizer/organizer.events';

/** A favourite as the alerts read model keeps it, with the log position it was made at. */
export type AlertFavorite = { pdid: string; lead_id: string; user_id: string; site_id: string; tx_id: string; global_position: string };

/** Everyone who keeps one of these listings in their favourites. */
export async function favoritesOf(db: pg.ClientBase, pdids: readonly string[]): Promise<AlertFavorite[]> {
  const { rows } = await db.query<AlertFavorite>(
    `SELECT pdid, lead_id, user_id, site_id, tx_id::text, global_position::text FROM alert_favorites WHERE pdid = ANY($1::text[])`,
    [pdids],
  );
  return rows;
}

/** One change of a saved search (insert, frequency change or deletion), numbered by the table's change sequence. */
export type AlertSearchChange = {
  search_id: string;
  lead_id: string;
  user_id: string;
  site_id: string;
  frequency: AlertFrequency;
  criteria: Record<string, string>;
  tx_id: string;
  global_position: string;
  deleted: boolean;
  seq: string;
};

/** The relation id of alert_searches (null before the projection made it): a rebuild swaps in another one. */
export async function alertSearchesRelation(db: pg.ClientBase): Promise<string | null> {
  const { rows } = await db.query<{ oid: string | null }>(`SELECT to_regclass('alert_searches')::oid::text AS oid`);
  return rows[0]?.oid ?? null;
}

/** Changes of saved searches after sequence value `after`, in sequence order. */
export async function alertSearchChanges(db: pg.ClientBase, after: bigint, limit: number): Promise<AlertSearchChange[]> {
  const { rows } = await db.query<AlertSearchChange>(
    // Ordered by the column, not by the text it is read as ('10' sorts before '9').
    `SELECT search_id, lead_id, user_id, site_id, frequency, criteria, tx_id::text, global_position::text, deleted, s.seq::text AS seq
       FROM alert_searches s WHERE s.seq > $1 ORDER BY s.seq LIMIT ${limit}`,
    [after.toString()],
  );
  return rows;
}
