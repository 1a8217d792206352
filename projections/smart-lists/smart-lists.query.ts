import type pg from 'pg';
import type { SmartListFilters } from '../../src/modules/insights/insights.events';

export type SmartListView = { readonly listId: string; readonly name: string; readonly filters: SmartListFilters };

/** The user's own smart lists, oldest first (the order they were made in). */
export async function smartListsOf(pool: pg.Pool, userId: string): Promise<SmartListView[]> {
  const { rows } = await pool.query<{ list_id: string; name: string; filters: SmartListFilters }>(
    'SELECT list_id, name, filters FROM smart_lists WHERE user_id = $1 ORDER BY created_at, list_id',
    [userId],
  );
  return rows.map((r) => ({ listId: r.list_id, name: r.name, filters: r.filters }));
}
