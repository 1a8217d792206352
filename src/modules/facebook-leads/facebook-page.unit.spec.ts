import { describe, expect, it } from 'vitest';
import type { Sealed } from '../../shared/sealed-box';
import type { FacebookPageEvent } from './facebook-leads.events';
import { decideFacebookPage, evolveFacebookPage, facebookPageDecider, PAGE_NOT_CONNECTED } from './facebook-page';

const OFFICE = '00000000-0000-4000-8000-000000000001';
const connected = [
  { type: 'FacebookPageConnected', data: { pageId: '104857600000001', officeId: OFFICE, byUserId: OFFICE, name: 'Demo Realty', token: {} as Sealed } },
] satisfies FacebookPageEvent[];
const fold = (events: FacebookPageEvent[]) => events.reduce(evolveFacebookPage, facebookPageDecider.initialState());
const form = (id: string, name: string) => ({ id, name, status: 'ACTIVE' });

describe('a page’s lead forms as last listed (given / when / then)', () => {
  it('given a connected page, when its forms are listed, then they are kept by id with their names', () => {
    const events = decideFacebookPage({ kind: 'forms-listed', officeId: OFFICE, forms: [form('2001', 'Free home valuation')] }, fold(connected));
    expect(events).toEqual([
      { type: 'FacebookPageFormsListed', data: { pageId: '104857600000001', officeId: OFFICE, forms: [{ formId: '2001', name: 'Free home valuation' }] } },
    ]);
    expect(fold([...connected, ...events])).toMatchObject({ forms: { '2001': 'Free home valuation' } });
  });

  it('given the same forms listed again, when listed, then nothing is appended; a new or renamed form is', () => {
    const listed = [...connected, ...decideFacebookPage({ kind: 'forms-listed', officeId: OFFICE, forms: [form('2001', 'Valuation')] }, fold(connected))];
    expect(decideFacebookPage({ kind: 'forms-listed', officeId: OFFICE, forms: [form('2001', 'Valuation')] }, fold(listed))).toEqual([]);
    expect(
      decideFacebookPage({ kind: 'forms-listed', officeId: OFFICE, forms: [form('2001', 'Valuation'), form('2002', 'Buyers')] }, fold(listed)),
    ).toHaveLength(1);
    expect(decideFacebookPage({ kind: 'forms-listed', officeId: OFFICE, forms: [form('2001', 'Home value')] }, fold(listed))).toHaveLength(1);
  });

  it('given a reconnection by the same office, then the forms are kept; another office’s listing is refused', () => {
    const listed = [...connected, ...decideFacebookPage({ kind: 'forms-listed', officeId: OFFICE, forms: [form('2001', 'Valuation')] }, fold(connected))];
    expect(fold([...listed, ...connected])).toMatchObject({ forms: { '2001': 'Valuation' } });
    expect(() => decideFacebookPage({ kind: 'forms-listed', officeId: '00000000-0000-4000-8000-000000000002', forms: [] }, fold(listed))).toThrow(
      PAGE_NOT_CONNECTED,
    );
  });
});
