import type { ScoredSignal, ScoringRules } from '../../src/modules/leads/leads.events';

/** The rules every office starts with (version 0, before anyone changed them). */
export const DEFAULT_SCORING_RULES: ScoringRules = {
  signals: {
    visit: { points: 2, halfLifeDays: 7, cap: 25 },
    favourite: { points: 6, halfLifeDays: 14, cap: 20 },
    share: { points: 6, halfLifeDays: 14, cap: 12 },
    showing: { points: 20, halfLifeDays: 21, cap: 30 },
    reply: { points: 8, halfLifeDays: 10, cap: 20 },
    alertOpen: { points: 3, halfLifeDays: 7, cap: 12 },
  },
  stages: { New: 0, 'Attempted contact': 0, Active: 10, Nurture: 0, 'Under contract': 15, Closed: -20, Lost: -30 },
  priceFocus: { points: 10, minViews: 3, withinPercent: 20 },
};
export const DEFAULT_RULES_VERSION = 0;

/** One thing a lead did (or that happened to it) that the rules may count: what the read model keeps per lead. */
export type ScoreFact =
  | { readonly kind: ScoredSignal; readonly eventType: string; readonly at: string; readonly price?: number | null }
  | { readonly kind: 'stage'; readonly eventType: string; readonly at: string; readonly stage: string };

export type Contribution = { readonly points: number; readonly reason: string; readonly eventType: string; readonly at: string };
export type LeadScore = { readonly score: number; readonly contributions: readonly Contribution[] };

const DAY = 86_400_000;
const LABEL: Record<ScoredSignal, string> = {
  visit: 'Viewed a home',
  favourite: 'Saved a home as a favourite',
  share: 'Shared a home',
  showing: 'Asked for a showing',
  reply: 'Replied',
  alertOpen: 'Opened a listing alert',
};
const CAPPED: Record<ScoredSignal, string> = {
  visit: 'Home views',
  favourite: 'Favourites',
  share: 'Shares',
  showing: 'Showing requests',
  reply: 'Replies',
  alertOpen: 'Alert opens',
};

const daysAgo = (at: string, asOf: number) => Math.max(0, (asOf - Date.parse(at)) / DAY);

/**
 * A lead's score as of `asOf` from the facts up to then, oldest first, under `rules`: each event
 * gives its kind's points halved every half-life since it happened (rounded to whole points, a
 * faded event giving 0 is left out), each kind stops at its cap (the excess a contribution of its
 * own), the current stage adds its points, a focused price range adds its points, and the total
 * is kept within 0 to 100 (the clamp again a contribution). So the contributions always add up
 * to the score, and the same facts, rules and instant always give the same answer.
 */
export function scoreLead(facts: readonly ScoreFact[], rules: ScoringRules, asOf: Date): LeadScore {
  const now = asOf.getTime();
  const seen = facts.filter((f) => Date.parse(f.at) <= now);
  const out: Contribution[] = [];
  const byKind = new Map<ScoredSignal, number>();
  let stage: Extract<ScoreFact, { kind: 'stage' }> | null = null;
  for (const f of seen) {
    if (f.kind === 'stage') {
      stage = f;
      continue;
    }
    const rule = rules.signals[f.kind];
    const days = daysAgo(f.at, now);
    const points = Math.round(rule.points * 0.5 ** (days / Math.max(rule.halfLifeDays, 0.01)));
    if (points === 0) continue;
    const before = byKind.get(f.kind) ?? 0;
    const cap = Math.max(rule.cap, 0);
    byKind.set(f.kind, before + points);
    // The reason says how far it has faded, not "n days ago": the same words whatever instant the score is read at.
    out.push({ points, reason: points < rule.points ? `${LABEL[f.kind]} (faded to ${points} of ${rule.points})` : LABEL[f.kind], eventType: f.eventType, at: f.at });
    // The cap stated where it bites: on the event that went past it, what of its points did not count.
    const counted = Math.min(before + points, cap) - Math.min(before, cap);
    if (counted < points) out.push({ points: counted - points, reason: `${CAPPED[f.kind]} count at most ${cap} points`, eventType: f.eventType, at: f.at });
  }
  if (stage) {
    const points = rules.stages[stage.stage] ?? 0;
    if (points !== 0) out.push({ points, reason: `Stage is ${stage.stage}`, eventType: stage.eventType, at: stage.at });
  }
  const focus = priceFocus(seen, rules);
  if (focus) out.push(focus);
  const total = out.reduce((s, c) => s + c.points, 0);
  const last = out[out.length - 1] ?? seen[seen.length - 1];
  if (total > 100 && last) out.push({ points: 100 - total, reason: 'A score stops at 100', eventType: last.eventType, at: last.at });
  if (total < 0 && last) out.push({ points: -total, reason: 'A score starts at 0', eventType: last.eventType, at: last.at });
  return { score: Math.min(100, Math.max(0, total)), contributions: out };
}

/** 500000 → "500,000" (Intl's formatter costs more than the rest of a lead's score). */
const dollars = (n: number) => String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** The last `minViews` priced views all within ±withinPercent of their median: the view that completed it gets the points. */
function priceFocus(facts: readonly ScoreFact[], rules: ScoringRules): Contribution | null {
  const { points, minViews, withinPercent } = rules.priceFocus;
  if (points === 0 || minViews < 1) return null;
  const priced = facts.filter((f): f is Exclude<ScoreFact, { kind: 'stage' }> => f.kind === 'visit' && typeof f.price === 'number' && f.price > 0);
  if (priced.length < minViews) return null;
  const recent = priced.slice(-minViews);
  const prices = recent.map((f) => f.price!).sort((a, b) => a - b);
  const median = prices[Math.floor(prices.length / 2)]!;
  if (!prices.every((p) => Math.abs(p - median) <= (median * withinPercent) / 100)) return null;
  const lastView = recent[recent.length - 1]!;
  return { points, reason: `Viewed ${minViews} homes priced within ${withinPercent}% of $${dollars(median)}`, eventType: lastView.eventType, at: lastView.at };
}

export type RulesRow = { readonly scope: string; readonly version: number; readonly rules: ScoringRules };

/** The rules a lead of `officeId` is scored by: its office's latest, else the default's, else the built-in ones. */
export function rulesFor(rows: readonly RulesRow[], officeId: string | null): { version: number; rules: ScoringRules } {
  const row = rows.find((r) => officeId !== null && r.scope === officeId) ?? rows.find((r) => r.scope === 'default');
  return row ? { version: row.version, rules: row.rules } : { version: DEFAULT_RULES_VERSION, rules: DEFAULT_SCORING_RULES };
}

/** A fact as the read model stores it. */
/** The columns a fact is read with (time as epoch milliseconds, price as a float: no Date or numeric parsing per row). */
export const FACT_COLUMNS = "round(extract(epoch from at) * 1000)::float8 AS at_ms, event_type, kind, price::float8 AS price, stage";
export type FactRow = { at_ms: number; event_type: string; kind: ScoreFact['kind']; price: number | null; stage: string | null };

export function factOf(f: FactRow): ScoreFact {
  const at = new Date(f.at_ms).toISOString();
  return f.kind === 'stage' ? { kind: 'stage', eventType: f.event_type, at, stage: f.stage ?? '' } : { kind: f.kind, eventType: f.event_type, at, price: f.price };
}
