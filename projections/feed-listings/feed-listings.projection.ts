import { type ListingEvent } from '../../src/modules/listings/listings.events';
import { eventsOf, handledTypes, type Projection } from '../runner/projection';
import { dropIndexes, foldLogInPasses } from '../runner/bulk-replay';
import { copyRows } from '../runner/copy-in';

type Handled = Extract<ListingEvent, { type: 'ListingListed' | 'ListingRemoved' }>;

/** Events folded in memory at once in a bulk replay: a longer log is read once per share of the listings. */
const EVENTS_PER_PASS = 2_000_000;
const split = (pdid: string) => [pdid.slice(0, pdid.indexOf('-')), pdid.slice(pdid.indexOf('-') + 1)] as const;

/**
 * Which listings each MLS feed has with us (listed, not removed): what a feed's key
 * reconciliation compares with the keys its server still holds. The pdid is `MLS-ListingKey`
 * and an MLS name has no dash, so both come from it.
 */
export const feedListingsProjection: Projection = {
  name: 'feed_listings',
  version: 1,
  eventTypes: handledTypes<Handled>()(['ListingListed', 'ListingRemoved']),
  tables: ['feed_listings'],
  async createTables(tx, t) {
    await tx.query(`CREATE TABLE ${t('feed_listings')} (mls text COLLATE "C" NOT NULL, listing_key text COLLATE "C" NOT NULL, PRIMARY KEY (mls, listing_key))`);
  },
  async apply(events, { tx, table }) {
    // The last event of each listing in the batch decides whether it is held.
    const held = new Map<string, boolean>();
    for (const e of eventsOf<Handled>(events)) {
      held.set(e.data.pdid, e.type === 'ListingListed');
    }
    const add = [...held].filter(([, h]) => h).map(([p]) => split(p));
    const drop = [...held].filter(([, h]) => !h).map(([p]) => split(p));
    if (add.length) {
      await tx.query(`INSERT INTO ${table('feed_listings')} (mls, listing_key) SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT DO NOTHING`, [
        add.map((a) => a[0]),
        add.map((a) => a[1]),
      ]);
    }
    if (drop.length) {
      await tx.query(`DELETE FROM ${table('feed_listings')} f USING unnest($1::text[], $2::text[]) AS d(mls, k) WHERE f.mls = d.mls AND f.listing_key = d.k`, [
        drop.map((a) => a[0]),
        drop.map((a) => a[1]),
      ]);
    }
  } /**
   * A first start over a long log (an import): which listings are held, folded in memory (the
   * last event of each decides, as in `apply`), COPYed into the table without its primary key,
   * which is built once at the end.
   */,
  async replay(ctx) {
    const table = ctx.table('feed_listings');
    const rebuildKey = await dropIndexes(ctx.tx, table);
    let held = new Map<string, boolean>();
    const covered = await foldLogInPasses(
      ctx,
      this.eventTypes,
      EVENTS_PER_PASS,
      (e) => held.set((e.data as Handled['data']).pdid, e.type === 'ListingListed'),
      async () => {
        const rows = [...held].filter(([, h]) => h).map(([pdid]) => split(pdid));
        held = new Map();
        await copyRows(ctx.tx, table, ['mls', 'listing_key'], rows);
      },
      // The listing's id, not its record: most of what an import's log holds.
      Object.fromEntries(this.eventTypes.map((t) => [t, { pdid: true }])),
    );
    await rebuildKey();
    await ctx.tx.query(`ANALYZE ${table}`);
    return covered;
  },
};
