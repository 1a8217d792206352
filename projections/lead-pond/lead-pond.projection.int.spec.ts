import { describe, expect, it } from 'vitest';
import type { LeadEvent, RoutingRule } from '../../src/modules/leads/leads.events';
import type { OfficeEvent } from '../../src/modules/office/office.events';
import { projectionSpecification, specId } from '../../tests/support/projection-specification';
import { leadPondProjection, pondDeadlinesPassed } from './index';

const BROKER = specId(1);
const AGENT = specId(2);
const lead = (n: number) => specId(10 + n);
const pond = (enabled: boolean, claimWindowMinutes = 30): OfficeEvent => ({
  type: 'OfficeSettingsChanged',
  data: { officeId: BROKER, changes: { pond: { enabled, claimWindowMinutes } } },
});
const assigned = (n: number, rule: RoutingRule = 'round-robin'): LeadEvent => ({
  type: 'LeadAssigned',
  data: { leadId: lead(n), siteId: specId(3), agentId: AGENT, officeId: BROKER, rule, ruleVersion: 1 },
});
// The spec's events happen from 15:01 on 2 March 2026, one minute apart: the second is assigned at 15:02.
const at = (time: string) => new Date(`2026-03-02T${time}:00.000Z`);

describe('lead pond deadlines read model', () => {
  const spec = projectionSpecification(leadPondProjection);

  it('given an office with a 30-minute claim window, when a lead is assigned at 15:02, then its deadline passes at 15:32, not before', () =>
    spec
      .given(pond(true))
      .when(assigned(1))
      .then(async ({ pool }) => {
        expect(await pondDeadlinesPassed(pool, at('15:31'))).toEqual([]);
        expect(await pondDeadlinesPassed(pool, at('15:32'))).toEqual([
          { leadId: lead(1), agentId: AGENT, officeId: BROKER, dueAt: '2026-03-02T15:32:00.000Z' },
        ]);
      }));

  it("given assigned leads, when one is contacted, then only the other's deadline is left; a lead of the agent's own site never had one", () =>
    spec
      .given(pond(true), assigned(1), assigned(2), assigned(3, 'own-site'))
      .when({ type: 'LeadFirstContacted', data: { leadId: lead(1), siteId: specId(3), byUserId: AGENT, via: 'text', at: '2026-03-02T15:10:00.000Z' } })
      .then(async ({ pool }) => expect((await pondDeadlinesPassed(pool, at('17:00'))).map((d) => d.leadId)).toEqual([lead(2)])));

  it('given deadlines running, when the broker turns the pond off, then they end; an office without a pond never sets any', () =>
    spec
      .given(pond(true), assigned(1))
      .when(pond(false), assigned(2))
      .then(async ({ pool }) => expect(await pondDeadlinesPassed(pool, at('23:00'))).toEqual([])));

  it('given a lead waiting, when it goes to the pond or is claimed, then no deadline moves it again', () =>
    spec
      .given(pond(true), assigned(1), assigned(2))
      .when(
        { type: 'LeadPutInPond', data: { leadId: lead(1), siteId: specId(3), officeId: BROKER, fromAgentId: AGENT, reason: 'not-contacted' } },
        { type: 'LeadClaimed', data: { leadId: lead(2), siteId: specId(3), agentId: specId(4), officeId: BROKER } },
      )
      .then(async ({ pool }) => expect(await pondDeadlinesPassed(pool, at('23:00'))).toEqual([])));
});
