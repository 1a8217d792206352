import type pg from 'pg';
import type { Viewer } from '../lead-rows';
import { type LeadFilters, orderBy, whereOf } from './lead-list-filter';
import { COLUMNS, type LeadRow } from './lead-queries';

/** A place in the oldest-first order: the creation instant to the microsecond (as text, beyond a JS Date's milliseconds) and the lead's id. */
export type CreatedKey = { readonly createdUs: string; readonly leadId: string };

const ORDER = orderBy({ key: 'created', desc: false });

/**
 * The viewer's leads that pass the filters, oldest first, strictly after `after` (keyset paging):
 * each page starts where the last one ended, whatever changed meanwhile, so a lead that moves,
 * leaves or joins the list between pages never shifts another one into or out of a page.
 * Answers one row more than `limit` when there is one, to tell whether a next page exists.
 */
export async function leadsCreatedAfter(
  db: pg.Pool,
  viewer: Viewer,
  f: LeadFilters,
  after: CreatedKey | null,
  limit: number,
): Promise<{ rows: LeadRow[]; keys: CreatedKey[]; more: boolean }> {
  const params: unknown[] = [];
  const cond = whereOf(viewer, f, params);
  const p = (v: unknown) => `$${params.push(v)}`;
  // The order is created_at ascending, then lead_id descending (the index read backwards): "after" follows it.
  let keyset = '';
  if (after) {
    const at = `('epoch'::timestamptz + ${p(after.createdUs)}::bigint * interval '1 microsecond')`;
    keyset = ` AND (f.created_at > ${at} OR (f.created_at = ${at} AND f.lead_id < ${p(after.leadId)}))`;
  }
  const { rows } = await db.query<LeadRow & { created_us: string }>(
    `SELECT ${COLUMNS}, ((extract(epoch FROM f.created_at) * 1000000)::numeric(20,0))::text AS created_us
       FROM lead_feed f WHERE ${cond}${keyset} ORDER BY ${ORDER} LIMIT ${p(limit + 1)}`,
    params,
  );
  const page = rows.slice(0, limit);
  return {
    rows: page.map(({ created_us: _key, ...r }) => r),
    keys: page.map((r) => ({ createdUs: r.created_us, leadId: r.lead_id })),
    more: rows.length > limit,
  };
}
