import type pg from 'pg';
import type { AlertFrequency } from '../../src/contract/organizer';

export type SavedSearchView = {
  searchId: string;
  name: string;
  frequency: AlertFrequency;
  searchQs: string;
  searchTitle: string;
  path: string;
  createdAt: string;
  /** The name of the lead merged into this one that the search came from (issue 18); absent for the lead's own. */
  mergedFrom?: string;
};

type Row = {
  search_id: string;
  name: string;
  frequency: AlertFrequency;
  search_qs: string;
  search_title: string;
  created_at: Date;
  merged_name?: string | null;
};
const toView = (r: Row): SavedSearchView => ({
  searchId: r.search_id,
  name: r.name,
  frequency: r.frequency,
  searchQs: r.search_qs,
  searchTitle: r.search_title,
  path: `/search${r.search_qs ? `?${r.search_qs}` : ''}`,
  createdAt: r.created_at.toISOString(),
  ...(r.merged_name ? { mergedFrom: r.merged_name } : {}),
});
const COLUMNS = 'search_id, name, frequency, search_qs, search_title, created_at';

export async function savedSearchesOf(pool: pg.Pool, leadId: string): Promise<SavedSearchView[]> {
  const { rows } = await pool.query<Row>(
    `SELECT ${COLUMNS.split(', ')
      .map((c) => `s.${c}`)
      .join(', ')}, m.merged_name
     FROM organizer_searches s LEFT JOIN organizer_merges m ON m.merged_lead_id = s.merged_from WHERE s.lead_id = $1 ORDER BY s.created_at DESC, s.search_id`,
    [leadId],
  );
  return rows.map(toView);
}

/** Saved searches whose name (or a word of it) starts with the term: autocomplete's 'Saved Searches' group. */
export async function savedSearchesNamed(pool: pg.Pool, leadId: string, term: string, limit: number): Promise<SavedSearchView[]> {
  const like = term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  const { rows } = await pool.query<Row>(
    `SELECT ${COLUMNS} FROM organizer_searches WHERE lead_id = $1 AND (name_key LIKE $2 || '%' OR name_key LIKE '% ' || $2 || '%')
     ORDER BY name_key, search_id LIMIT $3`,
    [leadId, like, limit],
  );
  return rows.map(toView);
}
