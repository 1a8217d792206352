import type { MarketReportSubscribed, MarketReportUnsubscribed } from '../../src/modules/market-reports/market-reports.events';
import { eventsOf, handledTypes, type Projection } from '../runner';

/** The leads who follow an area's market report every month (asked for it, not stopped since): what the monthly seller mail sweep queues. */
export const marketSubscribersProjection: Projection = {
  name: 'market_subscribers',
  version: 1,
  eventTypes: handledTypes<MarketReportSubscribed | MarketReportUnsubscribed>()(['MarketReportSubscribed', 'MarketReportUnsubscribed']),
  tables: ['market_report_subscribers'],
  async createTables(tx, t) {
    await tx.query(`CREATE TABLE ${t('market_report_subscribers')} (
      lead_id uuid NOT NULL, site_id uuid NOT NULL, kind text NOT NULL, slug text NOT NULL, label text NOT NULL, since timestamptz NOT NULL,
      PRIMARY KEY (lead_id, slug))`);
  },
  async apply(events, { tx, table }) {
    for (const e of eventsOf<MarketReportSubscribed | MarketReportUnsubscribed>(events)) {
      if (e.type === 'MarketReportUnsubscribed') {
        await tx.query(`DELETE FROM ${table('market_report_subscribers')} WHERE lead_id = $1 AND slug = $2`, [e.data.leadId, e.data.slug]);
        continue;
      }
      await tx.query(
        `INSERT INTO ${table('market_report_subscribers')} (lead_id, site_id, kind, slug, label, since) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
        [e.data.leadId, e.data.siteId, e.data.kind, e.data.slug, e.data.label, e.metadata.at],
      );
    }
  },
};
