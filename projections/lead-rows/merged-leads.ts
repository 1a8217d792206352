import type pg from 'pg';
import type { ProjectionContext } from '../runner';

/** One lead folded into another by an account merge: the duplicate's rows show under the survivor. */
export type LeadFold = { readonly mergeId: string; readonly mergedLeadId: string; readonly survivorLeadId: string; readonly mergedName: string };

/** An `exists` for `fold` and `apply`: the read model knows a lead when `table` (its resolved name) has a row for it. */
export const hasLeadRow =
  (tx: pg.PoolClient, table: string) =>
  async (leadId: string): Promise<boolean> =>
    (await tx.query(`SELECT 1 FROM ${table} WHERE lead_id = $1`, [leadId])).rowCount === 1;

/**
 * What a merge does in one read model, reversibly (issue 18): the rows of the merged lead in
 * `rekeyed` tables move to the survivor with `merged_from` naming where they came from (so an
 * unmerge puts exactly those back), its rows in `parked` tables are set aside in a twin table
 * (`<table>_parked`, same columns: out of every list, count and trigger of the live table) and
 * come back as they were, and `merges` (the read model's own table) says which lead went where,
 * so that what arrives later for the merged lead lands on the survivor. Each read model lists
 * `merges`, the parked twins and its rekeyed tables in `tables`, so a rebuild replays the same.
 */
export class MergedLeads {
  constructor(
    private readonly merges: string,
    private readonly rekeyed: readonly string[],
    private readonly parked: readonly string[] = [],
  ) {}

  /** The table names this adds to the projection's `tables` (besides the rekeyed ones). */
  get tables(): string[] {
    return [this.merges, ...this.parked.map(parkedTwin)];
  }

  /** In createTables, after the projection's own tables. */
  async create(tx: pg.PoolClient, t: (base: string) => string): Promise<void> {
    await tx.query(
      `CREATE TABLE ${t(this.merges)} (merged_lead_id uuid PRIMARY KEY, survivor_lead_id uuid NOT NULL, merge_id uuid NOT NULL, merged_name text NOT NULL)`,
    );
    await tx.query(`CREATE INDEX ON ${t(this.merges)} (merge_id)`);
    for (const r of this.rekeyed) await tx.query(`ALTER TABLE ${t(r)} ADD COLUMN merged_from uuid`);
    for (const p of this.parked) {
      await tx.query(`CREATE TABLE ${t(parkedTwin(p))} (LIKE ${t(p)})`);
      await tx.query(`CREATE INDEX ON ${t(parkedTwin(p))} (lead_id)`);
    }
  }

  /**
   * Folds the merged lead into the survivor; false (nothing done) when either is unknown here or
   * the merged lead is already folded. `exists`: whether this read model knows the lead.
   */
  async fold({ tx, table }: ProjectionContext, f: LeadFold, exists: (leadId: string) => Promise<boolean>): Promise<boolean> {
    if (f.mergedLeadId === f.survivorLeadId || !(await exists(f.mergedLeadId)) || !(await exists(f.survivorLeadId))) return false;
    const { rowCount } = await tx.query(
      `INSERT INTO ${table(this.merges)} (merged_lead_id, survivor_lead_id, merge_id, merged_name) VALUES ($1, $2, $3, $4) ON CONFLICT (merged_lead_id) DO NOTHING`,
      [f.mergedLeadId, f.survivorLeadId, f.mergeId, f.mergedName],
    );
    if (!rowCount) return false;
    for (const r of this.rekeyed) {
      await tx.query(`UPDATE ${table(r)} SET lead_id = $2, merged_from = $1 WHERE lead_id = $1`, [f.mergedLeadId, f.survivorLeadId]);
    }
    for (const p of this.parked) {
      await tx.query(`WITH moved AS (DELETE FROM ${table(p)} WHERE lead_id = $1 RETURNING *) INSERT INTO ${table(parkedTwin(p))} SELECT * FROM moved`, [
        f.mergedLeadId,
      ]);
    }
    return true;
  }

  /**
   * An account merge or unmerge (the back-office's AccountsMerged / AccountsUnmerged, by shape):
   * acted on once, on the event of the merged account's stream (its twin on the survivor's says
   * the same). `exists`: whether this read model knows a lead. Answers the folds an unmerge undid.
   */
  async apply(ctx: ProjectionContext, e: AccountMergeEvent, exists: (leadId: string) => Promise<boolean>): Promise<{ readonly unfolded: readonly LeadFold[] }> {
    if (e.data.userId !== e.data.mergedId) return { unfolded: [] };
    if (e.type === 'AccountsUnmerged') return { unfolded: await this.unfold(ctx, e.data.mergeId) };
    for (const pair of e.data.leads ?? []) await this.fold(ctx, { mergeId: e.data.mergeId, ...pair }, exists);
    return { unfolded: [] };
  }

  /** Undoes every fold of the merge; answers the folds undone. */
  async unfold({ tx, table }: ProjectionContext, mergeId: string): Promise<LeadFold[]> {
    const { rows } = await tx.query<{ merged_lead_id: string; survivor_lead_id: string; merged_name: string }>(
      `DELETE FROM ${table(this.merges)} WHERE merge_id = $1 RETURNING merged_lead_id, survivor_lead_id, merged_name`,
      [mergeId],
    );
    for (const m of rows) {
      for (const p of this.parked) {
        // A row the hidden lead got meanwhile (a read mark, a deadline) gives way to the one set aside: the lead comes back as it was.
        await tx.query(`DELETE FROM ${table(p)} WHERE lead_id = $1`, [m.merged_lead_id]);
        await tx.query(`WITH moved AS (DELETE FROM ${table(parkedTwin(p))} WHERE lead_id = $1 RETURNING *) INSERT INTO ${table(p)} SELECT * FROM moved`, [
          m.merged_lead_id,
        ]);
      }
      for (const r of this.rekeyed) {
        await tx.query(`UPDATE ${table(r)} SET lead_id = merged_from, merged_from = NULL WHERE merged_from = $1`, [m.merged_lead_id]);
      }
    }
    return rows.map((m) => ({ mergeId, mergedLeadId: m.merged_lead_id, survivorLeadId: m.survivor_lead_id, mergedName: m.merged_name }));
  }

  /**
   * An UPDATE of a lead's own row in a parked table, run on its twin too: a set-aside lead's own
   * facts (stage, tags, agent) keep changing, so that an unmerge brings it back as it is now.
   */
  update({ write, table }: ProjectionContext, base: string, sql: (t: string) => string, params: readonly unknown[]): void {
    write(sql(table(base)), params);
    if (this.parked.includes(base)) write(sql(table(parkedTwin(base))), params);
  }

  /**
   * A person was erased (issue 18): the name kept for the "merged from" marker of their leads
   * reads as `placeholder`. Their rows in the rekeyed tables are the projection's to blank or
   * delete, matched by `erasedRows` (both their own and those moved under a survivor).
   */
  async forget({ tx, table }: ProjectionContext, leadIds: readonly string[], placeholder: string): Promise<void> {
    await tx.query(`UPDATE ${table(this.merges)} SET merged_name = $2 WHERE merged_lead_id = ANY($1::uuid[])`, [leadIds, placeholder]);
  }

  /**
   * The row of `base` (a parked table: one row per lead) that an event about `leadId` lands on: its
   * own, or the survivor's while it is folded, with `merged_from` naming the lead it stands in for.
   */
  async rowOf<R extends object>(
    ctx: ProjectionContext,
    base: string,
    columns: string,
    leadId: string,
  ): Promise<(R & { merged_from?: string | null }) | undefined> {
    const own = await liveRow<R>(ctx, base, columns, leadId);
    if (own) return own;
    const to = await this.target(ctx, leadId);
    if (!to.mergedFrom) return undefined;
    const survivor = await liveRow<R>(ctx, base, columns, to.leadId);
    return survivor && { ...survivor, merged_from: to.mergedFrom };
  }

  /**
   * The rows of `base` that an event about an account lands on: one account can be a lead of
   * several sites, and a folded lead's events land on its survivor's row (`merged_from` set).
   */
  async rowsOfUser<R extends object>(
    { tx, table }: ProjectionContext,
    base: string,
    columns: string,
    userId: string,
  ): Promise<(R & { merged_from: string | null })[]> {
    const cols = columns.split(',').map((c) => c.trim());
    const { rows } = await tx.query<R & { merged_from: string | null }>(
      `SELECT ${cols.join(', ')}, NULL::uuid AS merged_from FROM ${table(base)} WHERE user_id = $1
       UNION ALL
       SELECT ${cols.map((c) => `s.${c}`).join(', ')}, m.merged_lead_id AS merged_from
       FROM ${table(parkedTwin(base))} p JOIN ${table(this.merges)} m ON m.merged_lead_id = p.lead_id JOIN ${table(base)} s ON s.lead_id = m.survivor_lead_id
       WHERE p.user_id = $1`,
      [userId],
    );
    return rows;
  }

  /**
   * Of these accounts, the ones with no row of `base` (live or set aside) as the batch begins: an
   * import registers each person before their lead is captured, and their consent events would
   * each ask rowsOfUser, one round trip per event, to find nothing. The caller drops an account
   * from the set once the batch captures a lead of it, and empties it on a merge or unmerge.
   */
  async usersWithoutRows({ tx, table }: ProjectionContext, base: string, userIds: readonly string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const { rows } = await tx.query<{ user_id: string }>(
      `SELECT u.user_id FROM unnest($1::uuid[]) u(user_id)
       WHERE NOT EXISTS (SELECT 1 FROM ${table(base)} l WHERE l.user_id = u.user_id)
         AND NOT EXISTS (SELECT 1 FROM ${table(parkedTwin(base))} p WHERE p.user_id = u.user_id)`,
      [[...new Set(userIds)]],
    );
    return new Set(rows.map((r) => r.user_id));
  }

  /** The account whose lead a row found by rowOf stands for: a folded lead's own (set aside), not the survivor's. */
  async userOf(
    { tx, table }: ProjectionContext,
    base: string,
    row: { readonly user_id: string; readonly merged_from?: string | null },
  ): Promise<string | undefined> {
    if (!row.merged_from) return row.user_id;
    const { rows } = await tx.query<{ user_id: string }>(`SELECT user_id FROM ${table(parkedTwin(base))} WHERE lead_id = $1`, [row.merged_from]);
    return rows[0]?.user_id;
  }

  /** Where rows for `leadId` go now: the survivor (and where they came from) while it is folded, else itself. */
  async target({ tx, table }: ProjectionContext, leadId: string): Promise<{ readonly leadId: string; readonly mergedFrom: string | null }> {
    const { rows } = await tx.query<{ survivor_lead_id: string }>(`SELECT survivor_lead_id FROM ${table(this.merges)} WHERE merged_lead_id = $1`, [leadId]);
    return rows[0] ? { leadId: rows[0].survivor_lead_id, mergedFrom: leadId } : { leadId, mergedFrom: null };
  }
}

/** The shape of the back-office's merge events that this reads (typed by shape: these helpers import no context). */
export type AccountMergeEvent = {
  readonly type: 'AccountsMerged' | 'AccountsUnmerged';
  readonly data: { readonly userId: string; readonly mergedId: string; readonly mergeId: string; readonly leads?: readonly Omit<LeadFold, 'mergeId'>[] };
};

/**
 * The rows of a rekeyed table that are an erased person's, for a WHERE clause with the person's
 * lead ids as `$n`: their leads' own rows, and their rows moved under a survivor by a merge (not
 * the rows another account's duplicate brought to their lead: that account is not erased).
 */
export const erasedRows = (n: number) => `((lead_id = ANY($${n}::uuid[]) AND merged_from IS NULL) OR merged_from = ANY($${n}::uuid[]))`;

const parkedTwin = (table: string) => `${table}_parked`;

async function liveRow<R extends object>({ tx, table }: ProjectionContext, base: string, columns: string, leadId: string): Promise<R | undefined> {
  return (await tx.query<R & pg.QueryResultRow>(`SELECT ${columns} FROM ${table(base)} WHERE lead_id = $1`, [leadId])).rows[0];
}

/** The accounts whose consent or cell phone a batch changes, the events read by shape (for usersWithoutRows). */
export const accountChanges = (events: readonly { readonly type: string; readonly data: unknown }[]): string[] =>
  events.flatMap((e) => (e.type === 'ConsentChanged' || e.type === 'CellPhoneChanged' ? [(e.data as { readonly userId: string }).userId] : []));
