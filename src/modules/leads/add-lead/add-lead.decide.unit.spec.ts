import { describe, expect, it } from 'vitest';
import { fold } from '../../../commands/decider';
import { evolveLead, initialLead, leadIdFor } from '../lead';
import type { LeadEvent } from '../leads.events';
import { refused } from '../../../../tests/support/refused';
import { type AddLead, decideAddLead } from './add-lead.decide';

const AT = '2026-11-23T10:00:00.000Z';
const add = (over: Partial<AddLead> = {}): AddLead => ({
  leadId: leadIdFor('u1', 's1'),
  userId: 'u1',
  siteId: 's1',
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '206-555-0100',
  leadType: 'Buyer',
  message: '',
  listingPdid: null,
  via: 'manual',
  at: AT,
  agentId: 'A1',
  officeId: 'B',
  byUserId: 'A1',
  tags: [],
  ...over,
});
const given = (...events: LeadEvent[]) => fold({ initialState: initialLead, evolve: evolveLead }, events);

describe('AddLead (given / when / then)', () => {
  it('given no lead, when an agent adds one by hand, then LeadCaptured with source "manual" and LeadAssigned to that agent by the rule "manual"', () => {
    const events = decideAddLead(add(), given());
    expect(events).toEqual([
      {
        type: 'LeadCaptured',
        data: {
          leadId: add().leadId,
          userId: 'u1',
          siteId: 's1',
          fullName: 'Ada Lovelace',
          email: 'ada@example.com',
          phone: '206-555-0100',
          leadType: 'Buyer',
          source: 'manual',
          firstTouch: { src: 'manual', referrer: null, at: AT },
          listingPdid: null,
        },
      },
      { type: 'LeadAssigned', data: { leadId: add().leadId, siteId: 's1', agentId: 'A1', officeId: 'B', rule: 'manual', ruleVersion: 0 } },
    ]);
    const lead = given(...events);
    expect(lead).toMatchObject({ exists: true, agentId: 'A1', officeId: 'B', stage: 'New', inquiries: 0 });
  });

  it('given no lead, when imported with a message and tags, then the inquiry is recorded (source "import") and the tags set', () => {
    const events = decideAddLead(add({ via: 'import', message: 'Wants a yard', tags: ['Open house', 'VIP'], byUserId: 'B', agentId: 'A2' }), given());
    expect(events.map((e) => e.type)).toEqual(['LeadCaptured', 'InquirySubmitted', 'LeadAssigned', 'LeadTagsChanged']);
    expect(events[0]!.data).toMatchObject({ source: 'import' });
    expect(events[1]!.data).toMatchObject({ message: 'Wants a yard', source: 'import', resumeUrl: null });
    expect(events[3]).toEqual({ type: 'LeadTagsChanged', data: { leadId: add().leadId, siteId: 's1', tags: ['Open house', 'VIP'], byUserId: 'B' } });
  });

  it("given the person is a lead of the site already, when added again, then 409 'Email already in use'", () => {
    const existing = given(...decideAddLead(add(), given()));
    expect(refused(() => decideAddLead(add(), existing))).toMatchObject({ code: 'conflict', message: 'Email already in use' });
  });
});
