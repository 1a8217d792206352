import { describe, expect, it } from 'vitest';
import type { ScoringRules } from '../../src/modules/insights/insights.events';
import { decodeFacts, DEFAULT_SCORING_RULES, encodeFact, type ScoreFact, scoreLead, scoreOnly } from './lead-score';

const T0 = Date.parse('2026-11-01T12:00:00.000Z');
const day = (n: number) => new Date(T0 + n * 86_400_000).toISOString();
const fact = (kind: Exclude<ScoreFact['kind'], 'stage'>, at: string, price: number | null = null): ScoreFact => ({ kind, eventType: 'E', at, price });
/** The reason of one event's own points (not a cap, the stage, the price focus or the clamp). */
const SIGNAL = /^(Viewed a home|Saved a home as a favourite|Shared a home|Asked for a showing|Replied|Opened a listing alert)( \(faded|$)/;
const sum = (s: { contributions: readonly { points: number }[] }) => s.contributions.reduce((a, c) => a + c.points, 0);
const rules = (over: Partial<ScoringRules['signals']>): ScoringRules => ({
  ...DEFAULT_SCORING_RULES,
  priceFocus: { ...DEFAULT_SCORING_RULES.priceFocus, points: 0 },
  signals: { ...DEFAULT_SCORING_RULES.signals, ...over },
});

describe('the lead score (given facts and rules / when scored as of an instant / then the breakdown)', () => {
  it('given a showing request and a reply today, then each gives its points, with its event and time, adding up to the score', () => {
    const s = scoreLead([fact('showing', day(0)), { kind: 'reply', eventType: 'TextMessageReceived', at: day(0) }], DEFAULT_SCORING_RULES, new Date(day(0)));
    expect(s.score).toBe(28);
    expect(s.contributions).toEqual([
      { points: 20, reason: 'Asked for a showing', eventType: 'E', at: day(0) },
      { points: 8, reason: 'Replied', eventType: 'TextMessageReceived', at: day(0) },
    ]);
  });

  it('given a reply, when scored one half-life and then two later, then it counts half, then a quarter; long faded it is left out', () => {
    const r = rules({ reply: { points: 8, halfLifeDays: 10, cap: 20 } });
    expect(scoreLead([fact('reply', day(0))], r, new Date(day(10))).contributions).toEqual([
      { points: 4, reason: 'Replied (faded to 4 of 8)', eventType: 'E', at: day(0) },
    ]);
    expect(scoreLead([fact('reply', day(0))], r, new Date(day(20))).score).toBe(2);
    expect(scoreLead([fact('reply', day(0))], r, new Date(day(200))).contributions).toEqual([]);
  });

  it('given more home views than the cap allows, then the cap is a contribution on the view that passed it, and the total stops there', () => {
    const r = rules({ visit: { points: 4, halfLifeDays: 1000, cap: 10 } });
    const s = scoreLead([fact('visit', day(0)), fact('visit', day(0)), fact('visit', day(0)), fact('visit', day(0))], r, new Date(day(0)));
    expect(s.score).toBe(10);
    expect(s.contributions.map((c) => c.points)).toEqual([4, 4, 4, -2, 4, -4]);
    expect(s.contributions[3]!.reason).toBe('Home views count at most 10 points');
    expect(sum(s)).toBe(s.score);
  });

  it('given more than 100 points, then a clamp contribution brings it to 100; given a negative stage alone, then one brings it to 0', () => {
    const r = rules({ showing: { points: 60, halfLifeDays: 1000, cap: 200 } });
    const high = scoreLead([fact('showing', day(0)), fact('showing', day(0))], r, new Date(day(0)));
    expect(high.score).toBe(100);
    expect(high.contributions.at(-1)).toMatchObject({ points: -20, reason: 'A score stops at 100' });
    const lost = scoreLead([{ kind: 'stage', eventType: 'LeadStageChanged', at: day(0), stage: 'Lost' }], DEFAULT_SCORING_RULES, new Date(day(1)));
    expect(lost.contributions).toEqual([
      { points: -30, reason: 'Stage is Lost', eventType: 'LeadStageChanged', at: day(0) },
      { points: 30, reason: 'A score starts at 0', eventType: 'LeadStageChanged', at: day(0) },
    ]);
    expect([lost.score, sum(lost), sum(high)]).toEqual([0, 0, 100]);
  });

  it('given only the latest stage counts, and homes viewed at close prices, then the stage and the price focus each add their points', () => {
    const views = [fact('visit', day(0), 500_000), fact('visit', day(0), 520_000), fact('visit', day(0), 480_000)];
    const stages: ScoreFact[] = [
      { kind: 'stage', eventType: 'LeadStageChanged', at: day(0), stage: 'Lost' },
      { kind: 'stage', eventType: 'LeadStageChanged', at: day(0), stage: 'Active' },
    ];
    const s = scoreLead([...views, ...stages], DEFAULT_SCORING_RULES, new Date(day(0)));
    expect(s.contributions.slice(3)).toEqual([
      { points: 10, reason: 'Stage is Active', eventType: 'LeadStageChanged', at: day(0) },
      { points: 10, reason: 'Viewed 3 homes priced within 20% of $500,000', eventType: 'E', at: day(0) },
    ]);
    expect(s.score).toBe(26);
    // Spread out, no focus.
    expect(scoreLead([fact('visit', day(0), 200_000), ...views.slice(1)], DEFAULT_SCORING_RULES, new Date(day(0))).score).toBe(6);
  });

  it('given facts after the instant, then they do not count: the score as of a date folds only what happened by then', () => {
    const facts = [fact('favourite', day(0)), fact('showing', day(5))];
    expect(scoreLead(facts, DEFAULT_SCORING_RULES, new Date(day(1))).contributions.map((c) => c.at)).toEqual([day(0)]);
  });

  it('given any mix of facts, then the contributions add up to the score, which stays within 0 to 100', () => {
    const kinds = ['visit', 'favourite', 'share', 'showing', 'reply', 'alertOpen'] as const;
    for (let n = 0; n < 60; n++) {
      const facts = Array.from({ length: n }, (_, i) => fact(kinds[(i * 7) % kinds.length]!, day(i % 13), 400_000 + (i % 5) * 30_000));
      const s = scoreLead(facts, DEFAULT_SCORING_RULES, new Date(day(14)));
      expect(sum(s)).toBe(s.score);
      expect(s.score).toBeGreaterThanOrEqual(0);
      expect(s.score).toBeLessThanOrEqual(100);
    }
  });

  it('given facts stored compactly in any order, then they read back oldest first (same instant: log order), and score as the originals', () => {
    const ms = (n: number) => T0 + n * 3_600_000;
    const parts = [
      encodeFact(ms(2), 'LeadStageChanged', 'Under contract', 9),
      encodeFact(ms(1), 'ListingViewed', 500_000, 4),
      encodeFact(ms(2), 'LeadStageChanged', 'Lost', 7),
      encodeFact(ms(0), 'ChatMessageSent', null, 2),
    ];
    const facts = decodeFacts(parts.join(''));
    expect(facts.map((f) => [f.eventType, f.at, f.kind, f.kind === 'stage' ? f.stage : f.price])).toEqual([
      ['ChatMessageSent', new Date(ms(0)).toISOString(), 'reply', null],
      ['ListingViewed', new Date(ms(1)).toISOString(), 'visit', 500_000],
      ['LeadStageChanged', new Date(ms(2)).toISOString(), 'stage', 'Lost'],
      ['LeadStageChanged', new Date(ms(2)).toISOString(), 'stage', 'Under contract'],
    ]);
    expect(decodeFacts([...parts].reverse().join(''))).toEqual(facts);
    expect(
      scoreLead(facts, DEFAULT_SCORING_RULES, new Date(ms(3)))
        .contributions.filter((c) => c.reason.startsWith('Stage'))
        .map((c) => c.reason),
    ).toEqual(['Stage is Under contract']);
  });

  it('given any mix, then the stored score (scoreOnly) is the breakdown’s, and it says it fades exactly while some event still gives points', () => {
    const kinds = ['visit', 'favourite', 'share', 'showing', 'reply', 'alertOpen'] as const;
    for (let n = 0; n < 40; n++) {
      const facts = Array.from({ length: n }, (_, i) => fact(kinds[(i * 5) % kinds.length]!, day(i % 9), 400_000 + (i % 4) * 40_000));
      for (const d of [0, 9, 30, 120, 400]) {
        const asOf = new Date(T0 + d * 86_400_000);
        const full = scoreLead(facts, DEFAULT_SCORING_RULES, asOf);
        const stored = scoreOnly(facts, DEFAULT_SCORING_RULES, asOf.getTime());
        expect(stored.score).toBe(full.score);
        expect(stored.fading).toBe(full.contributions.some((c) => c.points > 0 && SIGNAL.test(c.reason)));
      }
    }
  });
});
