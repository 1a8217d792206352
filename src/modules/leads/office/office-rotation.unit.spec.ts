import { describe, expect, it } from 'vitest';
import { fold } from '../../../commands/decider';
import type { OfficeEvent } from '../leads.events';
import { decideOffice, type OfficeCommand, officeDecider } from './office';

const B = 'B';
const given = (...events: OfficeEvent[]) => fold(officeDecider, events);
const setActive = (agentId: string, active: boolean): OfficeCommand => ({ kind: 'set-active', brokerId: B, agentId, active });
const deactivated = (agentId: string): OfficeEvent => ({ type: 'AgentDeactivated', data: { brokerId: B, agentId } });
const activated = (agentId: string): OfficeEvent => ({ type: 'AgentActivated', data: { brokerId: B, agentId } });

describe('office: agents in and out of the rotation (given / when / then)', () => {
  it('given a new office, when an agent is deactivated, then AgentDeactivated', () => {
    expect(decideOffice(setActive('A1', false), given())).toEqual([{ type: 'AgentDeactivated', data: { brokerId: B, agentId: 'A1' } }]);
  });

  it('given a new office, when an agent is activated, then nothing (agents start active)', () => {
    expect(decideOffice(setActive('A1', true), given())).toEqual([]);
  });

  it('given A1 deactivated, when A1 is deactivated again, then nothing', () => {
    expect(decideOffice(setActive('A1', false), given(deactivated('A1')))).toEqual([]);
  });

  it('given A1 deactivated, when A1 is activated, then AgentActivated', () => {
    expect(decideOffice(setActive('A1', true), given(deactivated('A1')))).toEqual([{ type: 'AgentActivated', data: { brokerId: B, agentId: 'A1' } }]);
  });

  it('given A1 deactivated, when A2 is deactivated, then AgentDeactivated for A2 (each agent on their own)', () => {
    expect(decideOffice(setActive('A2', false), given(deactivated('A1')))).toEqual([deactivated('A2')]);
    expect(decideOffice(setActive('A2', true), given(deactivated('A1')))).toEqual([]);
  });

  it('given A1 deactivated then activated, when A1 is activated again, then nothing; when deactivated, then AgentDeactivated', () => {
    const state = given(deactivated('A1'), activated('A1'));
    expect(decideOffice(setActive('A1', true), state)).toEqual([]);
    expect(decideOffice(setActive('A1', false), state)).toEqual([deactivated('A1')]);
  });
});
