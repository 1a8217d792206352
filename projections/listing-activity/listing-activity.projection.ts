import type { InquirySubmitted, ListingViewed } from '../../src/modules/leads/leads.events';
import type { ListingFavorited, ListingShared, ShowingRequested } from '../../src/modules/organizer/organizer.events';
import { eventsOf, handledTypes, type Projection } from '../runner';

type Handled = ListingViewed | ListingFavorited | ListingShared | ShowingRequested | InquirySubmitted;

/**
 * A listing's traffic by ISO week (weeks start on Monday, UTC), counted under the RESO Data
 * Dictionary's InternetTracking EventType names where one fits: DetailedView, Favorited, Share,
 * SubmissionOfLeadForm; showing requests have no RESO name. Unique visitors are the distinct
 * signed-in visitors who viewed it that week (anonymous views are not events).
 */
export const listingActivityProjection: Projection = {
  name: 'listing_activity',
  version: 1,
  eventTypes: handledTypes<Handled>()(['ListingViewed', 'ListingFavorited', 'ListingShared', 'ShowingRequested', 'InquirySubmitted']),
  tables: ['listing_activity_weeks', 'listing_activity_visitors'],
  async createTables(tx, t) {
    await tx.query(`CREATE TABLE ${t('listing_activity_weeks')} (
      pdid text NOT NULL,
      week date NOT NULL,
      detailed_views int NOT NULL DEFAULT 0,
      unique_visitors int NOT NULL DEFAULT 0,
      favorited int NOT NULL DEFAULT 0,
      shares int NOT NULL DEFAULT 0,
      showing_requests int NOT NULL DEFAULT 0,
      lead_forms int NOT NULL DEFAULT 0,
      PRIMARY KEY (pdid, week)
    )`);
    await tx.query(`CREATE TABLE ${t('listing_activity_visitors')} (
      pdid text NOT NULL,
      week date NOT NULL,
      user_id uuid NOT NULL,
      PRIMARY KEY (pdid, week, user_id)
    )`);
  },
  async apply(events, { tx, table }) {
    const weeks = table('listing_activity_weeks');
    const visitors = table('listing_activity_visitors');
    const count = (pdid: string, at: string, column: string, n = 1) =>
      tx.query(
        `INSERT INTO ${weeks} (pdid, week, ${column}) VALUES ($1, date_trunc('week', $2::timestamptz AT TIME ZONE 'UTC')::date, $3)
         ON CONFLICT (pdid, week) DO UPDATE SET ${column} = ${weeks}.${column} + $3`,
        [pdid, at, n],
      );
    for (const e of eventsOf<Handled>(events)) {
      const at = e.metadata.at;
      switch (e.type) {
        case 'ListingViewed': {
          await count(e.data.pdid, at, 'detailed_views');
          const fresh = await tx.query(
            `INSERT INTO ${visitors} (pdid, week, user_id) VALUES ($1, date_trunc('week', $2::timestamptz AT TIME ZONE 'UTC')::date, $3) ON CONFLICT DO NOTHING`,
            [e.data.pdid, at, e.data.userId],
          );
          if (fresh.rowCount === 1) await count(e.data.pdid, at, 'unique_visitors');
          break;
        }
        case 'ListingFavorited':
          await count(e.data.pdid, at, 'favorited');
          break;
        case 'ListingShared':
          await count(e.data.pdid, at, 'shares');
          break;
        case 'ShowingRequested':
          await count(e.data.pdid, at, 'showing_requests');
          break;
        case 'InquirySubmitted':
          if (e.data.listingPdid) await count(e.data.listingPdid, at, 'lead_forms');
          break;
      }
    }
  },
};
