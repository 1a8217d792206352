import type { ScoredSignal, ScoringRules } from '../../src/modules/insights/insights.events';

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

/**
 * One thing a lead did (or that happened to it) that the rules may count. `ms`: its time as epoch
 * milliseconds when known (the read model's facts carry it; `at` is then made only if a breakdown
 * names it).
 */
export type ScoreFact = {
  readonly kind: ScoredSignal | 'stage';
  readonly eventType: string;
  readonly at: string;
  readonly ms?: number;
  readonly price?: number | null;
  readonly stage?: string;
};

/**
 * The event types that make facts, in the order of their code in the read model's compact form
 * (append only: a code is stored), with the kind each counts as.
 */
export const FACT_TYPES = [
  ['LeadStageChanged', 'stage'],
  ['ListingViewed', 'visit'],
  ['ListingFavorited', 'favourite'],
  ['ListingShared', 'share'],
  ['ShowingRequested', 'showing'],
  ['TextMessageReceived', 'reply'],
  ['LeadEmailReceived', 'reply'],
  ['ChatMessageSent', 'reply'],
  ['PropertyAlertOpened', 'alertOpen'],
  // A seller opening the CMA their agent sent: an e-mail opened, as an alert's.
  ['CmaOpened', 'alertOpen'],
  // A homeowner digest opened or its link followed.
  ['HomeDigestOpened', 'alertOpen'],
  // A seller asking for a CMA from the digest: a request to meet, as a showing request.
  ['CmaRequested', 'showing'],
] as const satisfies readonly (readonly [string, ScoreFact['kind']])[];
export type FactType = (typeof FACT_TYPES)[number][0];
export const factCode = (type: FactType): number => FACT_TYPES.findIndex(([t]) => t === type);

/**
 * A lead's facts as the read model keeps them: one text per lead, `[ms,code,price or stage,position],`
 * per fact, so that a batch appends with `||` and a rules change reads one row per lead instead of
 * one per event. The same text is written by the live batches (here) and by the set-based replay
 * (SQL in log-replay.ts), in whatever order each appends: reading sorts by time, then by place in
 * the log.
 */
export const encodeFact = (ms: number, type: FactType, extra: number | string | null, position: bigint | number): string =>
  `[${ms},${factCode(type)},${JSON.stringify(extra ?? null)},${position}],`;

class StoredFact implements ScoreFact {
  constructor(
    readonly ms: number,
    readonly position: number,
    readonly kind: ScoreFact['kind'],
    readonly eventType: string,
    readonly price: number | null,
    readonly stage: string | undefined,
  ) {}
  get at(): string {
    return new Date(this.ms).toISOString();
  }
}

/** The facts of `encoded` (concatenated texts), oldest first; events at the same instant in the log's order. */
export function decodeFacts(encoded: string): ScoreFact[] {
  if (encoded === '') return [];
  const rows = JSON.parse(`[${encoded.slice(0, -1)}]`) as [number, number, number | string | null, number][];
  const facts = rows.map(([ms, code, extra, position]) => {
    const [eventType, kind] = FACT_TYPES[code]!;
    return kind === 'stage'
      ? new StoredFact(ms, position, kind, eventType, null, String(extra ?? ''))
      : new StoredFact(ms, position, kind, eventType, typeof extra === 'number' ? extra : null, undefined);
  });
  // Mostly already in order (appended as they came): checked in one pass before sorting.
  const before = (a: StoredFact, b: StoredFact) => a.ms - b.ms || a.position - b.position;
  for (let i = 1; i < facts.length; i++) if (before(facts[i - 1]!, facts[i]!) > 0) return facts.sort(before);
  return facts;
}

const msOf = (f: ScoreFact): number => f.ms ?? Date.parse(f.at);

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

/**
 * A lead's score as of `asOf` from the facts up to then, oldest first, under `rules`: each event
 * gives its kind's points halved every half-life since it happened (rounded to whole points, a
 * faded event giving 0 is left out), each kind stops at its cap (the excess a contribution of its
 * own), the current stage adds its points, a focused price range adds its points, and the total
 * is kept within 0 to 100 (the clamp again a contribution). So the contributions always add up
 * to the score, and the same facts, rules and instant always give the same answer.
 */
export function scoreLead(facts: readonly ScoreFact[], rules: ScoringRules, asOf: Date): LeadScore {
  const out: Contribution[] = [];
  const score = fold(facts, rules, asOf.getTime(), out).score;
  return { score, contributions: out };
}

/**
 * The score alone, and whether it still fades (some event still gives points, so a later instant
 * may score lower): what the read model stores for each lead. The same fold as scoreLead, without
 * building the breakdown (a rules change scores every lead; the breakdown is built when opened).
 */
export function scoreOnly(facts: readonly ScoreFact[], rules: ScoringRules, asOf: number): { score: number; fading: boolean } {
  return fold(facts, rules, asOf, null);
}

function fold(facts: readonly ScoreFact[], rules: ScoringRules, now: number, out: Contribution[] | null): { score: number; fading: boolean } {
  const byKind = new Map<ScoredSignal, number>();
  let stage: ScoreFact | null = null;
  let total = 0;
  let fading = false;
  let lastSeen: ScoreFact | undefined;
  for (const f of facts) {
    const at = msOf(f);
    if (at > now) continue;
    lastSeen = f;
    if (f.kind === 'stage') {
      stage = f;
      continue;
    }
    const rule = rules.signals[f.kind];
    const days = Math.max(0, (now - at) / DAY);
    const points = Math.round(rule.points * 0.5 ** (days / Math.max(rule.halfLifeDays, 0.01)));
    if (points === 0) continue;
    fading = true;
    const before = byKind.get(f.kind) ?? 0;
    const cap = Math.max(rule.cap, 0);
    byKind.set(f.kind, before + points);
    // The cap stated where it bites: on the event that went past it, what of its points did not count.
    const counted = Math.min(before + points, cap) - Math.min(before, cap);
    total += counted;
    if (!out) continue;
    // The reason says how far it has faded, not "n days ago": the same words whatever instant the score is read at.
    out.push({
      points,
      reason: points < rule.points ? `${LABEL[f.kind]} (faded to ${points} of ${rule.points})` : LABEL[f.kind],
      eventType: f.eventType,
      at: f.at,
    });
    if (counted < points) out.push({ points: counted - points, reason: `${CAPPED[f.kind]} count at most ${cap} points`, eventType: f.eventType, at: f.at });
  }
  if (stage) {
    const points = rules.stages[stage.stage ?? ''] ?? 0;
    total += points;
    if (points !== 0) out?.push({ points, reason: `Stage is ${stage.stage}`, eventType: stage.eventType, at: stage.at });
  }
  const focus = priceFocus(facts, rules, now, out !== null);
  if (focus) {
    total += focus.points;
    out?.push(focus);
  }
  if (out) {
    const last = out[out.length - 1] ?? (lastSeen && { eventType: lastSeen.eventType, at: lastSeen.at });
    if (total > 100 && last) out.push({ points: 100 - total, reason: 'A score stops at 100', eventType: last.eventType, at: last.at });
    if (total < 0 && last) out.push({ points: -total, reason: 'A score starts at 0', eventType: last.eventType, at: last.at });
  }
  return { score: Math.min(100, Math.max(0, total)), fading };
}

/** 500000 → "500,000" (Intl's formatter costs more than the rest of a lead's score). */
const dollars = (n: number) => String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** The last `minViews` priced views by `now` all within ±withinPercent of their median: the view that completed it gets the points. */
function priceFocus(facts: readonly ScoreFact[], rules: ScoringRules, now: number, explain: boolean): Contribution | null {
  const { points, minViews, withinPercent } = rules.priceFocus;
  if (points === 0 || minViews < 1) return null;
  const recent: ScoreFact[] = [];
  for (let i = facts.length - 1; i >= 0 && recent.length < minViews; i--) {
    const f = facts[i]!;
    if (f.kind === 'visit' && typeof f.price === 'number' && f.price > 0 && msOf(f) <= now) recent.unshift(f);
  }
  if (recent.length < minViews) return null;
  const prices = recent.map((f) => f.price!).sort((a, b) => a - b);
  const median = prices[Math.floor(prices.length / 2)]!;
  if (!prices.every((p) => Math.abs(p - median) <= (median * withinPercent) / 100)) return null;
  const lastView = recent[recent.length - 1]!;
  return {
    points,
    reason: explain ? `Viewed ${minViews} homes priced within ${withinPercent}% of $${dollars(median)}` : '',
    eventType: lastView.eventType,
    at: explain ? lastView.at : '',
  };
}

export type RulesRow = { readonly scope: string; readonly version: number; readonly rules: ScoringRules };

/** The rules a lead of `officeId` is scored by: its office's latest, else the default's, else the built-in ones. */
export function rulesFor(rows: readonly RulesRow[], officeId: string | null): { version: number; rules: ScoringRules } {
  const row = rows.find((r) => officeId !== null && r.scope === officeId) ?? rows.find((r) => r.scope === 'default');
  return row ? { version: row.version, rules: row.rules } : { version: DEFAULT_RULES_VERSION, rules: DEFAULT_SCORING_RULES };
}
