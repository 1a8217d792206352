import type pg from 'pg';

export type MarketSubscription = { readonly kind: 'city' | 'zip'; readonly slug: string; readonly label: string };

/** The leads with at least one market report subscription. */
export async function marketSubscriberLeads(db: pg.Pool | pg.PoolClient): Promise<string[]> {
  const { rows } = await db.query<{ lead_id: string }>('SELECT DISTINCT lead_id FROM market_report_subscribers ORDER BY lead_id');
  return rows.map((r) => r.lead_id);
}

/** A lead's areas, in the order subscribed. */
export async function marketSubscriptionsOf(db: pg.Pool | pg.PoolClient, leadId: string): Promise<MarketSubscription[]> {
  const { rows } = await db.query<MarketSubscription>('SELECT kind, slug, label FROM market_report_subscribers WHERE lead_id = $1 ORDER BY since, slug', [
    leadId,
  ]);
  return rows;
}
