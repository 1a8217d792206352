import type { PropertyAlertOpened } from '../../src/modules/alerts/alerts.events';
import type { CmaOpened, CmaRequested, HomeDigestOpened } from '../../src/modules/valuation/valuation.events';
import type { AccountsMerged, AccountsUnmerged } from '../../src/modules/backoffice/backoffice.events';
import type { ChatMessageSent } from '../../src/modules/conversation/conversation.events';
import { type LeadActivityEvent, type LeadEvent, type LeadOwnerEvent } from '../../src/modules/leads/leads.events';
import { type ScoringRulesChanged } from '../../src/modules/insights/insights.events';
import { type TextMessageReceived, type LeadEmailReceived } from '../../src/modules/conversation/conversation.events';
import type { ListingFavorited, ListingShared, ShowingRequested } from '../../src/modules/organizer/organizer.events';
import { ERASED_NAME, type PersonErased } from '../../src/modules/privacy/privacy.events';
import { assertNever } from '../../src/shared/errors';
import { eventsOf, handledTypes, type Projection, type ProjectionContext } from '../runner';
import { hasLeadRow } from '../lead-rows';
import { encodeFact, type FactType } from './lead-score';
import { replayLeadScores } from './log-replay';
import { rescore } from './rescore';
import { appendFactsSql, DAY_MS, merges, SCORE_EVENT_TYPES, SCORE_TABLES } from './score-tables';

type Handled =
  | Extract<LeadEvent, { type: 'LeadCaptured' | 'LeadStageChanged' }>
  | LeadOwnerEvent
  | Extract<LeadActivityEvent, { type: 'ListingViewed' }>
  | ListingFavorited
  | ListingShared
  | ShowingRequested
  | TextMessageReceived
  | LeadEmailReceived
  | ChatMessageSent
  | PropertyAlertOpened
  | CmaOpened
  | HomeDigestOpened
  | CmaRequested
  | ScoringRulesChanged
  | AccountsMerged
  | AccountsUnmerged
  | PersonErased;

/**
 * Each lead's explainable score (issue 19 part 3). The read model keeps the facts the rules may
 * count, compactly (one text per lead), and each lead's score under the rules its office has
 * now, as of its latest fact or the start of the log's latest day (score-tables.ts). A rules
 * change rescores every lead the rules apply to from the stored facts, without the log; a
 * rebuild replays the log in a few set-based statements (log-replay.ts) when the log is in this
 * database. The breakdown is folded when opened, by the same pure function (lead-score.ts).
 */
export const leadScoreProjection: Projection = {
  name: 'lead_score',
  // 2: compact facts per lead, scores fade as the log's days pass, merged leads fold into one score.
  version: 2,
  // The list lives in score-tables.ts (the replay counts by it); checked here against what `apply` switches over.
  eventTypes: handledTypes<Handled>()(SCORE_EVENT_TYPES),
  tables: SCORE_TABLES,
  async createTables(tx, t) {
    await tx.query(`CREATE TABLE ${t('lead_score_rules')} (
      scope text NOT NULL, version int NOT NULL, rules jsonb NOT NULL, by_user_id uuid NOT NULL, changed_at timestamptz NOT NULL,
      PRIMARY KEY (scope, version))`);
    await tx.query(`CREATE TABLE ${t('lead_scores')} (
      lead_id uuid PRIMARY KEY, user_id uuid, office_id uuid, score int NOT NULL DEFAULT 0, rules_version int NOT NULL DEFAULT 0,
      last_at timestamptz, fading boolean NOT NULL DEFAULT false)`);
    await tx.query(`CREATE INDEX ON ${t('lead_scores')} (office_id)`);
    await tx.query(`CREATE INDEX ON ${t('lead_scores')} (user_id)`);
    await tx.query(`CREATE INDEX ON ${t('lead_scores')} (lead_id) WHERE fading`);
    await tx.query(`CREATE TABLE ${t('lead_score_facts')} (lead_id uuid NOT NULL, facts text NOT NULL)`);
    await tx.query(`CREATE INDEX ON ${t('lead_score_facts')} (lead_id)`);
    await tx.query(`CREATE TABLE ${t('lead_score_clock')} (latest_ms bigint NOT NULL)`);
    await tx.query(`INSERT INTO ${t('lead_score_clock')} (latest_ms) VALUES (0)`);
    await merges.create(tx, t);
  },
  replay: replayLeadScores,
  async apply(events, ctx) {
    const { tx, table } = ctx;
    const touched = new Set<string>();
    const rescope: string[] = [];
    const { rows: before } = await tx.query<{ latest_ms: string }>(`SELECT latest_ms FROM ${table('lead_score_clock')}`);
    // Written a statement per kind, in the log's order; a merge writes what came before it first.
    let facts: { lead: string; from: string | null; fact: string; ms: number }[] = [];
    let leads = new Map<string, { user?: string; office?: string | null }>();
    const lead = (id: string) => {
      const l = leads.get(id) ?? {};
      leads.set(id, l);
      return l;
    };
    const flush = async () => {
      for (const id of await writeBatch(ctx, leads, facts)) touched.add(id);
      facts = [];
      leads = new Map();
    };
    for (const e of eventsOf<Handled>(events)) {
      const at = e.metadata.at;
      const fact = (leadId: string, extra: number | string | null = null, from: string | null = null) => {
        const ms = Date.parse(at);
        facts.push({ lead: leadId, from, fact: encodeFact(ms, e.type as FactType, extra, e.globalPosition), ms });
      };
      switch (e.type) {
        case 'LeadCaptured':
          lead(e.data.leadId).user = e.data.userId;
          break;
        case 'LeadAssigned':
        case 'LeadReassigned':
        case 'LeadClaimed':
        case 'LeadPutInPond':
          lead(e.data.leadId).office = e.data.officeId;
          break;
        case 'LeadStageChanged':
          fact(e.data.leadId, e.data.stage);
          break;
        case 'ListingViewed':
          fact(e.data.leadId, e.data.price ?? null);
          break;
        case 'ChatMessageSent':
          // Only what the lead wrote is a reply (checked against the lead's user when written); the agent's own messages are not the lead's interest.
          fact(e.data.leadId, null, e.data.fromUserId);
          break;
        case 'ListingFavorited':
        case 'ListingShared':
        case 'ShowingRequested':
        case 'TextMessageReceived':
        case 'LeadEmailReceived':
        case 'PropertyAlertOpened':
        case 'CmaOpened':
        case 'HomeDigestOpened':
        case 'CmaRequested':
          fact(e.data.leadId);
          break;
        case 'ScoringRulesChanged':
          ctx.write(
            `INSERT INTO ${table('lead_score_rules')} (scope, version, rules, by_user_id, changed_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
            [e.data.scope, e.data.rulesVersion, JSON.stringify(e.data.rules), e.data.byUserId, at],
          );
          rescope.push(e.data.scope);
          break;
        case 'AccountsMerged':
        case 'AccountsUnmerged': {
          await flush();
          const { unfolded } = await merges.apply(ctx, e, hasLeadRow(tx, table('lead_scores')));
          const moved = [...(e.type === 'AccountsMerged' ? (e.data.leads ?? []) : []), ...unfolded].flatMap((p) => [p.mergedLeadId, p.survivorLeadId]);
          await compact(ctx, moved);
          for (const id of moved) touched.add(id);
          break;
        }
        case 'PersonErased':
          // Issue 18: the merges' names of the person go; facts hold no personal data.
          await merges.forget(ctx, e.data.leadIds, ERASED_NAME);
          break;
        default:
          assertNever(e);
      }
    }
    await flush();
    if (rescope.length > 0) {
      // The leads the changed rules apply to: an office's own, or (default) those of offices without their own.
      const { rows } = await tx.query<{ lead_id: string }>(
        `SELECT lead_id FROM ${table('lead_scores')} s
          WHERE s.office_id::text = ANY($1) OR ('default' = ANY($1) AND NOT EXISTS (SELECT 1 FROM ${table('lead_score_rules')} r WHERE r.scope = s.office_id::text))`,
        [rescope],
      );
      for (const r of rows) touched.add(r.lead_id);
    }
    const { rows: after } = await tx.query<{ latest_ms: string }>(`SELECT latest_ms FROM ${table('lead_score_clock')}`);
    if (Math.floor(Number(after[0]!.latest_ms) / DAY_MS) > Math.floor(Number(before[0]!.latest_ms) / DAY_MS)) {
      // A new day on the log: every score that still fades is scored as of its start.
      const { rows } = await tx.query<{ lead_id: string }>(`SELECT lead_id FROM ${table('lead_scores')} WHERE fading`);
      for (const r of rows) touched.add(r.lead_id);
    }
    await rescore(ctx, [...touched]);
  },
};

/** Writes who each lead is and its office (the batch's last word winning), then the facts; answers the leads touched. */
async function writeBatch(
  { tx, table }: ProjectionContext,
  leads: ReadonlyMap<string, { user?: string; office?: string | null }>,
  facts: readonly { lead: string; from: string | null; fact: string; ms: number }[],
): Promise<string[]> {
  const touched: string[] = [];
  const upsert = async (column: 'user_id' | 'office_id', rows: [string, string | null][]) => {
    if (rows.length === 0) return;
    await tx.query(
      `INSERT INTO ${table('lead_scores')} (lead_id, ${column}) SELECT * FROM unnest($1::uuid[], $2::uuid[])
       ON CONFLICT (lead_id) DO UPDATE SET ${column} = excluded.${column}`,
      [rows.map(([id]) => id), rows.map(([, v]) => v)],
    );
    touched.push(...rows.map(([id]) => id));
  };
  await upsert(
    'user_id',
    [...leads].flatMap(([id, l]) => (l.user === undefined ? [] : [[id, l.user] as [string, string]])),
  );
  await upsert(
    'office_id',
    [...leads].flatMap(([id, l]) => (l.office === undefined ? [] : [[id, l.office ?? null] as [string, string | null]])),
  );
  if (facts.length === 0) return touched;
  const grouped = `
    SELECT coalesce(m.survivor_lead_id, v.lead) AS lead_id, m.merged_lead_id AS merged_from,
           string_agg(v.fact, '') AS facts, max(v.ms) AS last_ms, count(*) AS events
      FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::bigint[]) AS v(lead, from_user, fact, ms)
      LEFT JOIN ${table('lead_score_merges')} m ON m.merged_lead_id = v.lead
     WHERE v.from_user IS NULL OR EXISTS (SELECT 1 FROM ${table('lead_scores')} s WHERE s.lead_id = v.lead AND s.user_id = v.from_user)
     GROUP BY 1, 2`;
  const { rows } = await tx.query<{ lead_id: string; counted: boolean }>(appendFactsSql(table, grouped), [
    facts.map((f) => f.lead),
    facts.map((f) => f.from),
    facts.map((f) => f.fact),
    facts.map((f) => f.ms),
  ]);
  return [...touched, ...rows.filter((r) => r.counted).map((r) => r.lead_id)];
}

/** After a merge or an unmerge: one facts row per lead and twin again (a chain of merges can leave two). */
async function compact({ tx, table }: ProjectionContext, leadIds: readonly string[]): Promise<void> {
  if (leadIds.length === 0) return;
  const t = table('lead_score_facts');
  await tx.query(
    `WITH gone AS (DELETE FROM ${t} WHERE lead_id = ANY($1::uuid[]) RETURNING lead_id, merged_from, facts)
     INSERT INTO ${t} (lead_id, merged_from, facts) SELECT lead_id, merged_from, string_agg(facts, '') FROM gone GROUP BY lead_id, merged_from`,
    [leadIds],
  );
}
