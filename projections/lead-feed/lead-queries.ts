import type pg from 'pg';
import { scoreOfFeedRow } from '../lead-score';
import { encodePosition, type WirePosition } from '../../src/contract/position';
import type { Checkpoint } from '../../src/eventstore/event-store.port';
import { type LeadFilters, orderBy, whereOf, wherePartsOf } from './lead-list-filter';
import type { Viewer } from '../lead-rows';

type Row = {
  lead_id: string;
  user_id: string;
  site_id: string;
  full_name: string;
  email: string;
  phone: string | null;
  lead_type: string;
  source: string;
  assigned_agent_id: string | null;
  status: 'new' | 'contacted';
  stage: string;
  tags: string[];
  first_contact_at: Date | null;
  last_contact_at: Date | null;
  in_pond: boolean;
  created_at: Date;
  last_activity_at: Date;
  listing_pdid: string | null;
  score: number;
};

export const COLUMNS = `f.lead_id, f.user_id, f.site_id, f.full_name, f.email, f.phone, f.lead_type, f.source, f.assigned_agent_id, f.status,
  f.stage, f.tags, f.first_contact_at, f.last_contact_at, f.in_pond, f.created_at, f.last_activity_at, f.listing_pdid,
  ${scoreOfFeedRow('f')} AS score`;

/** A lead as contract sections 5 and 5a list it: exactly these fields. */
export const contractLead = (r: Row) => ({
  leadId: r.lead_id,
  fullName: r.full_name,
  email: r.email,
  phone: r.phone,
  leadType: r.lead_type,
  source: r.source,
  assignedAgentId: r.assigned_agent_id,
  createdAt: r.created_at.toISOString(),
  lastActivityAt: r.last_activity_at.toISOString(),
  stage: r.stage,
  tags: r.tags,
  firstContactAt: r.first_contact_at?.toISOString() ?? null,
  lastContactAt: r.last_contact_at?.toISOString() ?? null,
  inPond: r.in_pond,
});

/** The dashboard's own richer row (status, site, listing) for the web app's feed; the site's subdomain and name from the sites read model. */
export const feedLead = (r: Row, site: { readonly subdomain: string; readonly name: string } | undefined) => ({
  ...contractLead(r),
  status: r.status,
  siteId: r.site_id,
  site: site?.subdomain ?? null,
  siteName: site?.name ?? null,
  listingPdid: r.listing_pdid,
  userId: r.user_id,
  score: r.score,
});

export type LeadRow = Row;

/** One page of the viewer's leads (whatever host) that pass the filters, in their sort (newest activity first by default), and how many pass. */
export async function listLeads(db: pg.Pool, viewer: Viewer, f: LeadFilters, page: number, perpage: number): Promise<{ rows: Row[]; total: number }> {
  const params: unknown[] = [];
  const cond = whereOf(viewer, f, params);
  const [{ rows }, total] = await Promise.all([
    db.query<Row>(`SELECT ${COLUMNS} FROM lead_feed f WHERE ${cond} ORDER BY ${orderBy(f.sort)} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`, [
      ...params,
      perpage,
      (page - 1) * perpage,
    ]),
    countLeads(db, viewer, f),
  ]);
  return { rows, total };
}

/** How many of the viewer's leads pass the filters (a smart list's count). */
export async function countLeads(db: pg.Pool, viewer: Viewer, f: LeadFilters): Promise<number> {
  const params: unknown[] = [];
  const parts = wherePartsOf(viewer, f, params);
  const { rows } = await db.query<{ n: number }>(`SELECT (${parts.map((p) => `(SELECT count(*) FROM lead_feed f WHERE ${p})`).join(' + ')})::int AS n`, params);
  return rows[0]!.n;
}

/**
 * Every lead of the viewer that passes the filters, in their sort, `pageSize` rows at a time
 * (the CSV export): a cursor in one read-only snapshot, so a lead that moves while the pages are
 * read is neither repeated nor skipped, and only one page is ever in memory. The connection is
 * released when the pages run out or the caller stops early.
 */
export async function* leadPages(db: pg.Pool, viewer: Viewer, f: LeadFilters, pageSize = 500): AsyncGenerator<Row[]> {
  const params: unknown[] = [];
  const cond = whereOf(viewer, f, params);
  const client = await db.connect();
  let open = false;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    open = true;
    await client.query(`DECLARE lead_pages NO SCROLL CURSOR FOR SELECT ${COLUMNS} FROM lead_feed f WHERE ${cond} ORDER BY ${orderBy(f.sort)}`, params);
    for (;;) {
      const { rows } = await client.query<Row>(`FETCH ${Math.trunc(pageSize)} FROM lead_pages`);
      if (rows.length > 0) yield rows;
      if (rows.length < pageSize) break;
    }
    await client.query('COMMIT');
    open = false;
  } finally {
    if (open) await client.query('ROLLBACK').catch(() => undefined);
    client.release();
  }
}

/** What the viewer's leads have, to filter by: their stages, tags and sites. */
export async function leadFacets(db: pg.Pool, viewer: Viewer): Promise<{ stages: string[]; tags: string[]; siteIds: string[] }> {
  const params: unknown[] = [];
  const cond = whereOf(viewer, {}, params);
  const [stages, tags, sites] = await Promise.all([
    db.query<{ v: string }>(`SELECT DISTINCT f.stage AS v FROM lead_feed f WHERE ${cond} LIMIT 100`, params),
    db.query<{ v: string }>(`SELECT DISTINCT t AS v FROM lead_feed f, unnest(f.tags) t WHERE ${cond} ORDER BY 1 LIMIT 500`, params),
    db.query<{ v: string }>(`SELECT DISTINCT f.site_id AS v FROM lead_feed f WHERE ${cond} LIMIT 200`, params),
  ]);
  return { stages: stages.rows.map((r) => r.v), tags: tags.rows.map((r) => r.v), siteIds: sites.rows.map((r) => r.v) };
}

export async function findLead(db: pg.Pool, viewer: Viewer, leadId: string): Promise<Row | undefined> {
  const params: unknown[] = [leadId];
  const cond = whereOf(viewer, {}, params);
  const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM lead_feed f WHERE f.lead_id = $1 AND ${cond}`, params);
  return rows[0];
}

export async function leadSources(db: pg.Pool, viewer: Viewer): Promise<string[]> {
  const params: unknown[] = [];
  const cond = whereOf(viewer, {}, params);
  const { rows } = await db.query<{ source: string }>(`SELECT DISTINCT f.source FROM lead_feed f WHERE ${cond} ORDER BY 1 LIMIT 100`, params);
  return rows.map((r) => r.source);
}

/**
 * Where the read side is now, for a client to start from: the oldest of the projections the
 * dashboard's pushes come from. Read before the rows, so nothing between is missed (at worst
 * something is sent twice, and the client drops the duplicate).
 */
export async function feedPosition(db: pg.Pool): Promise<string> {
  const { rows } = await db.query<{ transaction_id: string; global_position: string }>(
    `SELECT transaction_id::text, global_position::text FROM projection_checkpoints WHERE name IN ('lead_feed', 'lead_timeline', 'chat')
     ORDER BY transaction_id, global_position LIMIT 1`,
  );
  const r = rows[0];
  return encodePosition({ transactionId: BigInt(r?.transaction_id ?? 0), globalPosition: BigInt(r?.global_position ?? 0) });
}

/**
 * Where pushes of the read models feed/since answers for may have been lost (their holder died
 * after committing a batch and perhaps before sending its pushes; the instance that took over
 * recorded it for a minute: migration 25); a catch-up reaches back to it whatever newer position
 * the client has seen.
 */
export async function lostPushesFrom(db: pg.Pool): Promise<Checkpoint | undefined> {
  const { rows } = await db.query<{ transaction_id: string; global_position: string }>(
    `SELECT lost_transaction_id::text AS transaction_id, lost_global_position::text AS global_position FROM projection_checkpoints
     WHERE name IN ('lead_feed', 'lead_timeline', 'chat', 'lead_thread') AND lost_until > now()
     ORDER BY lost_transaction_id, lost_global_position LIMIT 1`,
  );
  const r = rows[0];
  return r ? { transactionId: BigInt(r.transaction_id), globalPosition: BigInt(r.global_position) } : undefined;
}

/** A push a reconnecting client missed, with the log position of its event (for ordering). */
export type MissedPush = {
  readonly name: 'lead.captured' | 'lead.activity' | 'chat.message' | 'thread.item';
  readonly payload: Record<string, unknown>;
  readonly key: readonly [bigint, bigint];
};
export const SINCE_LIMIT = 500;

/**
 * The leads this viewer would have been pushed after `from` (`lead.captured`: a new lead, or one
 * that came to them), each with the position of its assignment; `overflow` when there were more
 * than SINCE_LIMIT. Their timelines' lines are the timeline read model's to send.
 */
export async function leadPushesSince(db: pg.Pool, viewer: Viewer, from: WirePosition): Promise<{ events: MissedPush[]; overflow: boolean }> {
  const p: unknown[] = [from.transactionId.toString(), from.globalPosition.toString()];
  const cond = whereOf(viewer, {}, p);
  const { rows } = await db.query<{ lead_id: string; full_name: string; lead_type: string; created_at: Date; tx: string; gp: string }>(
    `SELECT f.lead_id, f.full_name, f.lead_type, f.created_at, f.assigned_tx::text AS tx, f.assigned_gp::text AS gp
     FROM lead_feed f WHERE f.assigned_tx IS NOT NULL AND (f.assigned_tx, f.assigned_gp) > ($1::bigint, $2::bigint) AND ${cond}
     ORDER BY f.assigned_tx, f.assigned_gp LIMIT ${SINCE_LIMIT + 1}`,
    p,
  );
  return {
    overflow: rows.length > SINCE_LIMIT,
    events: rows.map((r) => ({
      name: 'lead.captured' as const,
      payload: {
        leadId: r.lead_id,
        fullName: r.full_name,
        leadType: r.lead_type,
        at: r.created_at.toISOString(),
        position: encodePosition({ transactionId: BigInt(r.tx), globalPosition: BigInt(r.gp) }),
      },
      key: [BigInt(r.tx), BigInt(r.gp)] as const,
    })),
  };
}
