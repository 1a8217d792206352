import { describe, expect, it } from 'vitest';
import { fold } from '../../commands/decider';
import type { OfficeEvent } from './office.events';
import { decideOffice, type OfficeActor, type OfficeCommand, officeDecider } from './office';

// Who may link listings (agents' claims, the claims setting) is in office.unit.spec.ts; this file
// covers the rotation (set-active) and the broker's plain link and unlink.
const B = 'B';
const broker: OfficeActor = { role: 'broker', userId: B };
const given = (...events: OfficeEvent[]) => fold(officeDecider, events);
const setActive = (agentId: string, active: boolean): OfficeCommand => ({ kind: 'set-active', officeId: B, agentId, active, by: broker });
/** A change of who is off: the office's next version of its routing rules (issue 19), by the broker. */
const off = (version: number, ...agents: string[]): OfficeEvent => ({
  type: 'RoutingRulesChanged',
  data: { officeId: B, version, byUserId: B, rules: { listingAgentFirst: true, weights: {}, off: agents, pond: { enabled: false, claimWindowMinutes: 15 } } },
});
const link = (pdid: string, agentId: string | null): OfficeCommand => ({ kind: 'link-listing', officeId: B, pdid, agentId, by: broker, mlsHolder: null });
const deactivated = (agentId: string): OfficeEvent => ({ type: 'AgentDeactivated', data: { officeId: B, agentId } });
const activated = (agentId: string): OfficeEvent => ({ type: 'AgentActivated', data: { officeId: B, agentId } });
const linked = (pdid: string, agentId: string | null): OfficeEvent => ({ type: 'ListingAgentLinked', data: { officeId: B, pdid, agentId } });

describe('office: agents in and out of the rotation (given / when / then)', () => {
  it('given a new office, when an agent is deactivated, then RoutingRulesChanged version 1 with A1 off, by the broker', () => {
    expect(decideOffice(setActive('A1', false), given())).toEqual([off(1, 'A1')]);
  });

  it('given a new office, when an agent is activated, then nothing (agents start active)', () => {
    expect(decideOffice(setActive('A1', true), given())).toEqual([]);
  });

  it('given A1 deactivated, when A1 is deactivated again, then nothing', () => {
    expect(decideOffice(setActive('A1', false), given(deactivated('A1')))).toEqual([]);
  });

  it('given A1 deactivated (the older event), when A1 is activated, then RoutingRulesChanged version 2 with nobody off', () => {
    expect(decideOffice(setActive('A1', true), given(deactivated('A1')))).toEqual([off(2)]);
  });

  it('given A1 deactivated, when A2 is deactivated, then both off in the next version; when A2 is activated, then nothing (each agent on their own)', () => {
    expect(decideOffice(setActive('A2', false), given(deactivated('A1')))).toEqual([off(2, 'A1', 'A2')]);
    expect(decideOffice(setActive('A2', true), given(deactivated('A1')))).toEqual([]);
  });

  it('given A1 deactivated then activated, when A1 is activated again, then nothing; when deactivated, then version 3 with A1 off', () => {
    const state = given(deactivated('A1'), activated('A1'));
    expect(decideOffice(setActive('A1', true), state)).toEqual([]);
    expect(decideOffice(setActive('A1', false), state)).toEqual([off(3, 'A1')]);
  });

  it('given claims turned off and a listing linked, when an agent is deactivated, then version 1 with A1 off (settings and links are no rule versions)', () => {
    const state = given({ type: 'OfficeSettingsChanged', data: { officeId: B, changes: { agentsMayClaimListings: false } } }, linked('NWMLS-1', 'A1'));
    expect(decideOffice(setActive('A1', false), state)).toEqual([off(1, 'A1')]);
  });

  it('given A1 taken off by a RoutingRulesChanged, when A1 is deactivated, then nothing; when activated, then the next version', () => {
    expect(decideOffice(setActive('A1', false), given(off(1, 'A1')))).toEqual([]);
    expect(decideOffice(setActive('A1', true), given(off(1, 'A1')))).toEqual([off(2)]);
  });
});

describe('office: the broker links and unlinks listings (given / when / then)', () => {
  it('given no link, when the broker links NWMLS-1 to A1, then ListingAgentLinked', () => {
    expect(decideOffice(link('NWMLS-1', 'A1'), given())).toEqual([{ type: 'ListingAgentLinked', data: { officeId: B, pdid: 'NWMLS-1', agentId: 'A1' } }]);
  });

  it('given NWMLS-1 linked to A1, when NWMLS-2 is linked to A1, then ListingAgentLinked for NWMLS-2 (each listing on its own)', () => {
    expect(decideOffice(link('NWMLS-2', 'A1'), given(linked('NWMLS-1', 'A1')))).toEqual([linked('NWMLS-2', 'A1')]);
  });

  it('given no link, or a link already removed, when the broker unlinks, then nothing', () => {
    expect(decideOffice(link('NWMLS-1', null), given())).toEqual([]);
    expect(decideOffice(link('NWMLS-1', null), given(linked('NWMLS-1', 'A1'), linked('NWMLS-1', null)))).toEqual([]);
  });

  it('given NWMLS-1 linked to A1 then unlinked, when the broker links it to A1 again, then ListingAgentLinked', () => {
    expect(decideOffice(link('NWMLS-1', 'A1'), given(linked('NWMLS-1', 'A1'), linked('NWMLS-1', null)))).toEqual([linked('NWMLS-1', 'A1')]);
  });

  it('given A1 deactivated, when the broker links a listing to A1, then ListingAgentLinked (the routing rule, not the link, skips inactive agents)', () => {
    expect(decideOffice(link('NWMLS-1', 'A1'), given(deactivated('A1')))).toEqual([linked('NWMLS-1', 'A1')]);
  });
});
