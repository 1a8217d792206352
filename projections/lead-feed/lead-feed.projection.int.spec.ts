import { describe, expect, it } from 'vitest';
import type { LeadEvent } from '../../src/modules/leads/leads.events';
import { captured } from '../../tests/support/lead-events';
import { leadScoreProjection } from '../lead-score';
import { projectionSpecification, specId } from '../../tests/support/projection-specification';
import { findLead, leadFeedProjection, listLeads, type Viewer } from './index';

const JANE = specId(1);
const ALEX = specId(2);
const BROKER = specId(3);
const SITE = specId(4);
const ANN = specId(11);
const BEN = specId(12);
const jane: Viewer = { userId: JANE, role: 'agent', officeId: BROKER };
const alex: Viewer = { userId: ALEX, role: 'agent', officeId: BROKER };
const broker: Viewer = { userId: BROKER, role: 'broker' };
const lead = (leadId: string, fullName: string, source: string): LeadEvent[] => [
  captured({
    leadId,
    userId: specId(20 + Number(leadId.slice(-2))),
    siteId: SITE,
    fullName,
    email: `${fullName.split(' ')[0]!.toLowerCase()}@example.com`,
    source,
  }),
  { type: 'LeadAssigned', data: { leadId, siteId: SITE, agentId: JANE, officeId: BROKER, rule: 'round-robin', ruleVersion: 1 } },
];
const names = async (rows: Promise<{ rows: { full_name: string }[] }>) => (await rows).rows.map((r) => r.full_name).sort();

describe('lead feed read model (the dashboard’s lead list)', () => {
  // The list shows each lead's score: its read model runs beside.
  const spec = projectionSpecification(leadFeedProjection, { alongside: [leadScoreProjection] });

  it("given Jane's two leads, when one is tagged and moved to Active, then the list filters by tag, stage, source and words, in Jane's scope only", () =>
    spec
      .given(...lead(ANN, 'Ann Alpha', 'zillow'), ...lead(BEN, 'Ben Beta', 'direct'))
      .when(
        { type: 'LeadTagsChanged', data: { leadId: ANN, siteId: SITE, tags: ['vip'], byUserId: JANE } },
        { type: 'LeadStageChanged', data: { leadId: ANN, siteId: SITE, stage: 'Active', fromStage: 'New', byUserId: JANE } },
      )
      .then(async ({ pool }) => {
        expect(await names(listLeads(pool, jane, {}, 1, 50))).toEqual(['Ann Alpha', 'Ben Beta']);
        expect(await names(listLeads(pool, jane, { tags: ['vip'] }, 1, 50))).toEqual(['Ann Alpha']);
        expect(await names(listLeads(pool, jane, { stages: ['New'] }, 1, 50))).toEqual(['Ben Beta']);
        expect(await names(listLeads(pool, jane, { sources: ['direct'] }, 1, 50))).toEqual(['Ben Beta']);
        expect(await names(listLeads(pool, jane, { q: 'ann@' }, 1, 50))).toEqual(['Ann Alpha']);
        expect(await names(listLeads(pool, broker, { agentIds: [JANE] }, 1, 50))).toEqual(['Ann Alpha', 'Ben Beta']);
        expect((await listLeads(pool, alex, {}, 1, 50)).total).toBe(0);
      }));

  it('given a lead, when Jane first texts it, then it carries its first and last contact', () =>
    spec
      .given(...lead(ANN, 'Ann Alpha', 'zillow'))
      .when({ type: 'LeadFirstContacted', data: { leadId: ANN, siteId: SITE, byUserId: JANE, via: 'text', at: '2026-03-02T15:30:00.000Z' } })
      .then(async ({ pool }) => {
        const row = await findLead(pool, jane, ANN);
        expect(row?.first_contact_at).toEqual(new Date('2026-03-02T15:30:00.000Z'));
        expect((await listLeads(pool, jane, { contacted: false }, 1, 50)).total).toBe(0);
      }));

  it('given two leads, when Ben views a home, then Ben is the most recent lead in the list (the timeline says what he did)', () =>
    spec
      .given(...lead(BEN, 'Ben Beta', 'direct'), ...lead(ANN, 'Ann Alpha', 'zillow'))
      .when({
        type: 'ListingViewed',
        data: { leadId: BEN, userId: specId(32), siteId: SITE, pdid: 'NWMLS-1', address: null, price: null },
        metadata: { at: '2026-03-03T09:00:00.000Z' },
      })
      .then(async ({ pool, pushes }) => {
        expect((await listLeads(pool, jane, {}, 1, 50)).rows.map((r) => r.full_name)).toEqual(['Ben Beta', 'Ann Alpha']);
        expect((await findLead(pool, jane, BEN))?.last_activity_at).toEqual(new Date('2026-03-03T09:00:00.000Z'));
        expect(pushes).toEqual([]);
      }));

  it("given Jane's lead, when it moves to Active, then the boards of Jane, her broker and staff move its card", () =>
    spec
      .given(...lead(ANN, 'Ann Alpha', 'zillow'))
      .when({ type: 'LeadStageChanged', data: { leadId: ANN, siteId: SITE, stage: 'Active', fromStage: 'New', byUserId: JANE }, eventId: specId(99) })
      .then(({ pushes }) => {
        expect(pushes).toEqual([
          {
            to: [`user:${JANE}`, `user:${BROKER}`, 'staff'],
            name: 'lead.stage',
            payload: expect.objectContaining({ leadId: ANN, stage: 'Active', fromStage: 'New', eventId: specId(99) }),
          },
        ]);
      }));

  it("given Jane's lead, when it goes to the office pond, then nobody holds it and every agent of the office sees it there", () =>
    spec
      .given(...lead(BEN, 'Ben Beta', 'direct'))
      .when({ type: 'LeadPutInPond', data: { leadId: BEN, siteId: SITE, officeId: BROKER, fromAgentId: JANE, reason: 'not-contacted' } })
      .then(async ({ pool }) => {
        expect(await findLead(pool, alex, BEN)).toMatchObject({ in_pond: true, assigned_agent_id: null });
        expect(await names(listLeads(pool, broker, { unassigned: true }, 1, 50))).toEqual(['Ben Beta']);
      }));
});
