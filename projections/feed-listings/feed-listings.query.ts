import type pg from 'pg';

/** How many listings this MLS feed has with us. */
export async function heldListingCount(pool: pg.Pool, mls: string): Promise<number> {
  const { rows } = await pool.query<{ n: string }>('SELECT count(*) AS n FROM feed_listings WHERE mls = $1', [mls]);
  return Number(rows[0]!.n);
}

/** The keys of this MLS's listings we hold that are not among `keys` (what the feed's server no longer has). */
export async function listingKeysMissingFrom(pool: pg.Pool, mls: string, keys: readonly string[]): Promise<string[]> {
  // = ANY of a large array is hashed (PostgreSQL 14+): one pass over the feed's rows.
  const { rows } = await pool.query<{ listing_key: string }>(
    'SELECT listing_key FROM feed_listings WHERE mls = $1 AND NOT (listing_key = ANY($2::text[])) ORDER BY listing_key',
    [mls, keys],
  );
  return rows.map((r) => r.listing_key);
}
