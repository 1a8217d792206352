import type { OrganizerEvent } from '../../src/modules/organizer/organizer.events';
import type { PersonErased } from '../../src/modules/privacy/privacy.events';
import { assertNever } from '../../src/contract/assert-never';
import { eventsOf, type Projection } from '../runner';

const HANDLED = ['SavedSearchSaved', 'SavedSearchFrequencyChanged', 'SavedSearchDeleted', 'ListingFavorited', 'ListingUnfavorited', 'PersonErased'] as const;
type Handled = Extract<OrganizerEvent | PersonErased, { type: (typeof HANDLED)[number] }>;

/**
 * The alerts process manager's state, kept in global order with its checkpoint: saved searches
 * (the dispatcher indexes them in memory, see saved-search-candidates.ts) and favourites, each
 * with the position it took effect, so a change is only matched against what existed before it.
 * The listing changes themselves are queued by the dispatcher's own queue (`alert-changes.queue.ts`
 * in its folder); the dispatcher matches a change once this read model and the search index have
 * both passed it.
 */
export const alertsProjection: Projection = {
  name: 'alerts',
  // 4: an erased person's searches and favourites go (issue 18).
  version: 4,
  eventTypes: HANDLED,
  tables: ['alert_searches', 'alert_favorites'],
  async createTables(tx, t) {
    // seq: the next value of one sequence on every insert, frequency change and deletion (a
    // deletion keeps its row as a tombstone), so the dispatcher's in-memory index can follow
    // the table by "everything after the last value seen".
    await tx.query(`CREATE TABLE ${t('alert_searches')} (
      search_id uuid PRIMARY KEY,
      lead_id uuid NOT NULL,
      user_id uuid NOT NULL,
      site_id uuid NOT NULL,
      frequency text NOT NULL,
      criteria jsonb NOT NULL,
      tx_id bigint NOT NULL,
      global_position bigint NOT NULL,
      deleted boolean NOT NULL DEFAULT false,
      seq bigint NOT NULL DEFAULT nextval('alert_searches_seq')
    )`);
    await tx.query(`CREATE INDEX ON ${t('alert_searches')} (seq)`);
    await tx.query(`CREATE TABLE ${t('alert_favorites')} (
      lead_id uuid NOT NULL,
      pdid text NOT NULL,
      user_id uuid NOT NULL,
      site_id uuid NOT NULL,
      tx_id bigint NOT NULL,
      global_position bigint NOT NULL,
      PRIMARY KEY (pdid, lead_id)
    )`);
  },
  async apply(events, ctx) {
    const searches = ctx.table('alert_searches');
    const favorites = ctx.table('alert_favorites');
    for (const e of eventsOf<Handled>(events)) {
      const pos = [e.transactionId.toString(), e.globalPosition.toString()];
      switch (e.type) {
        case 'SavedSearchSaved': {
          const d = e.data;
          await ctx.tx.query(
            `INSERT INTO ${searches} (search_id, lead_id, user_id, site_id, frequency, criteria, tx_id, global_position)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (search_id) DO NOTHING`,
            [d.searchId, d.leadId, d.userId, d.siteId, d.frequency, JSON.stringify(d.criteria), ...pos],
          );
          break;
        }
        case 'SavedSearchFrequencyChanged':
          await ctx.tx.query(`UPDATE ${searches} SET frequency = $2, seq = nextval('alert_searches_seq') WHERE search_id = $1`, [
            e.data.searchId,
            e.data.frequency,
          ]);
          break;
        case 'SavedSearchDeleted':
          await ctx.tx.query(`UPDATE ${searches} SET deleted = true, seq = nextval('alert_searches_seq') WHERE search_id = $1`, [e.data.searchId]);
          break;
        case 'ListingFavorited':
          await ctx.tx.query(
            `INSERT INTO ${favorites} (lead_id, pdid, user_id, site_id, tx_id, global_position) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
            [e.data.leadId, e.data.pdid, e.data.userId, e.data.siteId, ...pos],
          );
          break;
        case 'ListingUnfavorited':
          await ctx.tx.query(`DELETE FROM ${favorites} WHERE lead_id = $1 AND pdid = $2`, [e.data.leadId, e.data.pdid]);
          break;
        case 'PersonErased':
          // Issue 18: no more alerts to a forgotten person, and nothing of what they searched for
          // kept. Searches become tombstones with empty criteria (the dispatcher's in-memory index
          // follows deletions by seq); a rebuild ends the same.
          await ctx.tx.query(
            `UPDATE ${searches} SET deleted = true, criteria = '{}'::jsonb, seq = nextval('alert_searches_seq')
             WHERE lead_id = ANY($1::uuid[]) OR user_id = $2`,
            [e.data.leadIds, e.data.userId],
          );
          await ctx.tx.query(`DELETE FROM ${favorites} WHERE lead_id = ANY($1::uuid[]) OR user_id = $2`, [e.data.leadIds, e.data.userId]);
          break;
        default:
          assertNever(e);
      }
    }
  },
};
