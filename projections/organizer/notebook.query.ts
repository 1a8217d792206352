import type pg from 'pg';

/** The lead's kept listings (optionally only these pdids) and notebooks, from the organizer read model. */
export async function notebookHeaders(pool: pg.Pool, leadId: string, pdids: readonly string[] | null) {
  const [listings, notebooks] = await Promise.all([
    pool.query<{ pdid: string; favorite: boolean; note: string | null; opinion: 'like' | 'dislike' | null; notebooks: string[] }>(
      `SELECT pdid, favorite, note, opinion, notebooks FROM organizer_listings
       WHERE lead_id = $1 AND ($2::text[] IS NULL OR pdid = ANY($2::text[])) ORDER BY updated_at DESC, pdid LIMIT 1000`,
      [leadId, pdids],
    ),
    pool.query<{ notebook_id: string; name: string; focused: boolean }>(
      'SELECT notebook_id, name, focused FROM organizer_notebooks WHERE lead_id = $1 ORDER BY created_at, notebook_id',
      [leadId],
    ),
  ]);
  return {
    listings: listings.rows.map((r) => ({ pdid: r.pdid, favorite: r.favorite, note: r.note, opinion: r.opinion, notebooks: r.notebooks })),
    notebooks: notebooks.rows.map((r) => ({ notebookId: r.notebook_id, name: r.name, focused: r.focused })),
  };
}
