import type pg from 'pg';
import type { ScoringRules } from '../../src/modules/insights/insights.events';
import { decodeFacts, DEFAULT_RULES_VERSION, DEFAULT_SCORING_RULES, type LeadScore, rulesFor, type RulesRow, scoreLead } from './lead-score';
import { factsOfLead, scoredAsOf } from './score-tables';

export type ScoreView = LeadScore & { readonly rulesVersion: number };
export type RulesView = {
  readonly scope: string;
  readonly rulesVersion: number;
  readonly rules: ScoringRules;
  readonly changedBy: string | null;
  readonly changedAt: string | null;
};

type LeadRow = { office_id: string | null; last_at: Date | null; facts: string; clock_ms: string };

async function leadFacts(pool: pg.Pool, leadId: string): Promise<LeadRow | undefined> {
  const { rows } = await pool.query<LeadRow>(
    `SELECT s.office_id, s.last_at, ${factsOfLead('lead_score_facts', 's.lead_id')} AS facts, (SELECT latest_ms FROM lead_score_clock) AS clock_ms
       FROM lead_scores s WHERE s.lead_id = $1`,
    [leadId],
  );
  return rows[0];
}

/**
 * The lead's score with its breakdown, as the list shows it: as of its latest event, or the start
 * of the log's latest day if later (a quiet lead's points fade day by day), under the rules its
 * office has now; folded from the stored facts by the same function that stored the score.
 */
export async function leadScoreOf(pool: pg.Pool, leadId: string): Promise<ScoreView> {
  const [lead, rules] = await Promise.all([
    leadFacts(pool, leadId),
    pool.query<RulesRow>('SELECT DISTINCT ON (scope) scope, version, rules FROM lead_score_rules ORDER BY scope, version DESC'),
  ]);
  const { version, rules: r } = rulesFor(rules.rows, lead?.office_id ?? null);
  if (!lead?.last_at) return { score: 0, rulesVersion: lead ? version : DEFAULT_RULES_VERSION, contributions: [] };
  return { ...scoreLead(decodeFacts(lead.facts), r, new Date(scoredAsOf(lead.last_at.getTime(), Number(lead.clock_ms)))), rulesVersion: version };
}

/**
 * The lead's score as of `asOf`: its events up to then folded by the same function as the read
 * model, under the rules its office had at that instant.
 */
export async function leadScoreAsOf(pool: pg.Pool, leadId: string, asOf: Date): Promise<ScoreView> {
  const [lead, rules] = await Promise.all([
    leadFacts(pool, leadId),
    pool.query<RulesRow>('SELECT DISTINCT ON (scope) scope, version, rules FROM lead_score_rules WHERE changed_at <= $1 ORDER BY scope, version DESC', [asOf]),
  ]);
  const { version, rules: r } = rulesFor(rules.rows, lead?.office_id ?? null);
  return { ...scoreLead(decodeFacts(lead?.facts ?? ''), r, asOf), rulesVersion: version };
}

/** The rules of a scope (an office's broker id, or 'default') now: its own latest, else the default's, else built-in. */
export async function scoringRulesOf(pool: pg.Pool, scope: string): Promise<RulesView> {
  const { rows } = await pool.query<RulesRow & { by_user_id: string; changed_at: Date }>(
    `SELECT DISTINCT ON (scope) scope, version, rules, by_user_id, changed_at FROM lead_score_rules WHERE scope = ANY($1) ORDER BY scope, version DESC`,
    [[scope, 'default']],
  );
  const row = rows.find((r) => r.scope === scope) ?? rows.find((r) => r.scope === 'default');
  if (!row) return { scope, rulesVersion: DEFAULT_RULES_VERSION, rules: DEFAULT_SCORING_RULES, changedBy: null, changedAt: null };
  return { scope, rulesVersion: row.version, rules: row.rules, changedBy: row.by_user_id, changedAt: row.changed_at.toISOString() };
}

/** How far the rescoring under `rulesVersion` of a scope has come: leads scored by it, of the leads it applies to. */
export async function rescoreProgress(pool: pg.Pool, scope: string, rulesVersion: number): Promise<{ scored: number; total: number }> {
  const { rows } = await pool.query<{ scored: string; total: string }>(
    `SELECT count(*) FILTER (WHERE rules_version = $2) AS scored, count(*) AS total FROM lead_scores s
      WHERE CASE WHEN $1 = 'default' THEN NOT EXISTS (SELECT 1 FROM lead_score_rules r WHERE r.scope = s.office_id::text) ELSE s.office_id::text = $1 END`,
    [scope, rulesVersion],
  );
  return { scored: Number(rows[0]?.scored ?? 0), total: Number(rows[0]?.total ?? 0) };
}

/** The SQL of a lead's score beside lead_feed (alias `f`), for the list's column, sort and filter: the one place outside this folder's files that reads it. */
export const scoreOfFeedRow = (alias: string) => `coalesce((SELECT sc.score FROM lead_scores sc WHERE sc.lead_id = ${alias}.lead_id), 0)`;
