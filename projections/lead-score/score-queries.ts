import type pg from 'pg';
import type { ScoringRules } from '../../src/modules/leads/leads.events';
import { DEFAULT_RULES_VERSION, DEFAULT_SCORING_RULES, FACT_COLUMNS, factOf, type FactRow, type LeadScore, rulesFor, type RulesRow, scoreLead } from './lead-score';

export type ScoreView = LeadScore & { readonly rulesVersion: number };
export type RulesView = { readonly scope: string; readonly rulesVersion: number; readonly rules: ScoringRules; readonly changedBy: string | null; readonly changedAt: string | null };


/** The lead's score as the read model holds it (as of its latest event); a lead it has not seen scores 0. */
export async function leadScoreOf(pool: pg.Pool, leadId: string): Promise<ScoreView> {
  const { rows } = await pool.query<{ score: number; rules_version: number; contributions: LeadScore['contributions'] }>(
    'SELECT score, rules_version, contributions FROM lead_scores WHERE lead_id = $1',
    [leadId],
  );
  const r = rows[0];
  return r ? { score: r.score, rulesVersion: r.rules_version, contributions: r.contributions } : { score: 0, rulesVersion: DEFAULT_RULES_VERSION, contributions: [] };
}

/**
 * The lead's score as of `asOf`: its events up to then folded by the same function as the read
 * model, under the rules its office had at that instant.
 */
export async function leadScoreAsOf(pool: pg.Pool, leadId: string, asOf: Date): Promise<ScoreView> {
  const [{ rows: lead }, { rows: facts }] = await Promise.all([
    pool.query<{ office_id: string | null }>('SELECT office_id FROM lead_scores WHERE lead_id = $1', [leadId]),
    pool.query<FactRow>(
      `SELECT ${FACT_COLUMNS} FROM lead_score_facts WHERE lead_id = $1 AND at <= $2 ORDER BY at, position`,
      [leadId, asOf],
    ),
  ]);
  const { rows: rules } = await pool.query<RulesRow>(
    'SELECT DISTINCT ON (scope) scope, version, rules FROM lead_score_rules WHERE changed_at <= $1 ORDER BY scope, version DESC',
    [asOf],
  );
  const { version, rules: r } = rulesFor(rules, lead[0]?.office_id ?? null);
  return { ...scoreLead(facts.map(factOf), r, asOf), rulesVersion: version };
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
