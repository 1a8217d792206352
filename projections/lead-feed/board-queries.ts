import type pg from 'pg';
import type { BoardCard } from '../../src/contract/board';
import { leadScope, type Viewer } from '../lead-rows';

export type { BoardCard };

/** The viewer's scope on `alias`, narrowed to one office when asked (staff looking at one office's board). */
function scoped(viewer: Viewer, officeId: string | null, params: unknown[], alias = 'f'): string {
  const scope = leadScope(viewer, alias, params.length + 1);
  params.push(...scope.params);
  return officeId ? `${scope.sql} AND ${alias}.office_id = $${params.push(officeId)}` : scope.sql;
}

/** How many leads of the viewer's scope are in each stage: a sum over the kept counts (see lead_stage_counts). */
export async function boardCounts(db: pg.Pool, viewer: Viewer, officeId: string | null): Promise<Map<string, number>> {
  const params: unknown[] = [];
  const cond = scoped(viewer, officeId, params, 'c');
  const { rows } = await db.query<{ stage: string; n: number }>(
    `SELECT c.stage, sum(c.n)::int AS n FROM lead_stage_counts c WHERE ${cond} GROUP BY c.stage HAVING sum(c.n) > 0`,
    params,
  );
  return new Map(rows.map((r) => [r.stage, r.n]));
}

/** For each of `stages`, its most recently active leads of the viewer's scope (`perColumn`, from `offset`). */
export async function boardCards(
  db: pg.Pool,
  viewer: Viewer,
  officeId: string | null,
  stages: readonly string[],
  perColumn: number,
  offset = 0,
): Promise<BoardCard[]> {
  const params: unknown[] = [stages, perColumn, offset];
  const cond = scoped(viewer, officeId, params);
  const { rows } = await db.query<{
    lead_id: string;
    full_name: string;
    lead_type: string;
    stage: string;
    tags: string[];
    last_activity_at: Date;
    assigned_agent_id: string | null;
  }>(
    `SELECT c.* FROM unnest($1::text[]) AS s(stage) CROSS JOIN LATERAL (
       SELECT f.lead_id, f.full_name, f.lead_type, f.stage, f.tags, f.last_activity_at, f.assigned_agent_id FROM lead_feed f
        WHERE f.stage = s.stage AND ${cond} ORDER BY f.last_activity_at DESC, f.lead_id LIMIT $2 OFFSET $3) c`,
    params,
  );
  return rows.map((r) => ({
    leadId: r.lead_id,
    fullName: r.full_name,
    leadType: r.lead_type,
    stage: r.stage,
    tags: r.tags,
    lastActivityAt: r.last_activity_at.toISOString(),
    assignedAgentId: r.assigned_agent_id,
  }));
}

/** The tags on leads the viewer sees (one spelling each, whatever the case), most used first, for autocomplete. */
export async function tagsInScope(db: pg.Pool, viewer: Viewer, limit: number): Promise<string[]> {
  const params: unknown[] = [];
  const cond = scoped(viewer, null, params);
  const { rows } = await db.query<{ tag: string }>(
    `SELECT min(t) AS tag FROM lead_feed f CROSS JOIN LATERAL unnest(f.tags) AS t WHERE ${cond}
      GROUP BY lower(t) ORDER BY count(*) DESC, lower(t) LIMIT ${Number(limit)}`,
    params,
  );
  return rows.map((r) => r.tag);
}
