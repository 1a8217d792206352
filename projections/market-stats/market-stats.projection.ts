import type { ListingDetailsChanged, ListingListed, ListingRemoved, ListingStatusChanged } from '../../src/modules/listings/listings.events';
import { slugOf } from '../../src/contract/public-pages';
import { eventsOf, handledTypes, type Projection } from '../runner';

type Handled = ListingListed | ListingStatusChanged | ListingDetailsChanged | ListingRemoved;

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
    for (const e of eventsOf<Handled>(events)) {
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
  },
};

const zipOf = (postal: string | null): string | null => /^\d{5}/.exec(postal ?? '')?.[0] ?? null;
const dateOf = (value: string | null | undefined): string | null => (value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null);
