import { describe, expect, it } from 'vitest';
import { storedPhone } from './phone-number';
import { textLeadEmail } from './thread';

describe('textLeadEmail', () => {
  it('a phone-only person’s account address is the one a first text from that number gets, however the number was written', () => {
    expect(textLeadEmail(storedPhone('+1 (555) 010-4242')!)).toBe('text-5550104242@text-lead.invalid');
    expect(textLeadEmail(storedPhone('555.010.4242')!)).toBe('text-5550104242@text-lead.invalid');
    expect(textLeadEmail(storedPhone('+44 20 7946 0958')!)).toBe('text-442079460958@text-lead.invalid');
  });
});
