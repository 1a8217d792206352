import { describe, expect, it } from 'vitest';
import type { LeadEvent } from '../../src/modules/leads/leads.events';
import { captured } from '../../tests/support/lead-events';
import { projectionSpecification, specId } from '../../tests/support/projection-specification';
import { publicEventsAfter, publicEventsProjection } from './index';

const LEAD = specId(1);
const OTHER = specId(2);
const AGENT = specId(10);
const AGENT2 = specId(11);
const BROKER = specId(20);
const SITE = specId(30);
const assigned = (leadId: string, agentId: string): LeadEvent => ({
  type: 'LeadAssigned',
  data: { leadId, siteId: SITE, agentId, officeId: BROKER, rule: 'round-robin', ruleVersion: 1 },
});

describe('public events read model', () => {
  const spec = projectionSpecification(publicEventsProjection);

  it('given a lead captured, then assigned, staged and noted: the public events in store order, positions rising, each with a stable id; what came before the assignment takes its scope', () =>
    spec
      .given(captured({ leadId: LEAD, siteId: SITE, userId: specId(40), fullName: 'Pat Public' }), assigned(LEAD, AGENT))
      .when(
        { type: 'LeadStageChanged', data: { leadId: LEAD, siteId: SITE, stage: 'Nurture', fromStage: 'New', byUserId: AGENT } },
        { type: 'LeadNoteWritten', data: { leadId: LEAD, siteId: SITE, noteId: specId(50), text: 'Called', authorId: AGENT, authorName: 'Jane' } },
      )
      .then(async ({ pool }) => {
        const mine = await publicEventsAfter(pool, { userId: AGENT, role: 'agent', officeId: BROKER }, 0, 100);
        expect(mine.map((e) => e.type)).toEqual(['lead.created', 'lead.assigned', 'lead.stage_changed', 'note.created']);
        expect(mine.map((e) => e.position)).toEqual(mine.map((e) => e.position).sort((a, b) => a - b));
        expect(mine[0]!.data).toMatchObject({ leadId: LEAD, fullName: 'Pat Public' });
        expect(mine[2]!.data).toEqual({ leadId: LEAD, stage: 'Nurture', fromStage: 'New' });
        expect(await publicEventsAfter(pool, { userId: AGENT, role: 'agent', officeId: BROKER }, 0, 100)).toEqual(mine);
        expect(await publicEventsAfter(pool, { userId: BROKER, role: 'broker' }, 0, 100)).toEqual(mine);
        expect(await publicEventsAfter(pool, { userId: AGENT2, role: 'agent', officeId: BROKER }, 0, 100)).toEqual([]);
        // Paging by position: after the second, the rest.
        expect((await publicEventsAfter(pool, { userId: AGENT, role: 'agent', officeId: BROKER }, mine[1]!.position, 100)).map((e) => e.id)).toEqual(
          mine.slice(2).map((e) => e.id),
        );
      }));

  it("given two agents' leads, then each agent's feed holds only their own, the broker's and staff's both", () =>
    spec
      .given(
        captured({ leadId: LEAD, siteId: SITE, userId: specId(40), fullName: 'A' }),
        captured({ leadId: OTHER, siteId: SITE, userId: specId(41), fullName: 'B' }),
      )
      .when(assigned(LEAD, AGENT), assigned(OTHER, AGENT2))
      .then(async ({ pool }) => {
        const leadsOf = async (v: Parameters<typeof publicEventsAfter>[1]) => [
          ...new Set((await publicEventsAfter(pool, v, 0, 100)).map((e) => e.data.leadId)),
        ];
        expect(await leadsOf({ userId: AGENT, role: 'agent', officeId: BROKER })).toEqual([LEAD]);
        expect(await leadsOf({ userId: AGENT2, role: 'agent', officeId: BROKER })).toEqual([OTHER]);
        expect((await leadsOf({ userId: BROKER, role: 'broker' })).sort()).toEqual([LEAD, OTHER].sort());
        expect((await leadsOf({ userId: specId(99), role: 'staff' })).sort()).toEqual([LEAD, OTHER].sort());
      }));

  it('given a lead with public events, when the person is erased, then none of them is served any more', () =>
    spec
      .given(captured({ leadId: LEAD, siteId: SITE, userId: specId(40), fullName: 'Gone' }), assigned(LEAD, AGENT))
      .when({ type: 'PersonErased', data: { userId: specId(40), leadIds: [LEAD], byUserId: null, how: 'retention' } } as never)
      .then(async ({ pool }) => {
        expect(await publicEventsAfter(pool, { userId: specId(99), role: 'staff' }, 0, 100)).toEqual([]);
      }));
});
