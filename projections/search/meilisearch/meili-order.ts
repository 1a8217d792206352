import { chord2, unitVector } from '../geo';
import type { LatLng, SortBy } from '../search-criteria';
import type { MeiliDocument } from './meili-document';

/** pdids in byte order (they are ASCII: code units order as bytes). */
const byPdid = (a: { pdid: string }, b: { pdid: string }) => (a.pdid < b.pdid ? -1 : a.pdid > b.pdid ? 1 : 0);

/** Ascending with unknown (null) last; `desc` flips the known values only. */
function nullsLast<T extends string | number>(a: T | null, b: T | null, desc: boolean): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return (a < b ? -1 : 1) * (desc ? -1 : 1);
}

export type Ordered = Pick<MeiliDocument, 'pdid' | 'sort_date' | 'price' | 'beds' | 'sqft' | 'ux' | 'uy' | 'uz'>;

/**
 * orderSql (postgres/criteria-sql.ts) as a comparator, for the matches the adapter checks and
 * orders itself: same keys, unknown last, ties by pdid, nearest by the squared chord computed as
 * PostgreSQL computes it.
 */
export function comparatorOf(sort: SortBy, origin: LatLng | undefined): (a: Ordered, b: Ordered) => number {
  switch (sort) {
    case 'newest':
      return (a, b) => nullsLast(a.sort_date, b.sort_date, true) || byPdid(a, b);
    case 'price-asc':
      return (a, b) => nullsLast(a.price, b.price, false) || byPdid(a, b);
    case 'price-desc':
      return (a, b) => nullsLast(a.price, b.price, true) || byPdid(a, b);
    case 'beds-desc':
      return (a, b) => nullsLast(a.beds, b.beds, true) || byPdid(a, b);
    case 'sqft-desc':
      return (a, b) => nullsLast(a.sqft, b.sqft, true) || byPdid(a, b);
    case 'nearest': {
      if (!origin) throw new Error('nearest needs an origin');
      const o = unitVector(origin);
      const d = (r: Ordered) => (r.ux === null || r.uy === null || r.uz === null ? null : chord2([r.ux, r.uy, r.uz], o));
      return (a, b) => nullsLast(d(a), d(b), false) || byPdid(a, b);
    }
  }
}
