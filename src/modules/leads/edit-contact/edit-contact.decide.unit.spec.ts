import { describe, expect, it } from 'vitest';
import { fold } from '../../../commands/decider';
import { INQUIRY_MESSAGES } from '../../../contract/validate-inquiry';
import { captured, LEAD } from '../../../../tests/support/lead-events';
import { refused } from '../../../../tests/support/refused';
import type { LeadEvent } from '../leads.events';
import { decideEditContact, editContactDecider, type EditContact } from './edit-contact.decide';

const given = (...events: LeadEvent[]) => fold(editContactDecider, events);
const edit = (c: Omit<EditContact, 'byUserId'>): EditContact => ({ ...c, byUserId: 'A1' });
const edited = (fullName: string, email: string, phone: string | null): LeadEvent => ({
  type: 'LeadContactEdited',
  data: { leadId: LEAD, siteId: 's1', fullName, email, phone, byUserId: 'A1' },
});

describe('EditContact (given / when / then)', () => {
  it('given a lead, when the phone is corrected, then LeadContactEdited with every contact field (the others as they were), the phone as digits', () => {
    expect(decideEditContact(edit({ phone: '425-555-0199' }), given(captured()))).toEqual([edited('Ada Lovelace', 'ada@example.com', '4255550199')]);
  });

  it('when the name and e-mail change, then the e-mail as stored (trimmed, lower case); a name of one word is fine', () => {
    expect(decideEditContact(edit({ fullName: ' Ada ', email: ' Ada.King@Example.COM ' }), given(captured()))).toEqual([
      edited('Ada', 'ada.king@example.com', '2065550100'),
    ]);
  });

  it('when the phone is removed, then phone null', () => {
    expect(decideEditContact(edit({ phone: null }), given(captured()))).toEqual([edited('Ada Lovelace', 'ada@example.com', null)]);
  });

  it('when nothing differs, then nothing', () => {
    expect(decideEditContact(edit({ fullName: 'Ada Lovelace', email: 'ADA@example.com', phone: '206-555-0100' }), given(captured()))).toEqual([]);
  });

  it("when a field breaks the inquiry form's rules, then 400 with the inquiry's message", () => {
    const lead = given(captured());
    expect(refused(() => decideEditContact(edit({ email: 'not-an-address' }), lead))).toMatchObject({ code: 'validation', message: INQUIRY_MESSAGES.email });
    expect(refused(() => decideEditContact(edit({ phone: '555-01' }), lead)).message).toBe(INQUIRY_MESSAGES.phone);
    expect(refused(() => decideEditContact(edit({ fullName: '   ' }), lead)).message).toBe(INQUIRY_MESSAGES.name);
    expect(refused(() => decideEditContact(edit({ fullName: 'Ada 123' }), lead)).message).toBe(INQUIRY_MESSAGES.validName);
  });

  it('given no lead, then 404', () => {
    expect(refused(() => decideEditContact(edit({ fullName: 'X Y' }), given())).code).toBe('not_found');
  });
});
