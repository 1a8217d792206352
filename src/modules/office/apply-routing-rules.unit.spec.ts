import { describe, expect, it } from 'vitest';
import { fold } from '../../commands/decider';
import { refused } from '../../../tests/support/refused';
import type { OfficeEvent, RoutingRulesInput } from './office.events';
import { decideOffice, type OfficeActor, type OfficeCommand, officeDecider } from './office';

// Routing rules as versioned data (issue 19 part 4): a rule set applied as one event with its
// version and who; the older ways of changing a rule count as versions too.
const B = 'B';
const broker: OfficeActor = { role: 'broker', userId: B };
const given = (...events: OfficeEvent[]) => fold(officeDecider, events);
const rules = (over: Partial<RoutingRulesInput> = {}): RoutingRulesInput => ({
  listingAgentFirst: true,
  weights: {},
  off: [],
  pond: { enabled: false, claimWindowMinutes: 15 },
  ...over,
});
const apply = (r: RoutingRulesInput, by: OfficeActor = broker): OfficeCommand => ({ kind: 'apply-routing-rules', officeId: B, rules: r, by });
const applied = (version: number, r: RoutingRulesInput, byUserId = B): OfficeEvent => ({
  type: 'RoutingRulesChanged',
  data: { officeId: B, version, byUserId, rules: r },
});

describe('apply routing rules (given / when / then)', () => {
  it('given an office that never chose, then version 0: listing agent first, everyone on with weight 1, no pond', () => {
    expect(given().rules).toEqual({ version: 0, listingAgentFirst: true, weights: {}, off: [], pond: { enabled: false, claimWindowMinutes: 15 } });
  });

  it('given a new office, when the broker applies A1 weight 3 and A2 off, then RoutingRulesChanged version 1 by the broker; weights of 1 are left out', () => {
    expect(decideOffice(apply(rules({ weights: { A1: 3, A3: 1 }, off: ['A2'] })), given())).toEqual([applied(1, rules({ weights: { A1: 3 }, off: ['A2'] }))]);
  });

  it('given rules applied, then the office has them: A2 out of the rotation, the pond as applied', () => {
    const office = given(applied(1, rules({ off: ['A2'], pond: { enabled: true, claimWindowMinutes: 0 } })));
    expect([...office.inactive]).toEqual(['A2']);
    expect(office.settings.pond).toEqual({ enabled: true, claimWindowMinutes: 0 });
    expect(office.rules.version).toBe(1);
  });

  it('given the older ways (an agent deactivated, the pond changed), when rules are applied, then the version counts them', () => {
    const office = given(
      { type: 'AgentDeactivated', data: { officeId: B, agentId: 'A2' } },
      { type: 'OfficeSettingsChanged', data: { officeId: B, changes: { pond: { enabled: true, claimWindowMinutes: 10 } } } },
      { type: 'OfficeSettingsChanged', data: { officeId: B, changes: { copyBrokerOnNewLeads: true } } },
    );
    expect(office.rules).toMatchObject({ version: 2, off: ['A2'], pond: { enabled: true, claimWindowMinutes: 10 } });
    expect(decideOffice(apply(rules()), office)).toEqual([applied(3, rules())]);
  });

  it('given rules in force, when the same rules are applied again (a double click), then nothing', () => {
    const r = rules({ weights: { A1: 2 }, listingAgentFirst: false });
    expect(decideOffice(apply({ ...r, weights: { A1: 2, A3: 1 } }), given(applied(1, r)))).toEqual([]);
  });

  it('when staff apply rules, then RoutingRulesChanged by staff; when an agent tries, then forbidden', () => {
    expect(decideOffice(apply(rules({ off: ['A1'] }), { role: 'staff', userId: 'S' }), given())).toEqual([applied(1, rules({ off: ['A1'] }), 'S')]);
    expect(refused(() => decideOffice(apply(rules({ off: ['A1'] }), { role: 'agent', userId: 'A1' }), given()))).toMatchObject({ code: 'forbidden' });
  });

  it('when a weight is 0 or 11, or the claim window 1441, then refused with the exact message', () => {
    expect(refused(() => decideOffice(apply(rules({ weights: { A1: 0 } })), given()))).toMatchObject({
      code: 'validation',
      message: 'A round-robin weight is a whole number from 1 to 10',
    });
    expect(refused(() => decideOffice(apply(rules({ weights: { A1: 11 } })), given()))).toMatchObject({ code: 'validation' });
    expect(refused(() => decideOffice(apply(rules({ pond: { enabled: true, claimWindowMinutes: 1441 } })), given()))).toMatchObject({
      code: 'validation',
      message: 'The claim window is a whole number of minutes from 0 to 1440',
    });
  });
});
