import type { AreaMarket } from '../../../src/contract/public-pages';
import type { Queryable } from './postgres-search-index';

export type { AreaMarket };

const COLUMN = { city: 'city_key', county: 'county_key', zip: 'zip5' } as const;

type Row = {
  active: number;
  median_price: number | null;
  median_ppsf: number | null;
  median_dom: number | null;
  sold_known: boolean;
  sold_12: number;
  lat: number | null;
  lng: number | null;
  beds: { beds: number; avg: number; n: number }[] | null;
};

/**
 * One statement over the place's rows (the (grp, city_key) / (grp, zip5) / (grp, county_key)
 * indexes find them): `key` is the place's search key as search_terms names it, `today` a
 * YYYY-MM-DD date (days on market and the 12 months count from it).
 */
export async function areaMarket(db: Queryable, kind: keyof typeof COLUMN, key: string, today: string): Promise<AreaMarket> {
  const col = COLUMN[kind];
  const { rows } = await db.query<Row>(
    `WITH p AS (
       SELECT grp, list_price, sqft, beds, lat, lng, location_approximate,
              CASE WHEN list_date ~ '^\\d{4}-\\d{2}-\\d{2}' THEN $2::date - left(list_date, 10)::date END AS dom,
              CASE WHEN close_date ~ '^\\d{4}-\\d{2}-\\d{2}' THEN left(close_date, 10)::date END AS closed
       FROM search_listings WHERE ${col} = $1 AND grp IN (1, 2)
     ), a AS (SELECT * FROM p WHERE grp = 1)
     SELECT (SELECT count(*)::int FROM a) AS active,
            (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY list_price) FROM a WHERE list_price > 0) AS median_price,
            (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY list_price / sqft) FROM a WHERE list_price > 0 AND sqft > 0) AS median_ppsf,
            (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY dom) FROM a WHERE dom >= 0) AS median_dom,
            EXISTS (SELECT 1 FROM p WHERE grp = 2 AND closed IS NOT NULL) AS sold_known,
            (SELECT count(*)::int FROM p WHERE grp = 2 AND closed > $2::date - interval '12 months' AND closed <= $2::date) AS sold_12,
            (SELECT avg(lat) FROM p WHERE lat IS NOT NULL AND NOT location_approximate) AS lat,
            (SELECT avg(lng) FROM p WHERE lat IS NOT NULL AND NOT location_approximate) AS lng,
            (SELECT json_agg(json_build_object('beds', b, 'avg', avg, 'n', n) ORDER BY b) FROM (
               SELECT least(floor(beds), 5)::int AS b, avg(list_price) AS avg, count(*)::int AS n
               FROM a WHERE beds >= 0 AND list_price > 0 GROUP BY 1) g) AS beds`,
    [key, today],
  );
  const r = rows[0]!;
  return {
    active: r.active,
    medianListPrice: r.median_price === null ? null : Math.round(r.median_price),
    medianPricePerSqft: r.median_ppsf === null ? null : Math.round(r.median_ppsf),
    medianDaysOnMarket: r.median_dom === null ? null : Math.round(r.median_dom),
    soldLast12Months: r.sold_known ? r.sold_12 : null,
    byBedrooms: (r.beds ?? []).map((b) => ({ beds: b.beds >= 5 ? '5+' : String(b.beds), averagePrice: Math.round(b.avg), count: b.n })),
    center: r.lat === null || r.lng === null ? null : { lat: Number(r.lat.toFixed(6)), lng: Number(r.lng.toFixed(6)) },
  };
}
