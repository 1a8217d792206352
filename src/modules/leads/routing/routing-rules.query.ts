import type pg from 'pg';
import type { RosterAgent, RoutingRules } from './routing-rules';

/**
 * Reads a site's routing rules from the lead_routing read model: the site's owner, the owner's
 * office roster in joining order, and the listing agent of the lead's listing in that office.
 */
export async function loadRoutingRules(db: pg.Pool, siteId: string, listingPdid: string | null): Promise<RoutingRules | undefined> {
  const { rows: sites } = await db.query<{ kind: RoutingRules['kind']; owner_user_id: string; owner_broker_id: string | null }>(
    `SELECT s.kind, s.owner_user_id, u.broker_id AS owner_broker_id
     FROM routing_sites s LEFT JOIN routing_users u ON u.user_id = s.owner_user_id WHERE s.site_id = $1`,
    [siteId],
  );
  const site = sites[0];
  if (!site) return undefined;
  const base = { siteId, kind: site.kind, ownerId: site.owner_user_id, ownerBrokerId: site.owner_broker_id };
  if (site.kind === 'agent') return { ...base, roster: [], listingAgentId: null };
  const { rows: roster } = await db.query<{ user_id: string; active: boolean }>(
    `SELECT user_id, active FROM routing_users WHERE broker_id = $1 AND level = 10 ORDER BY joined, user_id`,
    [site.owner_user_id],
  );
  let listingAgentId: string | null = null;
  if (listingPdid) {
    const { rows } = await db.query<{ agent_id: string }>(`SELECT agent_id FROM routing_listing_agents WHERE broker_id = $1 AND pdid = $2`, [site.owner_user_id, listingPdid]);
    listingAgentId = rows[0]?.agent_id ?? null;
  }
  return { ...base, roster: roster.map((r): RosterAgent => ({ agentId: r.user_id, active: r.active })), listingAgentId };
}

/** Leads captured but not yet assigned (what a sweep routes after a restart). */
export async function pendingLeads(db: pg.Pool, limit = 500): Promise<string[]> {
  const { rows } = await db.query<{ lead_id: string }>(`SELECT lead_id FROM routing_pending ORDER BY captured_at LIMIT $1`, [limit]);
  return rows.map((r) => r.lead_id);
}
