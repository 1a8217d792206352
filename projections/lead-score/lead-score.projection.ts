import type { PropertyAlertOpened } from '../../src/modules/alerts/alerts.events';
import type { ChatMessageSent } from '../../src/modules/chat/chat.events';
import {
  type LeadActivityEvent,
  type LeadEvent,
  type LeadOwnerEvent,
  leadOwnerEventTypes,
  type ScoredSignal,
  type ScoringRulesChanged,
  type TextMessageReceived,
  type LeadEmailReceived,
} from '../../src/modules/leads/leads.events';
import type { ListingFavorited, ListingShared, ShowingRequested } from '../../src/modules/organizer/organizer.events';
import { assertNever } from '../../src/shared/errors';
import { eventsOf, handledTypes, type Projection, type ProjectionContext } from '../runner';
import { FACT_COLUMNS, factOf, type FactRow, rulesFor, type RulesRow, type ScoreFact, scoreLead } from './lead-score';

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
  | ScoringRulesChanged;

const SIGNAL: Partial<Record<Handled['type'], ScoredSignal>> = {
  ListingViewed: 'visit',
  ListingFavorited: 'favourite',
  ListingShared: 'share',
  ShowingRequested: 'showing',
  TextMessageReceived: 'reply',
  LeadEmailReceived: 'reply',
  ChatMessageSent: 'reply',
  PropertyAlertOpened: 'alertOpen',
};

/**
 * Each lead's explainable score (issue 19 part 3). The read model keeps the facts the rules may
 * count (one row per event, with its type and time) and each lead's score as of its latest fact,
 * under the rules its office had then, with every contribution. A rules change rescores every lead
 * the rules apply to, from their facts, in the same pure function (lead-score.ts) the route uses
 * for a past date; so a replay from zero and the live tables end the same.
 */
export const leadScoreProjection: Projection = {
  name: 'lead_score',
  version: 1,
  eventTypes: handledTypes<Handled>()([
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
    'ScoringRulesChanged',
  ]),
  tables: ['lead_score_rules', 'lead_scores', 'lead_score_facts'],
  async createTables(tx, t) {
    await tx.query(`CREATE TABLE ${t('lead_score_rules')} (
      scope text NOT NULL, version int NOT NULL, rules jsonb NOT NULL, by_user_id uuid NOT NULL, changed_at timestamptz NOT NULL,
      PRIMARY KEY (scope, version))`);
    await tx.query(`CREATE TABLE ${t('lead_scores')} (
      lead_id uuid PRIMARY KEY, user_id uuid, office_id uuid, score int NOT NULL DEFAULT 0, rules_version int NOT NULL DEFAULT 0,
      scored_at timestamptz, contributions jsonb NOT NULL DEFAULT '[]')`);
    await tx.query(`CREATE INDEX ON ${t('lead_scores')} (office_id)`);
    await tx.query(`CREATE INDEX ON ${t('lead_scores')} (user_id)`);
    await tx.query(`CREATE TABLE ${t('lead_score_facts')} (
      lead_id uuid NOT NULL, position bigint NOT NULL, at timestamptz NOT NULL, event_type text NOT NULL, kind text NOT NULL,
      price numeric, stage text)`);
    await tx.query(`CREATE INDEX ON ${t('lead_score_facts')} (lead_id, at, position)`);
  },
  async apply(events, ctx) {
    const { tx, table } = ctx;
    const touched = new Set<string>();
    const rescope: string[] = [];
    // Facts are written once per batch (one statement), in the log's order.
    const facts: { lead: string; position: string; at: string; type: string; kind: string; price: number | null; stage: string | null; from: string | null }[] = [];
    const fact = (leadId: string, position: bigint, at: string, type: string, kind: string, price: number | null = null, stage: string | null = null, from: string | null = null) => {
      facts.push({ lead: leadId, position: position.toString(), at, type, kind, price, stage, from });
      touched.add(leadId);
    };
    // Who each lead is and which office holds it, the last of the batch winning: one statement too.
    const leads = new Map<string, { user?: string; office?: string | null }>();
    const lead = (id: string) => {
      touched.add(id);
      const l = leads.get(id) ?? {};
      leads.set(id, l);
      return l;
    };
    for (const e of eventsOf<Handled>(events)) {
      const at = e.metadata.at;
      switch (e.type) {
        case 'LeadCaptured':
          lead(e.data.leadId).user = e.data.userId;
          break;
        case 'LeadAssigned':
        case 'LeadReassigned':
        case 'LeadClaimed':
        case 'LeadPutInPond':
          lead(e.data.leadId).office = e.data.brokerId;
          break;
        case 'LeadStageChanged':
          fact(e.data.leadId, e.globalPosition, at, e.type, 'stage', null, e.data.stage);
          break;
        case 'ListingViewed':
          fact(e.data.leadId, e.globalPosition, at, e.type, 'visit', e.data.price);
          break;
        case 'ChatMessageSent':
          // Only what the lead wrote is a reply (checked against the lead's user when written); the agent's own messages are not the lead's interest.
          fact(e.data.leadId, e.globalPosition, at, e.type, 'reply', null, null, e.data.fromUserId);
          break;
        case 'ListingFavorited':
        case 'ListingShared':
        case 'ShowingRequested':
        case 'TextMessageReceived':
        case 'LeadEmailReceived':
        case 'PropertyAlertOpened':
          fact(e.data.leadId, e.globalPosition, at, e.type, SIGNAL[e.type]!);
          break;
        case 'ScoringRulesChanged':
          await tx.query(`INSERT INTO ${table('lead_score_rules')} (scope, version, rules, by_user_id, changed_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`, [
            e.data.scope,
            e.data.rulesVersion,
            JSON.stringify(e.data.rules),
            e.data.byUserId,
            at,
          ]);
          rescope.push(e.data.scope);
          break;
        default:
          assertNever(e);
      }
    }
    const users = [...leads].filter(([, l]) => l.user !== undefined);
    const offices = [...leads].filter(([, l]) => l.office !== undefined);
    const upsert = async (column: 'user_id' | 'office_id', rows: [string, string | null | undefined][]) => {
      if (rows.length === 0) return;
      await tx.query(
        `INSERT INTO ${table('lead_scores')} (lead_id, ${column}) SELECT * FROM unnest($1::uuid[], $2::uuid[])
         ON CONFLICT (lead_id) DO UPDATE SET ${column} = excluded.${column}`,
        [rows.map(([id]) => id), rows.map(([, v]) => v ?? null)],
      );
    };
    await upsert('user_id', users.map(([id, l]) => [id, l.user]));
    await upsert('office_id', offices.map(([id, l]) => [id, l.office]));
    if (facts.length > 0) {
      await tx.query(
        `INSERT INTO ${table('lead_score_facts')} (lead_id, position, at, event_type, kind, price, stage)
         SELECT v.lead_id, v.position, v.at, v.event_type, v.kind, v.price, v.stage
           FROM unnest($1::uuid[], $2::bigint[], $3::timestamptz[], $4::text[], $5::text[], $6::numeric[], $7::text[], $8::uuid[]) AS v(lead_id, position, at, event_type, kind, price, stage, from_user)
          WHERE v.from_user IS NULL OR EXISTS (SELECT 1 FROM ${table('lead_scores')} s WHERE s.lead_id = v.lead_id AND s.user_id = v.from_user)`,
        [facts.map((f) => f.lead), facts.map((f) => f.position), facts.map((f) => f.at), facts.map((f) => f.type), facts.map((f) => f.kind), facts.map((f) => f.price), facts.map((f) => f.stage), facts.map((f) => f.from)],
      );
    }
    if (rescope.length > 0) {
      // The leads the changed rules apply to: an office's own, or (default) those of offices without their own.
      const { rows } = await tx.query<{ lead_id: string }>(
        `SELECT lead_id FROM ${table('lead_scores')} s
          WHERE s.office_id::text = ANY($1) OR ('default' = ANY($1) AND NOT EXISTS (SELECT 1 FROM ${table('lead_score_rules')} r WHERE r.scope = s.office_id::text))`,
        [rescope],
      );
      for (const r of rows) touched.add(r.lead_id);
    }
    await rescore(ctx, [...touched]);
  },
};

const CHUNK = 500;

/** Scores these leads again from their facts, as of each one's latest fact, under the rules its office has now. */
async function rescore(ctx: ProjectionContext, leadIds: readonly string[]): Promise<void> {
  if (leadIds.length === 0) return;
  const { tx, table } = ctx;
  const { rows: ruleRows } = await tx.query<RulesRow>(`SELECT DISTINCT ON (scope) scope, version, rules FROM ${table('lead_score_rules')} ORDER BY scope, version DESC`);
  for (let i = 0; i < leadIds.length; i += CHUNK) {
    const ids = leadIds.slice(i, i + CHUNK);
    const { rows: leads } = await tx.query<{ lead_id: string; office_id: string | null }>(`SELECT lead_id, office_id FROM ${table('lead_scores')} WHERE lead_id = ANY($1::uuid[])`, [ids]);
    const { rows: facts } = await tx.query<FactRow & { lead_id: string }>(
      `SELECT lead_id, ${FACT_COLUMNS} FROM ${table('lead_score_facts')} WHERE lead_id = ANY($1::uuid[]) ORDER BY lead_id, at, position`,
      [ids],
    );
    const byLead = new Map<string, ScoreFact[]>();
    for (const f of facts) {
      const list = byLead.get(f.lead_id) ?? [];
      list.push(factOf(f));
      byLead.set(f.lead_id, list);
    }
    const known = new Set(leads.map((l) => l.lead_id));
    const missing = ids.filter((id) => !known.has(id));
    if (missing.length) await tx.query(`INSERT INTO ${table('lead_scores')} (lead_id) SELECT unnest($1::uuid[]) ON CONFLICT DO NOTHING`, [missing]);
    const out: { id: string; score: number; version: number; at: string | null; contributions: string }[] = [];
    for (const l of [...leads, ...missing.map((id) => ({ lead_id: id, office_id: null }))]) {
      const list = byLead.get(l.lead_id) ?? [];
      const { version, rules } = rulesFor(ruleRows, l.office_id);
      const at = list.length ? list[list.length - 1]!.at : null;
      const s = at ? scoreLead(list, rules, new Date(at)) : { score: 0, contributions: [] };
      out.push({ id: l.lead_id, score: s.score, version, at, contributions: JSON.stringify(s.contributions) });
    }
    await tx.query(
      `UPDATE ${table('lead_scores')} s SET score = v.score, rules_version = v.version, scored_at = v.at, contributions = v.contributions
         FROM unnest($1::uuid[], $2::int[], $3::int[], $4::timestamptz[], $5::jsonb[]) AS v(lead_id, score, version, at, contributions)
        WHERE s.lead_id = v.lead_id`,
      [out.map((o) => o.id), out.map((o) => o.score), out.map((o) => o.version), out.map((o) => o.at), out.map((o) => o.contributions)],
    );
  }
}
