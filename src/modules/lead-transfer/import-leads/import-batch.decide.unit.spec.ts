import { describe, expect, it } from 'vitest';
import { fold } from '../../../commands/decider';
import { evolveLead, initialLead, type Lead, leadIdFor } from '../../leads/lead';
import type { LeadEvent } from '../../leads/leads.events';
import { decideAddLead } from '../../leads/add-lead/add-lead.decide';
import { decideImportBatch, type ImportChoices, type ImportKnown, type ImportLine } from './import-batch.decide';

const SITE = 's1';
const AT = '2026-11-23T10:00:00.000Z';
const choices = (over: Partial<ImportChoices> = {}): ImportChoices => ({
  importId: 'i1',
  siteId: SITE,
  agentId: 'A1',
  officeId: 'B',
  byUserId: 'A1',
  viewer: { userId: 'A1', role: 'agent' },
  policy: 'skip',
  allowPartialName: false,
  at: AT,
  newUserId: (row) => `new-${row}`,
  ...over,
});
const line = (row: number, values: ImportLine['values'], tags: string[] = []): ImportLine => ({ row, values, tags });
const ann = (row: number, over: ImportLine['values'] = {}, tags: string[] = []) =>
  line(row, { FullName: 'Ann Buyer', Email: 'ann@example.com', Phone: '206-555-0100', ...over }, tags);

/** An office lead of agent `agentId`: Old Lead, old@example.com, phone as given. */
const officeLead = (agentId: string, phone: string | null, tags: string[] = []): Lead =>
  fold(
    { initialState: initialLead, evolve: evolveLead },
    decideAddLead(
      {
        leadId: 'L0',
        userId: 'u0',
        siteId: SITE,
        fullName: 'Old Lead',
        email: 'old@example.com',
        phone: phone ?? '',
        leadType: 'Buyer',
        message: '',
        listingPdid: null,
        via: 'manual',
        at: AT,
        agentId,
        officeId: 'B',
        byUserId: agentId,
        tags,
      },
      initialLead(),
    ).map((e) => (e.type === 'LeadCaptured' ? { ...e, data: { ...e.data, phone } } : e)) as LeadEvent[],
  );

const known = (over: Partial<ImportKnown> = {}): ImportKnown => ({
  byEmail: new Map(),
  byPhone: new Map(),
  fromFile: new Set(),
  owners: new Map(),
  leads: new Map(),
  ...over,
});
const outcomes = (ds: ReturnType<typeof decideImportBatch>) => ds.map((d) => d.outcome);

describe('ImportBatch (given / when / then)', () => {
  it('given nothing known, when a row has a new address, then an imported account and its lead, assigned to the agent, source "import"', () => {
    const [d] = decideImportBatch([ann(2, { LeadType: 'Seller', Message: 'Call after 5' }, ['Farm'])], choices(), known());
    const leadId = leadIdFor('new-2', SITE);
    expect(d!.outcome).toEqual({ row: 2, outcome: 'imported', leadId, message: null });
    expect(d!.account).toEqual({ userId: 'new-2', email: 'ann@example.com', fullName: 'Ann Buyer', phone: '206-555-0100' });
    expect(d!.events.map((e) => e.type)).toEqual(['LeadCaptured', 'InquirySubmitted', 'LeadAssigned', 'LeadTagsChanged']);
    expect(d!.events[0]!.data).toMatchObject({ leadType: 'Seller', source: 'import', email: 'ann@example.com' });
    expect(d!.events[2]!.data).toMatchObject({ agentId: 'A1', officeId: 'B', rule: 'manual' });
  });

  it.each([
    [{ FullName: undefined }, 'Please enter your name'],
    [{ FullName: 'Ann' }, 'Please enter your full name'],
    [{ FullName: 'Ann 123' }, 'Please enter a valid name'],
    [{ Email: 'ann@' }, 'Please enter a valid email'],
    [{ Email: undefined }, 'Please enter a valid email'],
    [{ Phone: '555-0100' }, 'Please enter a valid phone number'],
    [{ Zip: '9'.repeat(21) }, 'Zip: at most 20 characters'],
  ])('given a row with %j, when decided, then rejected with %s (the inquiry’s messages)', (over, message) => {
    expect(outcomes(decideImportBatch([ann(7, over)], choices(), known()))).toEqual([{ row: 7, outcome: 'rejected', leadId: null, message }]);
  });

  it('given the site allows a partial name, when a row has one word, then it is imported', () => {
    expect(outcomes(decideImportBatch([ann(2, { FullName: 'Ann' })], choices({ allowPartialName: true }), known()))[0]!.outcome).toBe('imported');
  });

  it('given an office lead with that e-mail or that phone (normalised), when skipping, then duplicates of it, the lead left alone', () => {
    const k = known({ byEmail: new Map([['ann@example.com', 'L0']]), byPhone: new Map([['+12065550199', 'L9']]) });
    const ds = decideImportBatch([ann(2, { Email: 'ANN@example.com ' }), ann(3, { Email: 'bo@example.com', Phone: '+1 (206) 555-0199' })], choices(), k);
    expect(outcomes(ds)).toEqual([
      { row: 2, outcome: 'duplicate', leadId: 'L0', message: 'Already a lead of your office' },
      { row: 3, outcome: 'duplicate', leadId: 'L9', message: 'Already a lead of your office' },
    ]);
    expect(ds.every((d) => d.events.length === 0 && d.account === null)).toBe(true);
  });

  it('given nothing known, when two rows share an e-mail or a phone, then the later one is a duplicate of the earlier row', () => {
    const ds = decideImportBatch([ann(2), ann(3, { Phone: '2065550111' }), ann(4, { Email: 'cy@example.com', Phone: '(206) 555 0100' })], choices(), known());
    const first = leadIdFor('new-2', SITE);
    expect(outcomes(ds).slice(1)).toEqual([
      { row: 3, outcome: 'duplicate', leadId: first, message: 'Same e-mail or phone as an earlier row' },
      { row: 4, outcome: 'duplicate', leadId: first, message: 'Same e-mail or phone as an earlier row' },
    ]);
  });

  it('given a row of an earlier batch (known from the file), when a row repeats it, then the in-file message', () => {
    const k = known({ byEmail: new Map([['ann@example.com', 'L5']]), fromFile: new Set(['L5']) });
    expect(outcomes(decideImportBatch([ann(300)], choices(), k))[0]).toEqual({
      row: 300,
      outcome: 'duplicate',
      leadId: 'L5',
      message: 'Same e-mail or phone as an earlier row',
    });
  });

  it('given the agent’s own lead without a phone, when merging, then the phone filled and the tags added (the name and e-mail kept)', () => {
    const lead = officeLead('A1', null, ['Old']);
    const k = known({ byEmail: new Map([['ann@example.com', 'L0']]), leads: new Map([['L0', lead]]) });
    const [d] = decideImportBatch([ann(2, {}, ['old', 'New'])], choices({ policy: 'merge' }), k);
    expect(d!.outcome).toEqual({ row: 2, outcome: 'merged', leadId: 'L0', message: 'Merged into the existing lead' });
    expect(d!.events).toEqual([
      {
        type: 'LeadContactEdited',
        data: { leadId: 'L0', siteId: SITE, fullName: 'Old Lead', email: 'old@example.com', phone: '206-555-0100', byUserId: 'A1' },
      },
      { type: 'LeadTagsChanged', data: { leadId: 'L0', siteId: SITE, tags: ['Old', 'New'], byUserId: 'A1' } },
    ]);
  });

  it('given a lead with a phone and the tags already, when merging, then merged with nothing to change', () => {
    const lead = officeLead('A1', '2065550100', ['VIP']);
    const k = known({ byPhone: new Map([['+12065550100', 'L0']]), leads: new Map([['L0', lead]]) });
    const [d] = decideImportBatch([ann(2, { Email: 'other@example.com' }, ['vip'])], choices({ policy: 'merge' }), k);
    expect(d!.outcome.outcome).toBe('merged');
    expect(d!.events).toEqual([]);
  });

  it('given another agent’s lead of the office, when an agent merges, then a duplicate left alone; the broker merges it', () => {
    const lead = officeLead('A2', null);
    const k = known({ byEmail: new Map([['ann@example.com', 'L0']]), leads: new Map([['L0', lead]]) });
    expect(outcomes(decideImportBatch([ann(2)], choices({ policy: 'merge' }), k))).toEqual([
      { row: 2, outcome: 'duplicate', leadId: 'L0', message: 'Already a lead of another agent of your office' },
    ]);
    const byBroker = decideImportBatch([ann(2)], choices({ policy: 'merge', viewer: { userId: 'B', role: 'broker' }, byUserId: 'B' }), k);
    expect(byBroker[0]!.outcome.outcome).toBe('merged');
  });

  it('given nothing known, when merging two rows of one person, then the second adds its tags to the lead the first made', () => {
    const ds = decideImportBatch([ann(2, {}, ['A']), ann(3, {}, ['B'])], choices({ policy: 'merge' }), known());
    const leadId = leadIdFor('new-2', SITE);
    expect(outcomes(ds)[1]).toEqual({ row: 3, outcome: 'merged', leadId, message: 'Merged into the existing lead' });
    expect(ds[1]!.events).toEqual([{ type: 'LeadTagsChanged', data: { leadId, siteId: SITE, tags: ['A', 'B'], byUserId: 'A1' } }]);
  });

  it('given an office lead with the phone only, when creating, then a new lead anyway; the same e-mail again on the site is still a duplicate', () => {
    const k = known({ byPhone: new Map([['+12065550100', 'L0']]) });
    const ds = decideImportBatch([ann(2), ann(3, { Phone: '2065550177' })], choices({ policy: 'create' }), k);
    expect(outcomes(ds)).toEqual([
      { row: 2, outcome: 'imported', leadId: leadIdFor('new-2', SITE), message: null },
      { row: 3, outcome: 'duplicate', leadId: leadIdFor('new-2', SITE), message: 'Same e-mail or phone as an earlier row' },
    ]);
  });

  it('given an account of the address that is no lead here, when imported, then a lead for that account and no new account', () => {
    const k = known({ owners: new Map([['ann@example.com', { userId: 'u7', securityLevel: 5 }]]) });
    const [d] = decideImportBatch([ann(2)], choices(), k);
    expect(d!.outcome).toEqual({ row: 2, outcome: 'imported', leadId: leadIdFor('u7', SITE), message: null });
    expect(d!.account).toBeNull();
  });

  it('given the address’s account is a lead of this site already (the feed not yet knowing it), when skipping or creating, then a duplicate', () => {
    const leadId = leadIdFor('u7', SITE);
    const lead = fold(
      { initialState: initialLead, evolve: evolveLead },
      decideAddLead(
        {
          leadId,
          userId: 'u7',
          siteId: SITE,
          fullName: 'Ann Buyer',
          email: 'ann@example.com',
          phone: '2065550100',
          leadType: 'Buyer',
          message: '',
          listingPdid: null,
          via: 'manual',
          at: AT,
          agentId: 'A2',
          officeId: 'B',
          byUserId: 'A2',
          tags: [],
        },
        initialLead(),
      ),
    );
    const k = known({ owners: new Map([['ann@example.com', { userId: 'u7', securityLevel: 5 }]]), leads: new Map([[leadId, lead]]) });
    for (const policy of ['skip', 'create'] as const) {
      expect(outcomes(decideImportBatch([ann(2)], choices({ policy }), k))).toEqual([
        { row: 2, outcome: 'duplicate', leadId, message: 'Already a lead of your office' },
      ]);
    }
  });

  it("given the address belongs to an agent, when imported, then rejected 'Email already in use'", () => {
    const k = known({ owners: new Map([['ann@example.com', { userId: 'A9', securityLevel: 10 }]]) });
    expect(outcomes(decideImportBatch([ann(2)], choices(), k))).toEqual([{ row: 2, outcome: 'rejected', leadId: null, message: 'Email already in use' }]);
  });

  it('never changes what it was given (a lost race decides the batch again from the same reads)', () => {
    const k = known();
    decideImportBatch([ann(2)], choices(), k);
    expect(k.byEmail.size + k.byPhone.size + k.owners.size + k.leads.size + k.fromFile.size).toBe(0);
  });
});
