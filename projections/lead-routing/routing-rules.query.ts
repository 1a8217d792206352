import type pg from 'pg';
import { initialRoutingRuleSet, type RoutingRuleSet } from '../../src/modules/office/office.events';

export type RosterAgent = { readonly agentId: string; readonly active: boolean; readonly weight: number };

/** What lead routing needs to know about a site, as the lead_routing read model has it. */
export type RoutingRules = {
  readonly siteId: string;
  readonly kind: 'broker' | 'agent' | 'brand';
  readonly ownerId: string;
  /** The owner's own broker when the owner is an agent (their leads show to that broker). */
  readonly ownerOfficeId: string | null;
  /** The owner's office (the owner is its broker) in roster order, on or off and weighted by the rules; empty for an agent's site. */
  readonly roster: readonly RosterAgent[];
  /** The listing agent of the lead's listing in this office, if any (active or not). */
  readonly listingAgentId: string | null;
  /** The owner's office sends new leads straight to its pond (pond on, claim window 0); false for an agent's site. */
  readonly pondFirst: boolean;
  /** The rules put the listing agent first (issue 19). */
  readonly listingAgentFirst: boolean;
  /** The version of the office's rules these are (0 before any change; an agent's site: 0). */
  readonly version: number;
};

/** A place in the log: a transaction and a global position (events are ordered by both). */
export type LogPosition = { readonly transactionId: bigint; readonly globalPosition: bigint };

/** The roster of an office under a rule set: on or off, and each agent's weight. */
export function rosterUnder(agents: readonly string[], rules: RoutingRuleSet): RosterAgent[] {
  const off = new Set(rules.off);
  return agents.map((agentId) => ({ agentId, active: !off.has(agentId), weight: rules.weights[agentId] ?? 1 }));
}

/** An office site's routing rules from a rule set (pure: the router's query and the simulation build them alike). */
export function siteRulesUnder(
  site: { readonly siteId: string; readonly kind: RoutingRules['kind']; readonly ownerId: string; readonly ownerOfficeId: string | null },
  agents: readonly string[],
  rules: RoutingRuleSet,
  listingAgentId: string | null,
): RoutingRules {
  return {
    ...site,
    roster: rosterUnder(agents, rules),
    listingAgentId,
    pondFirst: rules.pond.enabled && rules.pond.claimWindowMinutes === 0,
    listingAgentFirst: rules.listingAgentFirst,
    version: rules.version,
  };
}

/** The office's rule set in force at `at` (the last version that took effect before it), or now. */
export async function ruleSetAt(db: pg.Pool, officeId: string, at?: LogPosition): Promise<RoutingRuleSet> {
  const { rows } = await db.query<{ rules: RoutingRuleSet }>(
    `SELECT rules FROM routing_rule_versions WHERE office_id = $1 AND ($2::bigint IS NULL OR (tx, pos) < ($2::bigint, $3::bigint))
     ORDER BY version DESC LIMIT 1`,
    [officeId, at?.transactionId.toString() ?? null, at?.globalPosition.toString() ?? null],
  );
  return rows[0]?.rules ?? initialRoutingRuleSet;
}

/**
 * Reads a site's routing rules from the lead_routing read model: the site's owner, the owner's
 * office roster in joining order, the office's rule set in force at `at` (the lead's capture;
 * absent: now), and the listing agent of the lead's listing in that office.
 */
export async function loadRoutingRules(db: pg.Pool, siteId: string, listingPdid: string | null, at?: LogPosition): Promise<RoutingRules | undefined> {
  const { rows: sites } = await db.query<{ kind: RoutingRules['kind']; owner_user_id: string; owner_office_id: string | null }>(
    `SELECT s.kind, s.owner_user_id, u.office_id AS owner_office_id
     FROM routing_sites s LEFT JOIN routing_users u ON u.user_id = s.owner_user_id WHERE s.site_id = $1`,
    [siteId],
  );
  const site = sites[0];
  if (!site) return undefined;
  const base = { siteId, kind: site.kind, ownerId: site.owner_user_id, ownerOfficeId: site.owner_office_id };
  if (site.kind === 'agent') return siteRulesUnder(base, [], { ...initialRoutingRuleSet, pond: { enabled: false, claimWindowMinutes: 0 } }, null);
  const [{ rows: roster }, rules] = await Promise.all([
    db.query<{ user_id: string }>(`SELECT user_id FROM routing_users WHERE office_id = $1 AND level = 10 ORDER BY joined, user_id`, [site.owner_user_id]),
    ruleSetAt(db, site.owner_user_id, at),
  ]);
  let listingAgentId: string | null = null;
  if (listingPdid) {
    const { rows } = await db.query<{ agent_id: string }>(`SELECT agent_id FROM routing_listing_agents WHERE office_id = $1 AND pdid = $2`, [
      site.owner_user_id,
      listingPdid,
    ]);
    listingAgentId = rows[0]?.agent_id ?? null;
  }
  return siteRulesUnder(
    base,
    roster.map((r) => r.user_id),
    rules,
    listingAgentId,
  );
}

/** A lead captured and not yet assigned, with the capture it came from (the router names it as the assignment's cause). */
export type PendingLead = { readonly leadId: string; readonly eventId: string; readonly correlationId: string | null };

/** Leads captured but not yet assigned, oldest first: the lead router's queue. */
export async function pendingLeads(db: pg.Pool, limit = 500): Promise<PendingLead[]> {
  const { rows } = await db.query<{ lead_id: string; event_id: string; correlation_id: string | null }>(
    `SELECT lead_id, event_id, correlation_id FROM routing_pending ORDER BY captured_at LIMIT $1`,
    [limit],
  );
  return rows.map((r) => ({ leadId: r.lead_id, eventId: r.event_id, correlationId: r.correlation_id }));
}

export type RosterEntry = {
  readonly userId: string;
  readonly level: number;
  readonly officeId: string | null;
  readonly active: boolean;
  readonly bio: string;
  readonly mlsId: string | null;
  /** The MLS id the agent gave, until the broker confirms it. */
  readonly pendingMlsId: string | null;
};

/**
 * The people a viewer may see on the office page: `viewerId` null (staff) everyone, else the
 * viewer and, for a broker, their office. Highest level first, then by joining.
 */
export async function rosterFor(pool: pg.Pool, viewerId: string | null): Promise<RosterEntry[]> {
  const { rows } = await pool.query<{
    user_id: string;
    level: number;
    office_id: string | null;
    active: boolean;
    bio: string;
    mls_id: string | null;
    pending_mls_id: string | null;
  }>(
    `SELECT user_id, level, office_id, active, bio, mls_id, pending_mls_id FROM routing_users
     WHERE $1::uuid IS NULL OR office_id = $1 OR user_id = $1 ORDER BY level DESC, joined LIMIT 500`,
    [viewerId],
  );
  return rows.map((r) => ({
    userId: r.user_id,
    level: r.level,
    officeId: r.office_id,
    active: r.active,
    bio: r.bio,
    mlsId: r.mls_id,
    pendingMlsId: r.pending_mls_id,
  }));
}

/**
 * The agents whose MLS id is one of these, office by office: what a feed links listings to by
 * their ListAgentMlsId, in each office where one agent has the id (an MLS id is unique in an
 * office; feeds are the platform's, so offices of other MLSs may know the same id as another
 * person, and one office's choice never takes a listing from another).
 */
export async function agentsByMlsId(pool: pg.Pool, mlsIds: readonly string[]): Promise<Map<string, { readonly agentId: string; readonly officeId: string }[]>> {
  const found = new Map<string, { agentId: string; officeId: string }[]>();
  if (mlsIds.length === 0) return found;
  const { rows } = await pool.query<{ mls_id: string; user_id: string; office_id: string }>(
    `SELECT mls_id, min(user_id::text) AS user_id, office_id::text AS office_id FROM routing_users
     WHERE mls_id = ANY($1::text[]) AND level = 10 AND office_id IS NOT NULL GROUP BY mls_id, office_id HAVING count(*) = 1`,
    [mlsIds],
  );
  for (const r of rows) (found.get(r.mls_id) ?? found.set(r.mls_id, []).get(r.mls_id)!).push({ agentId: r.user_id, officeId: r.office_id });
  return found;
}

/** Whose listings a dashboard viewer sees: an agent their own, a broker their office's, staff everyone's. */
export type ListingAgentScope = { readonly role: 'agent' | 'broker' | 'staff'; readonly userId: string };

/**
 * The listings agents hold in a viewer's scope, as lead routing knows them: listings linked to an
 * agent (ListingAgentLinked, by the feed or by hand), pdid → agent; and agents' MLS ids (each
 * had by one person only in their office, as for linking), MLS id → agent, for listings that name them as
 * ListAgentMlsId but were never linked (imported from a file, or before the agent gave the id).
 */
export async function listingAgentsIn(pool: pg.Pool, scope: ListingAgentScope): Promise<{ linked: Map<string, string>; mlsIds: Map<string, string> }> {
  const [who, linkedBy] =
    scope.role === 'staff'
      ? ['true', 'true']
      : scope.role === 'broker'
        ? ['(u.office_id = $1 OR u.user_id = $1)', 'office_id = $1']
        : ['u.user_id = $1', 'agent_id = $1'];
  const params = scope.role === 'staff' ? [] : [scope.userId];
  const [links, ids] = await Promise.all([
    pool.query<{ pdid: string; agent_id: string }>(`SELECT pdid, agent_id FROM routing_listing_agents WHERE ${linkedBy} ORDER BY pdid`, params),
    pool.query<{ mls_id: string; user_id: string }>(
      `SELECT u.mls_id, u.user_id FROM routing_users u
       WHERE ${who} AND u.mls_id IS NOT NULL
         AND (SELECT count(*) FROM routing_users o WHERE o.mls_id = u.mls_id AND o.office_id IS NOT DISTINCT FROM u.office_id) = 1`,
      params,
    ),
  ]);
  return { linked: new Map(links.rows.map((r) => [r.pdid, r.agent_id])), mlsIds: new Map(ids.rows.map((r) => [r.mls_id, r.user_id])) };
}

/** The agent an office linked a listing to (ListingAgentLinked), if any. */
export async function linkedListingAgent(pool: pg.Pool, officeId: string, pdid: string): Promise<string | undefined> {
  const { rows } = await pool.query<{ agent_id: string }>('SELECT agent_id FROM routing_listing_agents WHERE office_id = $1 AND pdid = $2', [officeId, pdid]);
  return rows[0]?.agent_id;
}
