import type pg from 'pg';
import { encodePosition, type WirePosition } from '../../src/contract/position';
import { leadScope, type Viewer } from '../lead-rows';
import { UNKNOWN_HOME, withHome } from './timeline-summary';

/**
 * How the caller names homes: each pdid's address (or what stands for it), from the search read
 * model (this read model may not read its tables); a pdid left out reads as UNKNOWN_HOME.
 */
export type HomeNames = (pdids: readonly string[]) => Promise<ReadonlyMap<string, string>>;

/** Entries with their home named: one look-up for all the pdids they hold. */
async function named<T extends { summary: string; pdid: string | null }>(
  rows: readonly T[],
  homes: HomeNames,
): Promise<(Omit<T, 'pdid'> & { summary: string })[]> {
  const pdids = [...new Set(rows.flatMap((r) => (r.pdid ? [r.pdid] : [])))];
  const names = pdids.length ? await homes(pdids) : new Map<string, string>();
  return rows.map(({ pdid, ...r }) => ({ ...r, summary: pdid ? withHome(r.summary, names.get(pdid) ?? UNKNOWN_HOME) : r.summary }));
}

/**
 * The lead's timeline, newest first; an entry of a lead merged into it names that lead
 * (`mergedFrom`, issue 18). Other entries carry no such key: the contract's entry is {type, at, summary}.
 */
export async function timelineOf(db: pg.Pool, leadId: string, homes: HomeNames): Promise<{ type: string; at: string; summary: string; mergedFrom?: string }[]> {
  const { rows } = await db.query<{ type: string; at: Date; summary: string; pdid: string | null; merged_name: string | null }>(
    `SELECT t.type, t.at, t.summary, t.pdid, m.merged_name FROM lead_timeline t LEFT JOIN lead_timeline_merges m ON m.merged_lead_id = t.merged_from
     WHERE t.lead_id = $1 ORDER BY t.at DESC, t.tx_id DESC, t.global_position DESC LIMIT 500`,
    [leadId],
  );
  return named(
    rows.map((r) => ({
      type: r.type,
      at: r.at.toISOString(),
      summary: r.summary,
      pdid: r.pdid,
      ...(r.merged_name === null ? {} : { mergedFrom: r.merged_name }),
    })),
    homes,
  );
}

/** A `lead.activity` push a reconnecting client missed, with the log position of its event (for ordering). */
export type MissedActivity = { readonly name: 'lead.activity'; readonly payload: Record<string, unknown>; readonly key: readonly [bigint, bigint] };

/**
 * The lines this viewer would have been pushed after `from` (`lead.activity`), each with the
 * position of its event, at most `limit`; `overflow` when there were more. A lead's capture and
 * assignment are not among them: the lead list sends the lead itself.
 */
export async function timelinePushesSince(
  db: pg.Pool,
  viewer: Viewer,
  from: WirePosition,
  homes: HomeNames,
  limit: number,
): Promise<{ events: MissedActivity[]; overflow: boolean }> {
  const params: unknown[] = [from.transactionId.toString(), from.globalPosition.toString()];
  const scope = leadScope(viewer, 'l', params.length + 1);
  params.push(...scope.params);
  const { rows } = await db.query<{ event_id: string; lead_id: string; type: string; at: Date; summary: string; pdid: string | null; tx: string; gp: string }>(
    `SELECT t.event_id, t.lead_id, t.type, t.at, t.summary, t.pdid, t.tx_id::text AS tx, t.global_position::text AS gp
     FROM lead_timeline t JOIN lead_timeline_leads l ON l.lead_id = t.lead_id
     WHERE (t.tx_id, t.global_position) > ($1::bigint, $2::bigint) AND t.type NOT IN ('LeadCaptured', 'LeadAssigned', 'LeadReassigned') AND ${scope.sql}
     ORDER BY t.tx_id, t.global_position LIMIT ${Math.trunc(limit) + 1}`,
    params,
  );
  return {
    overflow: rows.length > limit,
    events: (await named(rows, homes)).map((r) => ({
      name: 'lead.activity' as const,
      payload: {
        leadId: r.lead_id,
        type: r.type,
        at: r.at.toISOString(),
        summary: r.summary,
        eventId: r.event_id,
        position: encodePosition({ transactionId: BigInt(r.tx), globalPosition: BigInt(r.gp) }),
      },
      key: [BigInt(r.tx), BigInt(r.gp)] as const,
    })),
  };
}
