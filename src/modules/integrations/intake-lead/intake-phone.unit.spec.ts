import { describe, expect, it } from 'vitest';
import { intakePhone, phoneOnlyEmail } from './intake-phone';

describe('intakePhone: one number however a sender writes it', () => {
  it('a North American number in any writing is its 10 digits', () => {
    for (const raw of ['(555) 010-4242', '555.010.4242', '+1 555 010 4242', '1-555-010-4242', '0015550104242', ' 5550104242 '])
      expect(intakePhone(raw)).toBe('5550104242');
  });

  it('another country’s number keeps its country code', () => {
    expect(intakePhone('+44 20 7946 0958')).toBe('+442079460958');
    expect(intakePhone('0044 20 7946 0958')).toBe('+442079460958');
  });

  it('what cannot be a number is null', () => {
    for (const raw of ['555', '', 'call me', '(055) 010-4242', '+1 155 010 4242', '55501042421', '+0 123 456 789']) expect(intakePhone(raw)).toBeNull();
  });

  it('a phone-only person’s account address is the one a first text from that number gets', () => {
    expect(phoneOnlyEmail('5550104242')).toBe('text-5550104242@text-lead.invalid');
    expect(phoneOnlyEmail('+442079460958')).toBe('text-442079460958@text-lead.invalid');
  });
});
