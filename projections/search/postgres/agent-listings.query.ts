import type { AgentListing } from '../../../src/contract/agent-listings';
import { isLease } from '../../../src/modules/listings/listings.events';
import type { Queryable } from './postgres-search-index';

/** Whose listings: those linked to an agent (ListingAgentLinked), and those whose ListAgentMlsId is one of these. */
export type AgentListingsQuery = { readonly pdids: readonly string[]; readonly listAgentMlsIds: readonly string[] };

export type AgentListingsPage = { readonly total: number; readonly hidden: number; readonly listings: AgentListing[] };

type Row = {
  pdid: string;
  listing_id: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  status: string;
  price: number | null;
  property_type: string | null;
  property_subtype: string | null;
  photo: string | null;
  list_agent: string | null;
  list_agent_mls_id: string | null;
  list_office: string | null;
  listing_display: boolean | null;
  address_display: boolean | null;
  modified_at: string | null;
  total: number;
  hidden: number;
};

/**
 * A page of the listings of some agents from the search read model, whatever their status and
 * whether or not they may be shown publicly, most recently changed first; `hidden` counts those
 * not shown publicly among all of them. Removed listings are not in the index.
 */
export async function agentListings(db: Queryable, q: AgentListingsQuery, page: { offset: number; limit: number }): Promise<AgentListingsPage> {
  if (q.pdids.length === 0 && q.listAgentMlsIds.length === 0) return { total: 0, hidden: 0, listings: [] };
  const where = 'pdid = ANY($1::text[]) OR list_agent_mls_id = ANY($2::text[])';
  const { rows } = await db.query<Row>(
    `SELECT pdid, listing_id, address, city, state, postal_code, status, price, property_type, property_subtype, visible_photos[1] AS photo,
       list_agent, list_agent_mls_id, list_office, listing_display, address_display, modified_at,
       count(*) OVER ()::int AS total, (count(*) FILTER (WHERE listing_display = false) OVER ())::int AS hidden
     FROM search_listings WHERE ${where}
     ORDER BY modified_at DESC NULLS LAST, pdid LIMIT $3 OFFSET $4`,
    [q.pdids, q.listAgentMlsIds, page.limit, page.offset],
  );
  if (rows.length === 0 && page.offset > 0) {
    const { rows: counted } = await db.query<{ total: number; hidden: number }>(
      `SELECT count(*)::int AS total, (count(*) FILTER (WHERE listing_display = false))::int AS hidden FROM search_listings WHERE ${where}`,
      [q.pdids, q.listAgentMlsIds],
    );
    return { ...counted[0]!, listings: [] };
  }
  return { total: rows[0]?.total ?? 0, hidden: rows[0]?.hidden ?? 0, listings: rows.map(toAgentListing) };
}

const toAgentListing = (r: Row): AgentListing => ({
  pdid: r.pdid,
  mlsid: r.listing_id,
  address: r.address,
  city: r.city,
  state: r.state,
  zip: r.postal_code,
  status: r.status,
  price: r.price,
  forRent: isLease(r.property_type),
  propertyType: r.property_subtype ?? r.property_type,
  photo: r.photo,
  listAgentName: r.list_agent,
  listAgentMlsId: r.list_agent_mls_id,
  listOfficeName: r.list_office,
  shownPublicly: r.listing_display !== false,
  addressShownPublicly: r.address_display !== false,
  modifiedAt: r.modified_at,
});

/** The ListAgentMlsId a listing names, as the search read model has it (null: none, or no such listing). */
export async function listAgentMlsIdOf(db: Queryable, pdid: string): Promise<string | null> {
  const { rows } = await db.query<{ list_agent_mls_id: string | null }>('SELECT list_agent_mls_id FROM search_listings WHERE pdid = $1', [pdid]);
  return rows[0]?.list_agent_mls_id ?? null;
}
