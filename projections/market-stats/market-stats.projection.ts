import type { ListingDetailsChanged, ListingListed, ListingRemoved, ListingStatusChanged } from '../../src/modules/listings/listings.events';
import { slugOf } from '../../src/contract/public-pages';
import type pg from 'pg';
import type { StoredEvent } from '../../src/shared/event';
import { eventsOf, handledTypes, type Projection } from '../runner';
import { dropIndexes, foldLogInPasses } from '../runner/bulk-replay';
import { copyRows } from '../runner/copy-in';

type Handled = ListingListed | ListingStatusChanged | ListingDetailsChanged | ListingRemoved;
/** What the fold reads of an event: a stored one, or one a bulk replay read (LoggedEvent). */
type Folded = Handled & { readonly metadata: { readonly at: string } };

/** Events folded in memory at once in a bulk replay (a row is about 300 bytes): a longer log is read once per share of the listings. */
const EVENTS_PER_PASS = 1_000_000;
const COLUMNS = ['pdid', 'city', 'city_slug', 'zip', 'listed_on', 'off_on', 'status', 'living_area', 'close_price', 'close_on'] as const;

/**
 * One row per listing with what market reports need: its area, when it went on and off the
 * market, and its sale. Monthly figures are computed from these rows when a report is read
 * (percentile_cont over the month's sales), so a rebuild gives the same numbers and a late
 * correction of a sale lands in its month without a running aggregate to repair.
 */
export const marketStatsProjection: Projection = {
  name: 'market_stats',
  version: 1,
  eventTypes: handledTypes<Handled>()(['ListingListed', 'ListingStatusChanged', 'ListingDetailsChanged', 'ListingRemoved']),
  tables: ['market_listings'],
  async createTables(tx, t) {
    await tx.query(`CREATE TABLE ${t('market_listings')} (
      pdid text PRIMARY KEY,
      city text,
      city_slug text,
      zip text,
      listed_on date NOT NULL,
      off_on date,
      status text NOT NULL,
      living_area numeric,
      close_price numeric,
      close_on date
    )`);
    await tx.query(`CREATE INDEX ON ${t('market_listings')} (city_slug)`);
    await tx.query(`CREATE INDEX ON ${t('market_listings')} (zip)`);
  },
  async apply(events, { tx, table }) {
    const rows = table('market_listings');
    const { folded, oneByOne } = foldBatch(eventsOf<Handled>(events));
    for (const e of oneByOne) await applyOne(tx, rows, e);
    const kept = [...folded].filter((entry): entry is [string, Row] => entry[1] !== null);
    const gone = [...folded].filter(([, row]) => row === null).map(([pdid]) => pdid);
    if (kept.length > 0) {
      const column = (c: keyof Row) => kept.map(([, row]) => row[c]);
      await tx.query(
        `INSERT INTO ${rows} (pdid, city, city_slug, zip, listed_on, off_on, status, living_area, close_price, close_on)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::date[], $6::date[], $7::text[], $8::numeric[], $9::numeric[], $10::date[])
         ON CONFLICT (pdid) DO UPDATE SET city = excluded.city, city_slug = excluded.city_slug, zip = excluded.zip, listed_on = excluded.listed_on,
           off_on = excluded.off_on, status = excluded.status, living_area = excluded.living_area, close_price = excluded.close_price, close_on = excluded.close_on`,
        [
          kept.map(([pdid]) => pdid),
          column('city'),
          column('city_slug'),
          column('zip'),
          column('listed_on'),
          column('off_on'),
          column('status'),
          column('living_area'),
          column('close_price'),
          column('close_on'),
        ],
      );
    }
    if (gone.length > 0) await tx.query(`DELETE FROM ${rows} WHERE pdid = ANY($1::text[])`, [gone]);
  },
  /**
   * A first start over a long log (an import): every listing folded in memory by the fold
   * `apply` uses (nextRow), the rows COPYed into the table without its indexes, which are built
   * once at the end. Row by row, each batch paid an INSERT … ON CONFLICT over three indexes.
   */
  async replay(ctx) {
    const table = ctx.table('market_listings');
    const rebuildIndexes = await dropIndexes(ctx.tx, table);
    let held = new Map<string, Row | null>();
    const covered = await foldLogInPasses(
      ctx,
      this.eventTypes,
      EVENTS_PER_PASS,
      (logged) => {
        const e = logged as unknown as Folded;
        held.set(e.data.pdid, nextRow(held.get(e.data.pdid) ?? null, e));
      },
      async () => {
        const rows = [...held].flatMap(([pdid, row]) => (row ? [[pdid, ...COLUMNS.slice(1).map((c) => row[c as keyof Row])]] : []));
        held = new Map();
        await copyRows(ctx.tx, table, COLUMNS, rows);
      },
      // Of a listed listing's record only what nextRow reads: the record is most of what an import's log holds.
      { ListingListed: { pdid: true, listing: ['City', 'PostalCode', 'ListingContractDate', 'StandardStatus', 'CloseDate', 'LivingArea', 'ClosePrice'] } },
    );
    await rebuildIndexes();
    await ctx.tx.query(`ANALYZE ${table}`);
    return covered;
  },
};

/** A row of market_listings as the events make it (dates as YYYY-MM-DD). */
type Row = {
  city: string | null;
  city_slug: string | null;
  zip: string | null;
  listed_on: string;
  off_on: string | null;
  status: string;
  living_area: number | null;
  close_price: number | null;
  close_on: string | null;
};

/**
 * A batch split in two. A listing whose first event in the batch is its ListingListed is known
 * whole from the batch (a first start over an imported log is nearly all such): its events are
 * folded here into the row they leave (null: removed), written in one statement for the batch.
 * The others change a row the batch has not seen: their events go one by one, as SQL.
 */
function foldBatch(events: readonly StoredEvent<Handled>[]): { folded: Map<string, Row | null>; oneByOne: StoredEvent<Handled>[] } {
  const folded = new Map<string, Row | null>();
  const unknown = new Set<string>();
  const oneByOne: StoredEvent<Handled>[] = [];
  for (const e of events) {
    const pdid = e.data.pdid;
    if (!folded.has(pdid) && (unknown.has(pdid) || e.type !== 'ListingListed')) {
      unknown.add(pdid);
      oneByOne.push(e);
      continue;
    }
    folded.set(pdid, nextRow(folded.get(pdid) ?? null, e));
  }
  return { folded, oneByOne };
}

/** What one event makes of a listing's row: the same as its statement in applyOne. */
function nextRow(row: Row | null, e: Folded): Row | null {
  const day = e.metadata.at.slice(0, 10);
  switch (e.type) {
    case 'ListingListed': {
      const r = e.data.listing;
      const sold = r.StandardStatus === 'Closed';
      return {
        city: r.City,
        city_slug: r.City ? slugOf(r.City) : null,
        zip: zipOf(r.PostalCode),
        listed_on: dateOf(r.ListingContractDate) ?? day,
        off_on: r.StandardStatus === 'Active' ? null : ((sold ? dateOf(r.CloseDate) : null) ?? day),
        status: r.StandardStatus,
        living_area: r.LivingArea,
        close_price: sold ? r.ClosePrice : null,
        close_on: sold ? dateOf(r.CloseDate) : null,
      };
    }
    case 'ListingStatusChanged': {
      if (!row) return row;
      const d = e.data;
      const sold = d.StandardStatus === 'Closed';
      return {
        ...row,
        status: d.StandardStatus,
        off_on: d.StandardStatus === 'Active' ? null : (row.off_on ?? (sold ? dateOf(d.CloseDate) : null) ?? day),
        close_price: sold ? d.ClosePrice : null,
        close_on: sold ? dateOf(d.CloseDate) : null,
      };
    }
    case 'ListingDetailsChanged': {
      if (!row) return row;
      const c = e.data.changes;
      const next = { ...row };
      if (c.City !== undefined) {
        next.city = c.City;
        next.city_slug = c.City ? slugOf(c.City) : null;
      }
      if (c.PostalCode !== undefined) next.zip = zipOf(c.PostalCode);
      if (c.LivingArea !== undefined) next.living_area = c.LivingArea;
      const listedOn = c.ListingContractDate !== undefined ? dateOf(c.ListingContractDate) : null;
      if (listedOn) next.listed_on = listedOn;
      if (c.ClosePrice !== undefined) next.close_price = row.status === 'Closed' ? c.ClosePrice : null;
      if (c.CloseDate !== undefined) next.close_on = row.status === 'Closed' ? dateOf(c.CloseDate) : null;
      return next;
    }
    case 'ListingRemoved':
      return null;
  }
}

/** One event as one statement, on a row the batch has not seen. */
async function applyOne(tx: pg.PoolClient, rows: string, e: StoredEvent<Handled>): Promise<void> {
  const day = e.metadata.at.slice(0, 10);
  switch (e.type) {
    case 'ListingListed': {
      const r = e.data.listing;
      const sold = r.StandardStatus === 'Closed';
      await tx.query(
        `INSERT INTO ${rows} (pdid, city, city_slug, zip, listed_on, off_on, status, living_area, close_price, close_on)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         ON CONFLICT (pdid) DO UPDATE SET city = $2, city_slug = $3, zip = $4, listed_on = $5, off_on = $6, status = $7,
           living_area = $8, close_price = $9, close_on = $10`,
        [
          e.data.pdid,
          r.City,
          r.City ? slugOf(r.City) : null,
          zipOf(r.PostalCode),
          dateOf(r.ListingContractDate) ?? day,
          r.StandardStatus === 'Active' ? null : ((sold ? dateOf(r.CloseDate) : null) ?? day),
          r.StandardStatus,
          r.LivingArea,
          sold ? r.ClosePrice : null,
          sold ? dateOf(r.CloseDate) : null,
        ],
      );
      break;
    }
    case 'ListingStatusChanged': {
      const d = e.data;
      const sold = d.StandardStatus === 'Closed';
      // Off the market the first day it left Active; back on the market, on again.
      await tx.query(
        `UPDATE ${rows} SET status = $2,
           off_on = CASE WHEN $2 = 'Active' THEN NULL ELSE COALESCE(off_on, $3::date) END,
           close_price = $4, close_on = $5
         WHERE pdid = $1`,
        [d.pdid, d.StandardStatus, (sold ? dateOf(d.CloseDate) : null) ?? day, sold ? d.ClosePrice : null, sold ? dateOf(d.CloseDate) : null],
      );
      break;
    }
    case 'ListingDetailsChanged': {
      const c = e.data.changes;
      const sets: string[] = [];
      const values: unknown[] = [e.data.pdid];
      const set = (column: string, value: unknown) => {
        values.push(value);
        sets.push(`${column} = $${values.length}`);
      };
      if (c.City !== undefined) {
        set('city', c.City);
        set('city_slug', c.City ? slugOf(c.City) : null);
      }
      if (c.PostalCode !== undefined) set('zip', zipOf(c.PostalCode));
      if (c.LivingArea !== undefined) set('living_area', c.LivingArea);
      if (c.ListingContractDate !== undefined && dateOf(c.ListingContractDate)) set('listed_on', dateOf(c.ListingContractDate));
      // A corrected sale counts only while the listing is sold.
      if (c.ClosePrice !== undefined) sets.push(`close_price = CASE WHEN status = 'Closed' THEN $${values.push(c.ClosePrice)}::numeric END`);
      if (c.CloseDate !== undefined) sets.push(`close_on = CASE WHEN status = 'Closed' THEN $${values.push(dateOf(c.CloseDate))}::date END`);
      if (sets.length > 0) await tx.query(`UPDATE ${rows} SET ${sets.join(', ')} WHERE pdid = $1`, values);
      break;
    }
    case 'ListingRemoved':
      // Deleted by the feed: the MLS withdrew the record, so it counts in no report.
      await tx.query(`DELETE FROM ${rows} WHERE pdid = $1`, [e.data.pdid]);
      break;
  }
}

const zipOf = (postal: string | null): string | null => /^\d{5}/.exec(postal ?? '')?.[0] ?? null;
const dateOf = (value: string | null | undefined): string | null => (value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null);
