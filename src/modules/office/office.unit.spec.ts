import { describe, expect, it } from 'vitest';
import type { OfficeEvent } from './office.events';
import { decideOffice, evolveOffice, initialOffice, OFFICE_MESSAGES, type OfficeActor } from './office';

const BROKER = '00000000-0000-4000-8000-0000000000b1';
const JANE = '00000000-0000-4000-8000-0000000000a1';
const TOM = '00000000-0000-4000-8000-0000000000a2';
const STAFF = '00000000-0000-4000-8000-0000000000c1';
const PDID = 'DEMO-42';

const broker: OfficeActor = { role: 'broker', userId: BROKER };
const staff: OfficeActor = { role: 'staff', userId: STAFF };
const agent = (userId: string): OfficeActor => ({ role: 'agent', userId });

const given = (...events: OfficeEvent[]) => events.reduce(evolveOffice, initialOffice());
const linked = (agentId: string | null, pdid = PDID): OfficeEvent => ({ type: 'ListingAgentLinked', data: { officeId: BROKER, pdid, agentId } });
const claimsAllowed = (allowed: boolean): OfficeEvent => ({
  type: 'OfficeSettingsChanged',
  data: { officeId: BROKER, changes: { agentsMayClaimListings: allowed } },
});
const link = (by: OfficeActor, agentId: string | null, pdid = PDID, mlsHolder: string | null = null) => ({
  kind: 'link-listing' as const,
  officeId: BROKER,
  pdid,
  agentId,
  by,
  mlsHolder,
});

describe("who may change a listing's agent (given / when / then)", () => {
  it('given a listing the broker gave Tom, when Jane links it to herself, then 403: only the broker may change it', () => {
    expect(() => decideOffice(link(agent(JANE), JANE), given(linked(TOM)))).toThrow(OFFICE_MESSAGES.held);
  });

  it('given a listing nobody holds in an office that never chose, when Jane claims it, then it is hers', () => {
    expect(decideOffice(link(agent(JANE), JANE), given())).toEqual([linked(JANE)]);
  });

  it('given a listing Jane claimed, when Tom claims it too, then 403; when Jane claims it again, then nothing', () => {
    const office = given(linked(JANE));
    expect(() => decideOffice(link(agent(TOM), TOM), office)).toThrow(OFFICE_MESSAGES.held);
    expect(decideOffice(link(agent(JANE), JANE), office)).toEqual([]);
  });

  it("given a listing never linked whose ListAgentMlsId is Tom's MLS id, when Jane claims it, then 403: it is Tom's", () => {
    expect(() => decideOffice(link(agent(JANE), JANE, PDID, TOM), given())).toThrow(OFFICE_MESSAGES.held);
    expect(decideOffice(link(agent(TOM), TOM, PDID, TOM), given())).toEqual([linked(TOM)]);
    expect(decideOffice(link(broker, JANE, PDID, TOM), given())).toEqual([linked(JANE)]);
  });

  it('given a listing that was unlinked, when Jane claims it, then it is hers', () => {
    expect(decideOffice(link(agent(JANE), JANE), given(linked(TOM), linked(null)))).toEqual([linked(JANE)]);
  });

  it('given an office that does not allow claims, when Jane claims a listing nobody holds, then 403', () => {
    expect(() => decideOffice(link(agent(JANE), JANE), given(claimsAllowed(false)))).toThrow(OFFICE_MESSAGES.claimsOff);
    expect(decideOffice(link(agent(JANE), JANE), given(claimsAllowed(false), claimsAllowed(true)))).toEqual([linked(JANE)]);
  });

  it('when an agent links a listing to another agent, or unlinks one (even their own), then 403', () => {
    expect(() => decideOffice(link(agent(JANE), TOM), given())).toThrow(OFFICE_MESSAGES.linkOther);
    expect(() => decideOffice(link(agent(JANE), null), given(linked(JANE)))).toThrow(OFFICE_MESSAGES.unlink);
  });

  it('the thrown refusals are 403s', () => {
    try {
      decideOffice(link(agent(JANE), JANE), given(linked(TOM)));
    } catch (err) {
      expect(err).toMatchObject({ code: 'forbidden' });
    }
    expect.assertions(1);
  });

  it('the broker and staff change any listing, whatever the setting', () => {
    const office = given(claimsAllowed(false), linked(JANE));
    expect(decideOffice(link(broker, TOM), office)).toEqual([linked(TOM)]);
    expect(decideOffice(link(staff, TOM), office)).toEqual([linked(TOM)]);
    expect(decideOffice(link(broker, null), office)).toEqual([linked(null)]);
    expect(decideOffice(link(broker, JANE), office)).toEqual([]);
  });
});

describe('office settings (given / when / then)', () => {
  const change = (by: OfficeActor, agentsMayClaimListings: boolean) => ({
    kind: 'change-settings' as const,
    officeId: BROKER,
    changes: { agentsMayClaimListings },
    by,
  });

  it('an office that never chose lets agents claim', () => {
    expect(given().settings.agentsMayClaimListings).toBe(true);
  });

  it('when the broker turns claims off, then OfficeSettingsChanged; the same value again changes nothing', () => {
    expect(decideOffice(change(broker, false), given())).toEqual([claimsAllowed(false)]);
    expect(decideOffice(change(staff, false), given())).toEqual([claimsAllowed(false)]);
    expect(decideOffice(change(broker, true), given())).toEqual([]);
    expect(decideOffice(change(broker, false), given(claimsAllowed(false)))).toEqual([]);
  });

  it('when an agent changes a setting, then 403', () => {
    expect(() => decideOffice(change(agent(JANE), true), given(claimsAllowed(false)))).toThrow(OFFICE_MESSAGES.settings);
  });
});
