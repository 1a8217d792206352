import { describe, expect, it } from 'vitest';
import { storedPhone } from '../../../contract/phone-number';
import { phoneOnlyEmail } from './intake-phone';

describe('phoneOnlyEmail', () => {
  it('a phone-only person’s account address is the one a first text from that number gets, however the number was written', () => {
    expect(phoneOnlyEmail(storedPhone('+1 (555) 010-4242')!)).toBe('text-5550104242@text-lead.invalid');
    expect(phoneOnlyEmail(storedPhone('555.010.4242')!)).toBe('text-5550104242@text-lead.invalid');
    expect(phoneOnlyEmail(storedPhone('+44 20 7946 0958')!)).toBe('text-442079460958@text-lead.invalid');
  });
});
