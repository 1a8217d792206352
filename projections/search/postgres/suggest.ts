import type pg from 'pg';
import type { Suggestion, SuggestionKind } from '../search-index.port';

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

/**
 * Autocomplete: names (cities, counties, zips) from the name counts, most listings first;
 * addresses and MLS numbers of searchable listings by prefix. A name matches when it, or one
 * of its words, starts with the term.
 */
export async function suggest(
  pool: pg.Pool,
  tables: { listings: string; terms: string },
  kinds: readonly SuggestionKind[],
  term: string,
  limit: number,
): Promise<Suggestion[]> {
  const prefix = `${likeEscape(term)}%`;
  const wordPrefix = `% ${likeEscape(term)}%`;
  const queries = kinds.map(async (kind): Promise<Suggestion[]> => {
    switch (kind) {
      case 'city':
      case 'county':
      case 'zip': {
        const { rows } = await pool.query<{ key: string; label: string }>(
          `(SELECT key, label, n, 0 AS o FROM ${tables.terms} WHERE kind = $1 AND key LIKE $2 ORDER BY n DESC, key LIMIT $4)
           UNION ALL
           (SELECT key, label, n, 1 FROM ${tables.terms} WHERE kind = $1 AND key LIKE $3 AND key NOT LIKE $2 ORDER BY n DESC, key LIMIT $4)
           ORDER BY o, n DESC, key LIMIT $4`,
          [kind, prefix, wordPrefix, limit],
        );
        return rows.map((r) => ({ kind, value: r.label, label: r.label }));
      }
      case 'address': {
        const { rows } = await pool.query<{ address: string; city: string | null; zip5: string | null }>(
          `SELECT DISTINCT ON (address_key, city, zip5) address, city, zip5 FROM ${tables.listings}
           WHERE address_key LIKE $1 AND grp > 0 ORDER BY address_key, city, zip5 LIMIT $2`,
          [prefix, limit],
        );
        return rows.map((r) => {
          const place = [r.city, r.zip5].filter(Boolean).join(' ');
          const value = place ? `${r.address}, ${place}` : r.address;
          return { kind, value, label: value };
        });
      }
      case 'mlsid': {
        const { rows } = await pool.query<{ listing_id: string }>(
          `SELECT DISTINCT listing_id, mlsid_key FROM ${tables.listings} WHERE mlsid_key LIKE $1 AND grp > 0 ORDER BY mlsid_key LIMIT $2`,
          [prefix, limit],
        );
        return rows.map((r) => ({ kind, value: r.listing_id, label: r.listing_id }));
      }
    }
  });
  return (await Promise.all(queries)).flat();
}
