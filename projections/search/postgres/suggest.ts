import type pg from 'pg';
import type { Suggestion, SuggestionKind } from '../search-index.port';

/** Past every character: `key >= term AND key < term || TOP` is "key starts with term" in byte order. */
export const TOP = String.fromCodePoint(0x10ffff);

/**
 * Autocomplete in one statement: names (cities, counties, zips) that start with the term, or
 * one of whose words does, most listings first; addresses and MLS numbers of searchable
 * listings that start with it. Ranges rather than LIKE, so that the prepared plan uses the
 * B-trees whatever the term.
 */
export async function suggest(
  pool: Pick<pg.Pool, 'query'>,
  tables: { listings: string; terms: string },
  kinds: readonly SuggestionKind[],
  term: string,
  limit: number,
): Promise<Suggestion[]> {
  const want = (k: SuggestionKind) => kinds.includes(k);
  const parts: string[] = [];
  for (const kind of ['city', 'county', 'zip'] as const) {
    if (!want(kind)) continue;
    parts.push(`(SELECT '${kind}' AS kind, label AS value, row_number() OVER (ORDER BY whole DESC, n DESC, name) AS o FROM (
        SELECT DISTINCT ON (name) name, label, key = name AS whole, n FROM ${tables.terms}
        WHERE kind = '${kind}' AND key >= $1 AND key < $2 ORDER BY name, key = name DESC) t
      ORDER BY whole DESC, n DESC, name LIMIT $3)`);
  }
  if (want('address')) {
    parts.push(`(SELECT 'address' AS kind, address || coalesce(', ' || nullif(concat_ws(' ', city, zip5), ''), '') AS value,
        row_number() OVER (ORDER BY address_key, city, zip5) AS o FROM (
        SELECT DISTINCT ON (address_key, city, zip5) address, address_key, city, zip5 FROM ${tables.listings}
        WHERE address_key >= $1 AND address_key < $2 AND grp > 0 ORDER BY address_key, city, zip5 LIMIT $3) a)`);
  }
  if (want('mlsid')) {
    parts.push(`(SELECT 'mlsid' AS kind, listing_id AS value, row_number() OVER (ORDER BY mlsid_key) AS o FROM (
        SELECT DISTINCT ON (mlsid_key) listing_id, mlsid_key FROM ${tables.listings}
        WHERE mlsid_key >= $1 AND mlsid_key < $2 AND grp > 0 ORDER BY mlsid_key LIMIT $3) m)`);
  }
  if (parts.length === 0) return [];
  const { rows } = await pool.query<{ kind: SuggestionKind; value: string }>({
    // Prepared once per connection and set of kinds (PostgreSQL keeps 63 characters of a name).
    name: `suggest-${tables.terms}-${tables.listings}-${[...kinds]
      .sort()
      .map((k) => k.slice(0, 2))
      .join('')}`,
    text: `SELECT kind, value FROM (${parts.join(' UNION ALL ')}) u ORDER BY kind, o`,
    values: [term, term + TOP, limit],
  });
  return rows.map((r) => ({ kind: r.kind, value: r.value, label: r.value }));
}
