import { describe, expect, it } from 'vitest';
import { searchDoc } from '../../../tests/support/search-doc';
import { mulberry32 } from '../../../src/shared/prng';
import { CELL_LEVEL, cellsOf } from '../geo';
import type { Box } from '../search-criteria';
import { ListingColumns } from './listing-columns';
import { FirstK, firstOf, matchAll, ScanTimeout, Slices, sortKeyOf } from './memory-query';
import { parseSearchRequest } from '../search-request';

/** A pass that never pauses. */
const unsliced = new Slices(Infinity, Infinity);

type Spot = { pdid: string; grp: number; lat: number | null; lng: number | null };

/** What a status-and-viewport map shows, by brute force over the listings as they stand. */
function expected(spots: readonly Spot[], grp: number, box: Box | undefined, level: number) {
  const inBox = (s: Spot) =>
    s.lat !== null && s.lng !== null && (!box || (s.lat >= box.minLat && s.lat <= box.maxLat && s.lng >= box.minLng && s.lng <= box.maxLng));
  const all = spots.filter((s) => s.grp === grp && (box ? inBox(s) : true));
  const placed = all.filter(inBox) as (Spot & { lat: number; lng: number })[];
  const cells = new Map<string, { count: number; lat: number; lng: number }>();
  for (const s of placed) {
    const { cy, cx } = cellsOf({ lat: s.lat, lng: s.lng });
    const k = `${cy >> (CELL_LEVEL - level)}/${cx >> (CELL_LEVEL - level)}`;
    const c = cells.get(k) ?? { count: 0, lat: 0, lng: 0 };
    cells.set(k, { count: c.count + 1, lat: c.lat + s.lat, lng: c.lng + s.lng });
  }
  return {
    pdids: all.map((s) => s.pdid).sort(),
    total: all.length,
    bounds:
      placed.length === 0
        ? null
        : {
            minLat: Math.min(...placed.map((s) => s.lat)),
            maxLat: Math.max(...placed.map((s) => s.lat)),
            minLng: Math.min(...placed.map((s) => s.lng)),
            maxLng: Math.max(...placed.map((s) => s.lng)),
          },
    clusters: [...cells].map(([k, c]) => ({ k, count: c.count, lat: c.lat / c.count, lng: c.lng / c.count })).sort((a, b) => (a.k < b.k ? -1 : 1)),
  };
}

describe('FineCells', () => {
  const random = mulberry32(34);
  const statuses = [
    { StandardStatus: 'Active' as const, PropertyType: 'Residential' },
    { StandardStatus: 'Closed' as const, PropertyType: 'Residential', ClosePrice: 400_000, CloseDate: '2026-10-01' },
    { StandardStatus: 'Active' as const, PropertyType: 'Residential Lease' },
  ];
  /** Around Seattle, a few degrees across: many level-12 cells, some whole inside a box, some crossed by its edges. */
  /** Prices, dates and sizes of many ties, so that the sorts' ties go by pdid. */
  const sortFields = () => ({
    ListPrice: 100_000 + Math.floor(random() * 20) * 10_000,
    ListingContractDate: `2026-0${1 + Math.floor(random() * 9)}-1${Math.floor(random() * 9)}`,
    LivingArea: random() < 0.1 ? null : 800 + Math.floor(random() * 10) * 100,
  });
  const point = () => (random() < 0.05 ? { Latitude: null, Longitude: null } : { Latitude: 47 + random() * 2, Longitude: -123 + random() * 3 });

  it('answers matches, totals, bounds and clusters as the listings are, through new, moved, re-statused and removed listings', async () => {
    const cols = new ListingColumns(64);
    const spots = new Map<string, Spot>();
    const write = (key: string) => {
      const doc = searchDoc(key, { ...statuses[Math.floor(random() * statuses.length)]!, ...point(), ...sortFields() });
      const slot = cols.slotOf(doc.pdid);
      cols.put(doc, slot === undefined ? undefined : cols.docOf(slot));
      const r = doc.record;
      const grp = r.StandardStatus === 'Closed' ? 2 : r.PropertyType === 'Residential Lease' ? 3 : 1;
      spots.set(doc.pdid, { pdid: doc.pdid, grp, lat: r.Latitude, lng: r.Longitude });
    };
    for (let k = 0; k < 1500; k++) write(String(k));
    for (let round = 0; round < 4; round++) {
      // Listings that stay where they are with another price and date (their cells' order changes).
      for (let k = 0; k < 200; k++) {
        const slot = cols.slotOf(`NW-${Math.floor(random() * 1700)}`);
        if (slot === undefined) continue;
        const was = cols.docOf(slot);
        cols.put({ ...was, record: { ...was.record, ...sortFields() } }, was);
      }
      // Changes between rounds: listings move, change status, go and come.
      for (let k = 0; k < 300; k++) write(String(Math.floor(random() * 1700)));
      for (let k = 0; k < 100; k++) {
        const pdid = `NW-${Math.floor(random() * 1700)}`;
        const slot = cols.slotOf(pdid);
        if (slot === undefined) continue;
        cols.remove(pdid, cols.docOf(slot));
        spots.delete(pdid);
      }
      const listed = [...spots.values()].filter((s) => s.lat !== null);
      for (let q = 0; q < 60; q++) {
        const grp = 1 + Math.floor(random() * 3);
        const [a, b] = [listed[Math.floor(random() * listed.length)]!, listed[Math.floor(random() * listed.length)]!];
        // Boxes from a neighbourhood to the whole area, some with edges through listings; some with none.
        const box: Box | undefined =
          q % 10 === 0
            ? undefined
            : q % 3 === 0
              ? { minLat: Math.min(a.lat!, b.lat!), maxLat: Math.max(a.lat!, b.lat!), minLng: Math.min(a.lng!, b.lng!), maxLng: Math.max(a.lng!, b.lng!) }
              : { minLat: a.lat! - random() * 0.5, maxLat: a.lat! + random() * 0.5, minLng: a.lng! - random(), maxLng: a.lng! + random() };
        // Past 12 (FINE), finer than the cells: each listing counted into its cluster (pointSummary).
        const level = Math.floor(random() * 17);
        const want = expected([...spots.values()], grp, box, level);
        const m = await cols.fine.matches(grp, box, cols.f.lat, cols.f.lng, unsliced);
        expect([...m.slots.subarray(0, m.n)].map((s) => cols.pdidOf(s)!).sort()).toEqual(want.pdids);
        // The pins chosen as the cells are read are the first of the matches by the sort, as from the matches themselves.
        const criteria = { ...parseSearchRequest({}, 'map').criteria, box, sort: (['newest', 'price-asc', 'sqft-desc'] as const)[q % 3] };
        const pins = q % 4 === 0 ? new FirstK(cols, sortKeyOf(cols, criteria), 1 + (q % 40), true, cols.fine.runsOf(criteria.sort)) : undefined;
        const got = await cols.fine.summary(grp, box, level, cols.f.lat, cols.f.lng, pins, unsliced);
        if (pins) expect(pins.inOrder()).toEqual(await firstOf(cols, m, sortKeyOf(cols, criteria), 1 + (q % 40), true, unsliced));
        expect({ total: got.total, bounds: got.bounds }).toEqual({ total: want.total, bounds: want.bounds });
        const shift = CELL_LEVEL - level;
        const clusters = got.clusters
          .map((c) => {
            const { cy, cx } = cellsOf({ lat: c.latitude, lng: c.longitude });
            return { k: `${cy >> shift}/${cx >> shift}`, count: c.count, lat: c.latitude, lng: c.longitude };
          })
          .sort((x, y) => (x.k < y.k ? -1 : 1));
        expect(clusters).toEqual(want.clusters.map((c) => ({ ...c, lat: expect.closeTo(c.lat, 9), lng: expect.closeTo(c.lng, 9) })));
      }
    }
  });

  it("picks a map's pins from its cells' runs in sort order as from every match, through repriced, moved and removed listings", async () => {
    const cols = new ListingColumns(64);
    // A few hundred listings a cell: the runs are read, not every listing.
    const near = () => ({ Latitude: 47.6 + random() * 0.3, Longitude: -122.4 + random() * 0.3 });
    for (let k = 0; k < 3000; k++) cols.put(searchDoc(String(k), { ...near(), ...sortFields() }), undefined);
    const box = { minLat: 47.62, maxLat: 47.85, minLng: -122.38, maxLng: -122.15 };
    for (let round = 0; round < 6; round++) {
      for (const sort of ['newest', 'price-asc', 'sqft-desc'] as const) {
        const criteria = { ...parseSearchRequest({}, 'map').criteria, box, sort };
        const m = await cols.fine.matches(1, box, cols.f.lat, cols.f.lng, unsliced);
        const pins = new FirstK(cols, sortKeyOf(cols, criteria), 100, true, cols.fine.runsOf(sort));
        await cols.fine.summary(1, box, 12, cols.f.lat, cols.f.lng, pins, unsliced);
        const all = await firstOf(cols, m, sortKeyOf(cols, criteria), 100, true, unsliced);
        expect(pins.inOrder()).toEqual(all);
        // A map zoomed past the cells' level: its pins from the same runs, its clusters from the matches.
        const zoomed = new FirstK(cols, sortKeyOf(cols, criteria), 100, true, cols.fine.runsOf(sort));
        await cols.fine.offerIn(1, box, zoomed, unsliced);
        expect(zoomed.inOrder()).toEqual(all);
        // A metro view (clusters of level 10): the blocks wholly inside its box offer one run each.
        const wide = { minLat: 47.4, maxLat: 48.1, minLng: -122.7, maxLng: -121.9 };
        const metro = new FirstK(cols, sortKeyOf(cols, { ...criteria, box: wide }), 100, true, cols.fine.runsOf(sort));
        const counted = await cols.fine.summary(1, wide, 10, cols.f.lat, cols.f.lng, metro, unsliced);
        const every = await cols.fine.matches(1, wide, cols.f.lat, cols.f.lng, unsliced);
        expect(counted.total).toBe(every.n);
        expect(metro.inOrder()).toEqual(await firstOf(cols, every, sortKeyOf(cols, criteria), 100, true, unsliced));
      }
      // Between rounds: listings repriced where they stand; every other round some moved, removed and added too.
      for (let k = 0; k < 300; k++) {
        const slot = cols.slotOf(`NW-${Math.floor(random() * 3000)}`);
        if (slot === undefined) continue;
        const was = cols.docOf(slot);
        const moved = round % 2 === 1 && k % 3 === 0 ? near() : {};
        cols.put({ ...was, record: { ...was.record, ...sortFields(), ...moved } }, was);
      }
      if (round % 2 === 0) continue;
      for (let k = 0; k < 50; k++) {
        const slot = cols.slotOf(`NW-${Math.floor(random() * 3000)}`);
        if (slot !== undefined) cols.remove(cols.pdidOf(slot)!, cols.docOf(slot));
      }
      for (let k = 0; k < 50; k++) cols.put(searchDoc(`r${round}-${k}`, { ...near(), ...sortFields() }), undefined);
    }
  });

  it("keeps a block's count and mean position as its listings are corrected within their cells and removed", async () => {
    const cols = new ListingColumns();
    // Forty listings in one level-12 cell, in a block wholly inside the box.
    const at = (k: number, nudge = 0) => ({ Latitude: 47.601 + (k % 7) * 1e-3 + nudge, Longitude: -122.299 + (k % 5) * 1e-3 + nudge });
    const points = new Map<string, { lat: number; lng: number }>();
    const put = (k: number, nudge = 0) => {
      const doc = searchDoc(String(k), at(k, nudge));
      const slot = cols.slotOf(doc.pdid);
      cols.put(doc, slot === undefined ? undefined : cols.docOf(slot));
      points.set(doc.pdid, { lat: doc.record.Latitude!, lng: doc.record.Longitude! });
    };
    for (let k = 0; k < 40; k++) put(k);
    for (let k = 0; k < 40; k += 3) put(k, 2e-4);
    for (let k = 1; k < 40; k += 9) {
      cols.remove(`NW-${k}`, cols.docOf(cols.slotOf(`NW-${k}`)!));
      points.delete(`NW-${k}`);
    }
    const box = { minLat: 46, maxLat: 49, minLng: -124, maxLng: -121 };
    const { total, clusters } = await cols.fine.summary(1, box, 8, cols.f.lat, cols.f.lng);
    const all = [...points.values()];
    expect(total).toBe(all.length);
    expect(clusters).toEqual([
      {
        count: all.length,
        latitude: expect.closeTo(all.reduce((s, p) => s + p.lat, 0) / all.length, 9),
        longitude: expect.closeTo(all.reduce((s, p) => s + p.lng, 0) / all.length, 9),
      },
    ]);
  });

  it('is made again from a snapshot image as it was', async () => {
    const cols = new ListingColumns();
    for (let k = 0; k < 300; k++) cols.put(searchDoc(String(k), point()), undefined);
    const again = ListingColumns.fromImage(cols.image());
    const box = { minLat: 47.5, maxLat: 48.5, minLng: -122.5, maxLng: -121 };
    for (const level of [4, 9, 12])
      expect(await again.fine.summary(1, box, level, again.f.lat, again.f.lng)).toEqual(await cols.fine.summary(1, box, level, cols.f.lat, cols.f.lng));
  });

  it('sums cells only where they hold several listings each, by the cells a box covers or, for a wider box, by the whole group', () => {
    const cols = new ListingColumns();
    // Active: eight listings in each of a few cells near Seattle. Closed: one a cell, across the country.
    for (let k = 0; k < 80; k++) cols.put(searchDoc(`a${k}`, { Latitude: 47.6 + (k % 10) * 0.09, Longitude: -122.3 + (k % 8) * 1e-4 }), undefined);
    for (let k = 0; k < 80; k++)
      cols.put(
        searchDoc(`c${k}`, {
          StandardStatus: 'Closed',
          ClosePrice: 1,
          CloseDate: '2026-10-01',
          Latitude: 30 + (k % 10) * 1.5,
          Longitude: -120 + Math.floor(k / 10) * 6,
        }),
        undefined,
      );
    const country = { minLat: 24.4, maxLat: 49.4, minLng: -125, maxLng: -66.9 };
    const seattle = { minLat: 47.5, maxLat: 48.6, minLng: -122.4, maxLng: -122.2 };
    expect([!!cols.fine.denseCells(1, country), !!cols.fine.denseCells(1, seattle), !!cols.fine.denseCells(1, undefined)]).toEqual([true, true, true]);
    expect([
      !!cols.fine.denseCells(2, country),
      !!cols.fine.denseCells(2, { minLat: 29, maxLat: 33, minLng: -121, maxLng: -119 }),
      !!cols.fine.denseCells(2, undefined),
    ]).toEqual([false, false, false]);
    // Matches are found by testing every listing only when a box walks every cell of the group and those are many.
    expect([cols.fine.scanSooner(2, country, cols.count), cols.fine.scanSooner(2, country, 1000), cols.fine.scanSooner(1, seattle, cols.count)]).toEqual([
      true,
      false,
      false,
    ]);
    // Removals keep the group's count: emptied to one a cell, Active is summed no more.
    for (let k = 10; k < 80; k++) cols.remove(`NW-a${k}`, cols.docOf(cols.slotOf(`NW-a${k}`)!));
    expect(!!cols.fine.denseCells(1, country)).toBe(false);
  });

  it("finds a country-wide viewport's listings by testing each as the cells find them", async () => {
    const cols = new ListingColumns();
    for (let k = 0; k < 200; k++) {
      const status = k % 3 === 0 ? { StandardStatus: 'Closed' as const, ClosePrice: 1, CloseDate: '2026-10-01' } : {};
      cols.put(
        searchDoc(String(k), {
          ...status,
          ...(k % 17 === 0 ? { Latitude: null, Longitude: null } : { Latitude: 25 + random() * 24, Longitude: -124 + random() * 57 }),
        }),
        undefined,
      );
    }
    cols.remove('NW-4', cols.docOf(cols.slotOf('NW-4')!));
    const raw = { minlat: '30', maxlat: '45.5', minlong: '-110', maxlong: '-70' };
    const { criteria } = parseSearchRequest(raw, 'map');
    expect(cols.fine.scanSooner(1, criteria.box, cols.count)).toBe(true);
    const pdids = (m: { slots: Int32Array; n: number }) => [...m.slots.subarray(0, m.n)].map((s) => cols.pdidOf(s)!).sort();
    const scanned = pdids(await matchAll(cols, criteria));
    expect(scanned.length).toBeGreaterThan(20);
    expect(scanned).toEqual(pdids(await cols.fine.matches(1, criteria.box, cols.f.lat, cols.f.lng, unsliced)));
  });

  it("lets the event loop serve others while a map's viewport is read, by the cells or by a scan, and gives up past its budget", async () => {
    const cols = new ListingColumns();
    // Metro: many listings a cell (read from the cells). Country: one or two a cell (scanned).
    for (let k = 0; k < 6000; k++) cols.put(searchDoc(`m${k}`, { Latitude: 47.3 + random() * 0.6, Longitude: -122.5 + random() * 0.6 }), undefined);
    for (let k = 0; k < 6000; k++) cols.put(searchDoc(`c${k}`, { Latitude: 25 + random() * 24, Longitude: -124 + random() * 57 }), undefined);
    const metro = parseSearchRequest({ minlat: '47.35', maxlat: '47.85', minlong: '-122.45', maxlong: '-121.95' }, 'map').criteria;
    const country = parseSearchRequest({ minlat: '24', maxlat: '50', minlong: '-125', maxlong: '-66' }, 'map').criteria;
    const bigCols = new ListingColumns();
    for (let k = 0; k < 6000; k++) bigCols.put(searchDoc(`b${k}`, { Latitude: 25 + random() * 24, Longitude: -124 + random() * 57 }), undefined);
    expect([cols.fine.scanSooner(1, metro.box, cols.count), bigCols.fine.scanSooner(1, country.box, bigCols.count)]).toEqual([false, true]);
    for (const [columns, criteria] of [
      [cols, metro],
      [bigCols, country],
    ] as const) {
      const whole = await matchAll(columns, criteria, unsliced);
      const pins = await firstOf(columns, whole, sortKeyOf(columns, criteria), 200, true, unsliced);
      let served = 0;
      const other = setImmediate(() => served++);
      // A slice of no time: every look at the clock pauses.
      const sliced = await matchAll(columns, criteria, new Slices(Infinity, 0));
      clearImmediate(other);
      expect(served).toBe(1);
      expect([...sliced.slots.subarray(0, sliced.n)].sort()).toEqual([...whole.slots.subarray(0, whole.n)].sort());
      // The pins are chosen from every match in slices too, and are the same.
      served = 0;
      const another = setImmediate(() => served++);
      const slicedPins = await firstOf(columns, whole, sortKeyOf(columns, criteria), 200, true, new Slices(Infinity, 0));
      clearImmediate(another);
      expect(served).toBe(1);
      expect(slicedPins).toEqual(pins);
      await expect(matchAll(columns, criteria, new Slices(-1, 0))).rejects.toBeInstanceOf(ScanTimeout);
    }
  });
});
