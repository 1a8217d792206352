import type { HomeDigestChanged } from '../../src/modules/valuation/valuation.events';
import { eventsOf, handledTypes, type Projection } from '../runner';

/** The leads whose monthly homeowner digest is on: what the digest scheduler queues each month. */
export const homeDigestProjection: Projection = {
  name: 'home_digest',
  version: 1,
  eventTypes: handledTypes<HomeDigestChanged>()(['HomeDigestChanged']),
  tables: ['home_digest_subscribers'],
  async createTables(tx, t) {
    await tx.query(`CREATE TABLE ${t('home_digest_subscribers')} (lead_id uuid PRIMARY KEY, site_id uuid NOT NULL, since timestamptz NOT NULL)`);
  },
  async apply(events, { tx, table }) {
    const subscribers = table('home_digest_subscribers');
    for (const e of eventsOf<HomeDigestChanged>(events)) {
      if (e.data.on) {
        await tx.query(`INSERT INTO ${subscribers} (lead_id, site_id, since) VALUES ($1, $2, $3) ON CONFLICT (lead_id) DO NOTHING`, [
          e.data.leadId,
          e.data.siteId,
          e.metadata.at,
        ]);
      } else {
        await tx.query(`DELETE FROM ${subscribers} WHERE lead_id = $1`, [e.data.leadId]);
      }
    }
  },
};
