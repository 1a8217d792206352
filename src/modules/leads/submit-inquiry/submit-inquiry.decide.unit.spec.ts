import { describe, expect, it } from 'vitest';
import { evolveLead, initialLead, leadIdFor, sourceLabel } from '../lead';
import { decideCaptureSignUp, decideSubmitInquiry, type SubmitInquiry } from './submit-inquiry.decide';

const firstTouch = { src: null, referrer: 'https://www.zillow.com/homes', at: '2026-01-01T00:00:00.000Z' };
const command: SubmitInquiry = {
  leadId: leadIdFor('u1', 's1'),
  userId: 'u1',
  siteId: 's1',
  listingPdid: 'NWMLS-1',
  leadType: 'Buyer',
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '2065550100',
  message: 'Hi',
  resumeUrl: null,
  firstTouch,
};

describe('SubmitInquiry', () => {
  it('given no lead: LeadCaptured then InquirySubmitted, with the source', () => {
    const events = decideSubmitInquiry(command, initialLead());
    expect(events.map((e) => e.type)).toEqual(['LeadCaptured', 'InquirySubmitted']);
    expect(events[0]!.data).toMatchObject({ source: 'www.zillow.com', listingPdid: 'NWMLS-1', leadType: 'Buyer' });
  });

  it('given the lead: only InquirySubmitted; a sign-up captures nothing more', () => {
    const state = decideSubmitInquiry(command, initialLead()).reduce(evolveLead, initialLead());
    expect(decideSubmitInquiry(command, state).map((e) => e.type)).toEqual(['InquirySubmitted']);
    expect(decideCaptureSignUp({ ...command, phone: null }, state)).toEqual([]);
  });

  it('one lead id per user and site', () => {
    expect(leadIdFor('u1', 's1')).toBe(leadIdFor('u1', 's1'));
    expect(leadIdFor('u1', 's2')).not.toBe(leadIdFor('u1', 's1'));
    expect(leadIdFor('u1', 's1')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it.each([
    [{ src: 'zillow', referrer: 'https://x.test/' }, 'zillow'],
    [{ src: null, referrer: 'https://x.test/a' }, 'x.test'],
    [{ src: null, referrer: null }, 'direct'],
  ])('source of %j is %s', (ft, label) => expect(sourceLabel(ft)).toBe(label));
});
