import type pg from 'pg';
import { type MarketMonth, REPORT_MONTHS, SUPPLY_TRAILING_MONTHS } from '../../src/contract/market-reports';
import { liveTable } from '../runner/tables';

type Area = { readonly kind: 'city' | 'zip'; readonly slug: string };

const T = () => liveTable('market_listings');

/**
 * The monthly figures of an area, the last `REPORT_MONTHS` up to the latest month anything
 * happened there (a feed's history may end before today), or undefined for an area with no
 * listings. Medians are percentile_cont over the month's sales; active inventory is counted at
 * each month's last day from every listing's days on and off the market.
 */
export async function marketMonths(db: pg.Pool, area: Area): Promise<{ label: string; months: MarketMonth[] } | undefined> {
  const where = area.kind === 'zip' ? 'zip = $1' : 'city_slug = $1';
  const { rows } = await db.query<{ label: string | null; last: string | null }>(
    `SELECT ${area.kind === 'zip' ? 'min(zip)' : 'mode() WITHIN GROUP (ORDER BY city)'} AS label,
            to_char(least(greatest(max(listed_on), max(close_on), max(off_on)), current_date), 'YYYY-MM-01') AS last
     FROM ${T()} WHERE ${where}`,
    [area.slug],
  );
  const head = rows[0];
  if (!head?.label || !head.last) return undefined;
  const months = monthsUpTo(head.last, REPORT_MONTHS + SUPPLY_TRAILING_MONTHS - 1);
  const first = months[0]!;
  const [sales, changes] = await Promise.all([
    db.query<{ month: string; sales: number; price: number | null; ppsf: number | null; dom: number | null }>(
      `SELECT to_char(close_on, 'YYYY-MM') AS month, count(*)::int AS sales,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY close_price) AS price,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY close_price / nullif(living_area, 0)) AS ppsf,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY greatest(close_on - listed_on, 0)) AS dom
       FROM ${T()} WHERE ${where} AND close_on >= $2::date AND close_price > 0 GROUP BY 1`,
      [area.slug, `${first}-01`],
    ),
    // Homes on and off the market per month, over all time: inventory at a month's end is their running sum.
    db.query<{ month: string; listed: number; left: number }>(
      `SELECT month, sum(listed)::int AS listed, sum(left_)::int AS left FROM (
         SELECT to_char(listed_on, 'YYYY-MM') AS month, 1 AS listed, 0 AS left_ FROM ${T()} WHERE ${where}
         UNION ALL
         SELECT to_char(greatest(off_on, listed_on), 'YYYY-MM'), 0, 1 FROM ${T()} WHERE ${where} AND off_on IS NOT NULL
       ) c GROUP BY month ORDER BY month`,
      [area.slug],
    ),
  ]);
  const bySale = new Map(sales.rows.map((r) => [r.month, r]));
  const byChange = new Map(changes.rows.map((r) => [r.month, r]));
  let active = changes.rows.filter((r) => r.month < first).reduce((n, r) => n + r.listed - r.left, 0);
  const all = months.map((month) => {
    const c = byChange.get(month);
    active += (c?.listed ?? 0) - (c?.left ?? 0);
    const s = bySale.get(month);
    return { month, s, newListings: c?.listed ?? 0, activeInventory: active };
  });
  return {
    label: head.label,
    months: all.slice(SUPPLY_TRAILING_MONTHS - 1).map((m, i) => {
      const trailing = all.slice(i, i + SUPPLY_TRAILING_MONTHS).reduce((n, x) => n + (x.s?.sales ?? 0), 0) / SUPPLY_TRAILING_MONTHS;
      return {
        month: m.month,
        medianPrice: round(m.s?.price),
        medianPricePerSqft: round(m.s?.ppsf),
        medianDaysOnMarket: round(m.s?.dom),
        sales: m.s?.sales ?? 0,
        newListings: m.newListings,
        activeInventory: m.activeInventory,
        monthsOfSupply: trailing > 0 ? Math.round((m.activeInventory / trailing) * 10) / 10 : null,
      };
    }),
  };
}

/**
 * What changes whenever the figures may: the market_stats projection's checkpoint (its version,
 * position and events applied) and the day (a report runs up to today). A cache keyed by it shows
 * a new sale on the first request after the projection applied it.
 */
export async function marketStatsStamp(db: pg.Pool): Promise<string> {
  const { rows } = await db.query<{ stamp: string }>(
    `SELECT concat_ws(':', version, global_position, events_applied, current_date) AS stamp FROM projection_checkpoints WHERE name = 'market_stats'`,
  );
  return rows[0]?.stamp ?? 'none';
}

/** The areas with sales, for the sitemap: cities by slug, then zips. */
export async function marketAreas(db: pg.Pool): Promise<{ kind: 'city' | 'zip'; slug: string }[]> {
  const { rows } = await db.query<{ kind: 'city' | 'zip'; slug: string }>(
    `SELECT DISTINCT 'city' AS kind, city_slug AS slug FROM ${T()} WHERE city_slug <> '' AND close_on IS NOT NULL
     UNION SELECT DISTINCT 'zip', zip FROM ${T()} WHERE zip IS NOT NULL AND close_on IS NOT NULL ORDER BY 1, 2`,
  );
  return rows;
}

const round = (n: number | null | undefined): number | null => (n == null ? null : Math.round(Number(n)));

/** "YYYY-MM" of the `count` months up to and including the month of `last` ("YYYY-MM-01"). */
function monthsUpTo(last: string, count: number): string[] {
  const y = Number(last.slice(0, 4));
  const m = Number(last.slice(5, 7)) - 1;
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(y, m - (count - 1 - i), 1));
    return d.toISOString().slice(0, 7);
  });
}
