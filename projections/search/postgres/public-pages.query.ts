import type { Queryable } from './postgres-search-index';

/** A place listings are searched by, as autocomplete knows it: the key search matches, its label, and how many searchable listings it has. */
export type Area = { readonly kind: 'city' | 'county' | 'zip'; readonly name: string; readonly label: string; readonly listings: number };

/** Every city, county or zip with a searchable listing (for sale, sold or for rent), most listings first. */
export async function areasOf(db: Queryable, kind: Area['kind']): Promise<Area[]> {
  const { rows } = await db.query<{ name: string; label: string; n: number }>(
    'SELECT name, label, n FROM search_terms WHERE kind = $1 AND key = name AND n > 0 ORDER BY n DESC, name',
    [kind],
  );
  return rows.map((r) => ({ kind, name: r.name, label: r.label, listings: r.n }));
}

/** A listing a sitemap names: its page and when the feed last changed it. */
export type SitemapListing = { readonly pdid: string; readonly modifiedAt: string | null };

/**
 * The first pdid of each sitemap file of `perFile` listings (every listing with a public page:
 * for sale, sold, for rent), in pdid order: one walk of the primary key.
 */
export async function sitemapFileStarts(db: Queryable, perFile: number): Promise<string[]> {
  const { rows } = await db.query<{ pdid: string }>(
    `SELECT pdid FROM (SELECT pdid, row_number() OVER (ORDER BY pdid) AS n FROM search_listings WHERE grp > 0) s
     WHERE (n - 1) % $1 = 0 ORDER BY pdid`,
    [perFile],
  );
  return rows.map((r) => r.pdid);
}

/** The first pdid of sitemap file `file` (0-based) of `perFile` listings, or undefined past the last. */
export async function sitemapFileStart(db: Queryable, perFile: number, file: number): Promise<string | undefined> {
  const { rows } = await db.query<{ pdid: string }>('SELECT pdid FROM search_listings WHERE grp > 0 ORDER BY pdid OFFSET $1 LIMIT 1', [perFile * file]);
  return rows[0]?.pdid;
}

/** Up to `limit` listings with a public page from `from` on (inclusive) or after `after`, in pdid order (keyset). */
export async function sitemapListings(db: Queryable, at: { readonly from: string } | { readonly after: string }, limit: number): Promise<SitemapListing[]> {
  const [op, pdid] = 'from' in at ? ['>=', at.from] : ['>', at.after];
  const { rows } = await db.query<{ pdid: string; modified_at: string | null }>(
    `SELECT pdid, modified_at FROM search_listings WHERE pdid ${op} $1 AND grp > 0 ORDER BY pdid LIMIT $2`,
    [pdid, limit],
  );
  return rows.map((r) => ({ pdid: r.pdid, modifiedAt: r.modified_at }));
}

/**
 * An agent's active listings shown publicly (for sale or for rent), newest first: those linked
 * to them and those naming their MLS id as ListAgentMlsId.
 */
export async function activeListingsOf(
  db: Queryable,
  q: { readonly pdids: readonly string[]; readonly listAgentMlsIds: readonly string[] },
  limit: number,
): Promise<string[]> {
  if (q.pdids.length === 0 && q.listAgentMlsIds.length === 0) return [];
  const { rows } = await db.query<{ pdid: string }>(
    `SELECT pdid FROM search_listings WHERE (pdid = ANY($1::text[]) OR list_agent_mls_id = ANY($2::text[])) AND grp IN (1, 3)
     ORDER BY sort_date DESC NULLS LAST, pdid LIMIT $3`,
    [q.pdids, q.listAgentMlsIds, limit],
  );
  return rows.map((r) => r.pdid);
}
