import { describe, expect, it } from 'vitest';
import type { LeadEvent } from '../../src/modules/leads/leads.events';
import { captured } from '../../tests/support/lead-events';
import { type GivenEvent, projectionSpecification, specId } from '../../tests/support/projection-specification';
import { DEFAULT_RULES_VERSION, leadScoreAsOf, leadScoreOf, leadScoreProjection } from './index';

const LEAD = specId(1);
const SITE = specId(2);
const LEAD_USER = specId(3);
const lead: readonly LeadEvent[] = [
  captured({ leadId: LEAD, userId: LEAD_USER, siteId: SITE }),
  { type: 'LeadAssigned', data: { leadId: LEAD, siteId: SITE, agentId: specId(4), officeId: specId(5), rule: 'round-robin', ruleVersion: 1 } },
];
const viewed = (pdid: string, price: number): GivenEvent => ({
  type: 'ListingViewed',
  data: { leadId: LEAD, userId: LEAD_USER, siteId: SITE, pdid, address: `${pdid} Elm St`, price },
});
const replied: GivenEvent = {
  type: 'TextMessageReceived',
  data: { leadId: LEAD, siteId: SITE, messageId: specId(6), from: '+12065550100', body: 'Yes please', media: [], providerId: 'SM1' },
};
const total = (s: { contributions: readonly { points: number }[] }) => s.contributions.reduce((n, c) => n + c.points, 0);

describe('lead score read model', () => {
  const spec = projectionSpecification(leadScoreProjection);

  it('given a new lead, then it scores nothing yet, under the default rules', () =>
    spec
      .given(...lead)
      .then(async ({ pool }) => expect(await leadScoreOf(pool, LEAD)).toEqual({ score: 0, rulesVersion: DEFAULT_RULES_VERSION, contributions: [] })));

  it('given a lead that viewed three homes, when it replies to a text, then the reply adds to the score, and every point is explained by its event', () =>
    spec
      .given(...lead, viewed('P1', 500_000), viewed('P2', 510_000), viewed('P3', 490_000))
      .when(replied)
      .then(async ({ pool }) => {
        const now = await leadScoreOf(pool, LEAD);
        expect(now.score).toBeGreaterThan(0);
        expect(total(now)).toBe(now.score);
        expect(now.contributions.map((c) => c.eventType)).toContain('TextMessageReceived');
        const before = await leadScoreAsOf(pool, LEAD, new Date('2026-03-02T15:05:30.000Z'));
        expect(before.contributions.map((c) => c.eventType)).not.toContain('TextMessageReceived');
        expect(before.score).toBeLessThan(now.score);
      }));
});
