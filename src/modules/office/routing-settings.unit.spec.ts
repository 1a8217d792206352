import { describe, expect, it } from 'vitest';
import { fold } from '../../commands/decider';
import { refused } from '../../../tests/support/refused';
import type { OfficeEvent, OfficeSettings } from './office.events';
import { decideOffice, type OfficeActor, type OfficeCommand, officeDecider } from './office';

// The routing settings (issue 15): the pond and the broker's copy of new-lead notices, changed
// through the office's one change-settings command.
const B = 'B';
const broker: OfficeActor = { role: 'broker', userId: B };
const given = (...events: OfficeEvent[]) => fold(officeDecider, events);
const change = (changes: Partial<OfficeSettings>, by: OfficeActor = broker): OfficeCommand => ({ kind: 'change-settings', officeId: B, changes, by });
const changed = (changes: Partial<OfficeSettings>): OfficeEvent => ({ type: 'OfficeSettingsChanged', data: { officeId: B, changes } });
/** The pond is a routing rule (issue 19): its change is the office's next version of the rules. */
const pondRule = (version: number, pond: OfficeSettings['pond'], byUserId = B): OfficeEvent => ({
  type: 'RoutingRulesChanged',
  data: { officeId: B, version, byUserId, rules: { listingAgentFirst: true, weights: {}, off: [], pond } },
});

describe('routing settings: the pond and the broker copy (given / when / then)', () => {
  it('given an office that never chose, then no pond (a 15-minute window ready) and no copies', () => {
    expect(given().settings).toMatchObject({ pond: { enabled: false, claimWindowMinutes: 15 }, copyBrokerOnNewLeads: false });
  });

  it('given a new office, when the broker turns the pond on with 30 minutes and asks for copies, then OfficeSettingsChanged with the copies and routing rules version 1 with the pond', () => {
    expect(decideOffice(change({ pond: { enabled: true, claimWindowMinutes: 30 }, copyBrokerOnNewLeads: true }), given())).toEqual([
      changed({ copyBrokerOnNewLeads: true }),
      pondRule(1, { enabled: true, claimWindowMinutes: 30 }),
    ]);
  });

  it('given the pond set by routing rules, then the settings show it', () => {
    expect(given(pondRule(1, { enabled: true, claimWindowMinutes: 0 })).settings.pond).toEqual({ enabled: true, claimWindowMinutes: 0 });
  });

  it('given the pond on with 30 minutes, when the same pond is sent again (keys in another order), then nothing', () => {
    const state = given(changed({ pond: { enabled: true, claimWindowMinutes: 30 } }));
    expect(decideOffice(change({ pond: { claimWindowMinutes: 30, enabled: true } as OfficeSettings['pond'] }), state)).toEqual([]);
  });

  it('given the pond on with 30 minutes and copies on, when only the window changes to 0 (straight to the pond), then only the pond changes (the next rules version)', () => {
    const state = given(changed({ pond: { enabled: true, claimWindowMinutes: 30 }, copyBrokerOnNewLeads: true }));
    expect(decideOffice(change({ pond: { enabled: true, claimWindowMinutes: 0 }, copyBrokerOnNewLeads: true }), state)).toEqual([
      pondRule(2, { enabled: true, claimWindowMinutes: 0 }),
    ]);
  });

  it('given any office, when the window is 1440 (a day), then it is taken; 1441, -1 or 2.5 minutes are refused with the message', () => {
    expect(decideOffice(change({ pond: { enabled: true, claimWindowMinutes: 1440 } }), given())).toHaveLength(1);
    for (const claimWindowMinutes of [1441, -1, 2.5, Number.NaN]) {
      expect(refused(() => decideOffice(change({ pond: { enabled: true, claimWindowMinutes } }), given()))).toMatchObject({
        code: 'validation',
        message: 'The claim window is a whole number of minutes from 0 to 1440',
      });
    }
  });

  it('given any office, when staff change the pond, then OfficeSettingsChanged; when an agent tries, then forbidden', () => {
    expect(decideOffice(change({ copyBrokerOnNewLeads: true }, { role: 'staff', userId: 'S' }), given())).toEqual([changed({ copyBrokerOnNewLeads: true })]);
    expect(refused(() => decideOffice(change({ pond: { enabled: true, claimWindowMinutes: 5 } }, { role: 'agent', userId: 'A1' }), given()))).toMatchObject({
      code: 'forbidden',
      message: 'Only the broker can change the office settings',
    });
  });
});
