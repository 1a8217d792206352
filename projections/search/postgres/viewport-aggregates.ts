import type pg from 'pg';
import { CELL_LEVEL, cellSize } from '../geo';
import type { Box, SearchCriteria } from '../search-criteria';
import type { Cluster } from '../search-index.port';

/** The levels the projection keeps cell counts at (search-aggregates.ts writes them). */
export const COARSE = 8;
export const FINE = 12;
const WORLD: Box = { minLat: -90, maxLat: 90, minLng: -180, maxLng: 180 };
// Cells count as inside a box only with this much room, so rounding in a point's cell number can
// never put a listing from outside the box into a counted cell.
const MARGIN = 1e-9;

/** Criteria that only pick a status and a viewport: what a zoomed-out map asks most. */
export function viewportOnly(c: SearchCriteria): boolean {
  return (
    c.keywords.length === 0 &&
    c.cities.length === 0 &&
    c.counties.length === 0 &&
    c.zips.length === 0 &&
    c.mlsids.length === 0 &&
    c.minPrice === undefined &&
    c.maxPrice === undefined &&
    c.minBeds === undefined &&
    c.minBaths === undefined &&
    c.minSqft === undefined &&
    c.maxSqft === undefined &&
    c.types === undefined &&
    !c.waterfront &&
    !c.view &&
    !c.pool &&
    !c.newConstruction &&
    !c.openHouse &&
    !c.priceReduced &&
    c.polygons === undefined &&
    c.radius === undefined
  );
}

type Range = { lo: number; hi: number };
/** Level-`level` cell rows (or columns) lying wholly between `from` and `to` degrees past the origin. */
export function inside(from: number, to: number, level: number): Range {
  const s = cellSize(level);
  return { lo: Math.ceil((from + MARGIN) / s), hi: Math.floor((to - MARGIN) / s) - 1 };
}
const empty = (r: Range) => r.lo > r.hi;

export type ViewportCounts = { total: number; clusters: Cluster[] };

/** True when the box holds at least one whole fine cell: only then do the aggregates help. */
export function coversFineCell(boxOrNone: Box | undefined): boolean {
  const box = boxOrNone ?? WORLD;
  return !empty(inside(box.minLat + 90, box.maxLat + 90, FINE)) && !empty(inside(box.minLng + 180, box.maxLng + 180, FINE));
}

/**
 * Exact counts and clusters of the listings of one status group in a box, from the per-cell
 * counts: whole coarse cells inside the box, then whole fine cells inside it, then the rows in
 * the thin band between the fine cells and the box's edges. Undefined when the box holds no
 * whole fine cell (then rows are cheap to count directly).
 */
export async function viewportCounts(
  pool: Pick<pg.Pool, 'query'>,
  tables: { listings: string; cells: string },
  grp: number,
  boxOrNone: Box | undefined,
  clusterLevel: number,
): Promise<ViewportCounts | undefined> {
  const sql = viewportCountsSql(tables, grp, boxOrNone, clusterLevel);
  if (sql === undefined) return undefined;
  return countsOf((await pool.query<CellSum>(sql)).rows);
}

export type CellSum = { n: number; slat: number; slng: number };

export function countsOf(rows: readonly CellSum[]): ViewportCounts {
  const clusters = rows
    .filter((r) => r.n > 0)
    .map((r) => ({ latitude: r.slat / r.n, longitude: r.slng / r.n, count: r.n }))
    .sort((a, b) => b.count - a.count || a.latitude - b.latitude || a.longitude - b.longitude);
  return { total: clusters.reduce((n, c) => n + c.count, 0), clusters };
}

/** The statement behind viewportCounts: one row (n, slat, slng) per cluster cell. */
export function viewportCountsSql(
  tables: { listings: string; cells: string },
  grp: number,
  boxOrNone: Box | undefined,
  clusterLevel: number,
): string | undefined {
  const box = boxOrNone ?? WORLD;
  const fy = inside(box.minLat + 90, box.maxLat + 90, FINE);
  const fx = inside(box.minLng + 180, box.maxLng + 180, FINE);
  if (empty(fy) || empty(fx) || clusterLevel > FINE) return undefined;
  let cy = inside(box.minLat + 90, box.maxLat + 90, COARSE);
  let cx = inside(box.minLng + 180, box.maxLng + 180, COARSE);
  // Coarse cells can only be summed into clusters at least as coarse.
  if (clusterLevel > COARSE) cy = cx = { lo: 1, hi: 0 };
  const coarse = !empty(cy) && !empty(cx);
  const k = FINE - COARSE;
  const sFine = cellSize(FINE);
  // The band outside the whole fine cells, as four strips that do not overlap (bottom and top
  // across the whole box, left and right strictly between them), each read by an index-only
  // scan of the covering GiST index: the band of a metro is a couple of thousand rows on as many
  // pages, which the index alone holds.
  const inLat = { lo: fy.lo * sFine - 90 + MARGIN, hi: (fy.hi + 1) * sFine - 90 - MARGIN };
  const inLng = { lo: fx.lo * sFine - 180 + MARGIN, hi: (fx.hi + 1) * sFine - 180 - MARGIN };
  const f = (n: number) => `(${String(n)})::float8`;
  const strip = (b: Box, latIn: string) => `pt <@ box(point(${f(b.minLng)}, ${f(b.minLat)}), point(${f(b.maxLng)}, ${f(b.maxLat)}))${latIn}`;
  const between = ` AND lat + 0 > ${f(inLat.lo)} AND lat + 0 < ${f(inLat.hi)}`;
  const strips = [
    box.minLat <= inLat.lo ? strip({ ...box, maxLat: inLat.lo }, '') : undefined,
    inLat.hi <= box.maxLat ? strip({ ...box, minLat: inLat.hi }, '') : undefined,
    box.minLng <= inLng.lo ? strip({ ...box, maxLng: inLng.lo }, between) : undefined,
    inLng.hi <= box.maxLng ? strip({ ...box, minLng: inLng.hi }, between) : undefined,
  ].filter((x): x is string => x !== undefined);
  const shiftRow = CELL_LEVEL - clusterLevel;
  const shiftFine = FINE - clusterLevel;
  const shiftCoarse = COARSE - clusterLevel;
  const parts = [
    coarse
      ? `SELECT cy >> ${shiftCoarse} AS gy, cx >> ${shiftCoarse} AS gx, n, sum_lat, sum_lng FROM ${tables.cells}
         WHERE grp = ${grp} AND lvl = ${COARSE} AND cy BETWEEN ${cy.lo} AND ${cy.hi} AND cx BETWEEN ${cx.lo} AND ${cx.hi}`
      : undefined,
    `SELECT cy >> ${shiftFine}, cx >> ${shiftFine}, n, sum_lat, sum_lng FROM ${tables.cells}
     WHERE grp = ${grp} AND lvl = ${FINE} AND cy BETWEEN ${fy.lo} AND ${fy.hi} AND cx BETWEEN ${fx.lo} AND ${fx.hi}
     ${coarse ? `AND NOT (cy BETWEEN ${cy.lo << k} AND ${((cy.hi + 1) << k) - 1} AND cx BETWEEN ${cx.lo << k} AND ${((cx.hi + 1) << k) - 1})` : ''}`,
    ...strips.map(
      // "+ 0": only the GiST index may serve these; ANDing in a B-tree on (grp, lng) read the
      // whole viewport's column (57k entries, 28 ms) to drop none of the band's rows.
      (where) => `SELECT cy >> ${shiftRow}, cx >> ${shiftRow}, 1, lat, lng FROM ${tables.listings}
         WHERE ${where} AND grp + 0 = ${grp}
           AND lat + 0 BETWEEN ${f(box.minLat)} AND ${f(box.maxLat)} AND lng + 0 BETWEEN ${f(box.minLng)} AND ${f(box.maxLng)}
           AND NOT (cy >> ${CELL_LEVEL - FINE} BETWEEN ${fy.lo} AND ${fy.hi} AND cx >> ${CELL_LEVEL - FINE} BETWEEN ${fx.lo} AND ${fx.hi})`,
    ),
  ].filter((x): x is string => x !== undefined);
  return `SELECT sum(n)::int AS n, sum(sum_lat) AS slat, sum(sum_lng) AS slng
     FROM (${parts.join(' UNION ALL ')}) AS parts(gy, gx, n, sum_lat, sum_lng) GROUP BY gy, gx`;
}

/** Bounds of every listing of a status group in a box: the first row along each B-tree. */
export function viewportBoundsSql(table: string, grp: number, boxOrNone: Box | undefined): string {
  const b = boxOrNone ?? WORLD;
  const f = (n: number) => `(${String(n)})::float8`;
  const where = `grp = ${grp} AND lat BETWEEN ${f(b.minLat)} AND ${f(b.maxLat)} AND lng BETWEEN ${f(b.minLng)} AND ${f(b.maxLng)}`;
  return `SELECT (SELECT lat FROM ${table} WHERE ${where} ORDER BY grp, lat LIMIT 1) AS "minLat",
            (SELECT lat FROM ${table} WHERE ${where} ORDER BY grp DESC, lat DESC LIMIT 1) AS "maxLat",
            (SELECT lng FROM ${table} WHERE ${where} ORDER BY grp, lng LIMIT 1) AS "minLng",
            (SELECT lng FROM ${table} WHERE ${where} ORDER BY grp DESC, lng DESC LIMIT 1) AS "maxLng"`;
}
