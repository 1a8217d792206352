import { leadOwnerEventTypes } from '../../src/modules/leads/leads.events';
import { MergedLeads } from '../lead-rows';

/**
 * The read model's tables, shared by its batches (lead-score.projection.ts), its set-based
 * replay (log-replay.ts), its rescoring (rescore.ts) and its queries.
 *
 * - lead_scores: one row per lead: who it is, its office, its stored score and whether that
 *   still fades (`fading`: some event still gives points, so a later day may score lower).
 * - lead_score_facts: a lead's facts in compact form (lead-score.ts `encodeFact`), one row per
 *   lead and per merged twin (`merged_from`, see MergedLeads), appended batch by batch.
 * - lead_score_clock: the latest fact's time on the whole log; a stored score is the lead's
 *   score as of the later of its own latest fact and the start of that day (UTC), so a quiet
 *   lead's score fades day by day as the log moves on, and the breakdown reads the same instant.
 */
export const merges = new MergedLeads('lead_score_merges', ['lead_score_facts']);

/** What the set-based replay leaves to `apply`, one event at a time in the log's order: they move facts between leads. */
export const MERGE_EVENT_TYPES = ['AccountsMerged', 'AccountsUnmerged', 'PersonErased'] as const;

/** Every event type the read model reads. */
export const SCORE_EVENT_TYPES = [
  'LeadCaptured',
  'LeadStageChanged',
  ...leadOwnerEventTypes,
  'ListingViewed',
  'ListingFavorited',
  'ListingShared',
  'ShowingRequested',
  'TextMessageReceived',
  'LeadEmailReceived',
  'ChatMessageSent',
  'PropertyAlertOpened',
  'CmaOpened',
  'HomeDigestOpened',
  'CmaRequested',
  'ScoringRulesChanged',
  ...MERGE_EVENT_TYPES,
] as const;

export const SCORE_TABLES = ['lead_score_rules', 'lead_scores', 'lead_score_facts', 'lead_score_clock', ...merges.tables];

export const DAY_MS = 86_400_000;

/** The instant a lead's stored score is as of: its latest fact, or the start of the log's latest day if later. */
export const scoredAsOf = (lastMs: number, clockMs: number): number => Math.max(lastMs, Math.floor(clockMs / DAY_MS) * DAY_MS);

/** The facts of a lead and of the twins merged into it, in one text: in any order (decodeFacts sorts them). */
export const factsOfLead = (facts: string, lead: string) => `coalesce((SELECT string_agg(f.facts, '') FROM ${facts} f WHERE f.lead_id = ${lead}), '')`;

/**
 * Appends grouped facts to their leads' rows: `grouped` is a query answering
 * (lead_id, merged_from, facts, last_ms, events), one row per target (`facts` null: none of its
 * events counted). Creates the lead's score row if it has none, moves the clock, and answers
 * the leads that got facts, with how many events each group had.
 */
export const appendFactsSql = (t: (base: string) => string, grouped: string) => `
  WITH g AS MATERIALIZED (${grouped}),
  x AS (SELECT * FROM g WHERE g.facts IS NOT NULL),
  up AS (UPDATE ${t('lead_score_facts')} f SET facts = f.facts || x.facts FROM x
          WHERE f.lead_id = x.lead_id AND f.merged_from IS NOT DISTINCT FROM x.merged_from RETURNING f.lead_id, f.merged_from),
  ins AS (INSERT INTO ${t('lead_score_facts')} (lead_id, merged_from, facts)
          SELECT x.lead_id, x.merged_from, x.facts FROM x
           WHERE NOT EXISTS (SELECT 1 FROM up WHERE up.lead_id = x.lead_id AND up.merged_from IS NOT DISTINCT FROM x.merged_from)),
  rows AS (INSERT INTO ${t('lead_scores')} (lead_id) SELECT DISTINCT x.lead_id FROM x ON CONFLICT (lead_id) DO NOTHING),
  clock AS (UPDATE ${t('lead_score_clock')} SET latest_ms = greatest(latest_ms, (SELECT max(x.last_ms) FROM x)) WHERE EXISTS (SELECT 1 FROM x))
  SELECT g.lead_id, g.events, g.facts IS NOT NULL AS counted FROM g`;
