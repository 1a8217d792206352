import type pg from 'pg';
import { CELL_LEVEL } from '../geo';
import { deriveSearchFields, type SearchDoc } from '../search-document';

export type CellContribution = {
  readonly t: 'cell';
  readonly grp: number;
  readonly lvl: number;
  readonly cy: number;
  readonly cx: number;
  readonly lat: number;
  readonly lng: number;
};
/** `key` is the name or the rest of it from one of its words on; `name` is the whole name. */
export type TermContribution = {
  readonly t: 'term';
  readonly kind: 'city' | 'county' | 'zip';
  readonly key: string;
  readonly name: string;
  readonly label: string;
};
export type Contribution = CellContribution | TermContribution;

/** The cell levels counted per status group (see PostgresSearchIndex.map for how they are read). */
export const AGGREGATE_LEVELS = [8, 12] as const;

/** What one searchable listing adds to the cell counts and the autocomplete names. */
export function contributionsOf(doc: SearchDoc | undefined): Contribution[] {
  if (!doc) return [];
  const d = deriveSearchFields(doc);
  if (d.grp === 0) return [];
  const r = doc.record;
  const { cy, cx } = d;
  // A listing without a point is in no map cell (its count is added from the listings themselves).
  const out: Contribution[] =
    cy === null || cx === null || r.Latitude === null || r.Longitude === null
      ? []
      : AGGREGATE_LEVELS.map((lvl) => ({
          t: 'cell',
          grp: d.grp,
          lvl,
          cy: cy >> (CELL_LEVEL - lvl),
          cx: cx >> (CELL_LEVEL - lvl),
          lat: r.Latitude!,
          lng: r.Longitude!,
        }));
  if (d.cityKey && r.City) out.push(...terms('city', d.cityKey, r.City));
  if (d.countyKey && r.CountyOrParish) out.push(...terms('county', d.countyKey, r.CountyOrParish));
  if (d.zip5) out.push(...terms('zip', d.zip5, d.zip5));
  return out;
}

/** One row per word a name can be found by: "lake forest park", "forest park" and "park". */
function terms(kind: TermContribution['kind'], name: string, label: string): TermContribution[] {
  const out: TermContribution[] = [{ t: 'term', kind, key: name, name, label }];
  for (let i = name.indexOf(' '); i >= 0; i = name.indexOf(' ', i + 1)) out.push({ t: 'term', kind, key: name.slice(i + 1), name, label });
  return out;
}

/** Adds `plus` and takes away `minus` in two statements per table; rows that reach zero go. */
export async function applyAggregateDeltas(
  tx: pg.PoolClient,
  cellsTable: string,
  termsTable: string,
  minus: readonly Contribution[],
  plus: readonly Contribution[],
): Promise<void> {
  const deltas = new AggregateDeltas();
  for (const c of minus) deltas.add(c, -1);
  for (const c of plus) deltas.add(c, 1);
  await deltas.write(tx, cellsTable, termsTable);
}

/** Changes to the cell counts and autocomplete names, summed per row, then written in two statements per table. */
export class AggregateDeltas {
  private readonly cells = new Map<string, { grp: number; lvl: number; cy: number; cx: number; n: number; lat: number; lng: number }>();
  private readonly termRows = new Map<string, { kind: string; key: string; name: string; label: string; n: number }>();

  add(c: Contribution, sign: 1 | -1): void {
    if (c.t === 'cell') {
      const k = `${c.grp}/${c.lvl}/${c.cy}/${c.cx}`;
      let v = this.cells.get(k);
      if (!v) this.cells.set(k, (v = { grp: c.grp, lvl: c.lvl, cy: c.cy, cx: c.cx, n: 0, lat: 0, lng: 0 }));
      v.n += sign;
      v.lat += sign * c.lat;
      v.lng += sign * c.lng;
    } else {
      const k = `${c.kind}/${c.key}/${c.name}`;
      let v = this.termRows.get(k);
      if (!v) this.termRows.set(k, (v = { kind: c.kind, key: c.key, name: c.name, label: c.label, n: 0 }));
      v.n += sign;
      if (sign > 0) v.label = c.label;
    }
  }

  async write(tx: pg.PoolClient, cellsTable: string, termsTable: string): Promise<void> {
    const changedCells = [...this.cells.values()].filter((c) => c.n !== 0 || c.lat !== 0 || c.lng !== 0);
    const changedTerms = [...this.termRows.values()].filter((t) => t.n !== 0);
    if (changedCells.length > 0) {
      await tx.query(
        `INSERT INTO ${cellsTable} AS c (grp, lvl, cy, cx, n, sum_lat, sum_lng)
         SELECT * FROM unnest($1::smallint[], $2::smallint[], $3::int[], $4::int[], $5::int[], $6::float8[], $7::float8[])
         ON CONFLICT (grp, lvl, cy, cx) DO UPDATE SET n = c.n + excluded.n, sum_lat = c.sum_lat + excluded.sum_lat, sum_lng = c.sum_lng + excluded.sum_lng`,
        [
          changedCells.map((c) => c.grp),
          changedCells.map((c) => c.lvl),
          changedCells.map((c) => c.cy),
          changedCells.map((c) => c.cx),
          changedCells.map((c) => c.n),
          changedCells.map((c) => c.lat),
          changedCells.map((c) => c.lng),
        ],
      );
      await tx.query(
        `DELETE FROM ${cellsTable} WHERE n <= 0 AND (grp, lvl, cy, cx) IN (SELECT * FROM unnest($1::smallint[], $2::smallint[], $3::int[], $4::int[]))`,
        [changedCells.map((c) => c.grp), changedCells.map((c) => c.lvl), changedCells.map((c) => c.cy), changedCells.map((c) => c.cx)],
      );
    }
    if (changedTerms.length > 0) {
      // The label a name was first seen with stays: "SEATTLE" after "Seattle" does not rename it.
      await tx.query(
        `INSERT INTO ${termsTable} AS t (kind, key, name, label, n)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[])
         ON CONFLICT (kind, key, name) DO UPDATE SET n = t.n + excluded.n`,
        [
          changedTerms.map((t) => t.kind),
          changedTerms.map((t) => t.key),
          changedTerms.map((t) => t.name),
          changedTerms.map((t) => t.label),
          changedTerms.map((t) => t.n),
        ],
      );
      await tx.query(`DELETE FROM ${termsTable} WHERE n <= 0 AND (kind, key, name) IN (SELECT * FROM unnest($1::text[], $2::text[], $3::text[]))`, [
        changedTerms.map((t) => t.kind),
        changedTerms.map((t) => t.key),
        changedTerms.map((t) => t.name),
      ]);
    }
  }
}
