import { describe, expect, it } from 'vitest';
import { phoneKey } from './lead-import';
import { phoneE164, storedPhone, tenDigits } from './phone-number';

describe('phoneE164: one key for a number however it is written', () => {
  it('a North American number in the ways leads, portals and carriers write it', () => {
    for (const raw of [
      '(555) 010-4242',
      '555.010.4242',
      '555-010-4242',
      '5550104242',
      ' 5550104242 ',
      '+1 555 010 4242',
      '+15550104242',
      '1-555-010-4242',
      '1 (555) 010-4242',
      '0015550104242',
      '555-010-4242 ext. 12',
      'tel:+1-555-010-4242',
    ])
      expect(phoneE164(raw), raw).toBe('+15550104242');
  });

  it('another country’s number written with +, 00 or 011 keeps its country', () => {
    expect(phoneE164('+44 20 7946 0958')).toBe('+442079460958');
    expect(phoneE164('0044 20 7946 0958')).toBe('+442079460958');
    expect(phoneE164('011 44 20 7946 0958')).toBe('+442079460958');
    expect(phoneE164('+91 98765 43210')).toBe('+919876543210');
    expect(phoneE164('+52 55 1234 5678')).toBe('+525512345678');
    expect(phoneE164('+61 412 345 678')).toBe('+61412345678');
  });

  it('a foreign number written without + or 00 is not read as North American when it cannot be one', () => {
    for (const raw of ['07911 123456', '44 7911 123456', '919876543210', '52 33 1234 5678', '11 98765 4321']) expect(phoneE164(raw), raw).toBeNull();
  });

  it('a number read in another country’s plan when the caller names the country', () => {
    expect(phoneE164('07911 123456', 'GB')).toBe('+447911123456');
    expect(phoneE164('020 7946 0958', 'GB')).toBe('+442079460958');
  });

  it('what cannot be a number is null', () => {
    for (const raw of ['', '   ', 'call me', '555', '555-0100', '(055) 010-4242', '+1 155 010 4242', '55501042421', '+0 123 456 789', null, undefined])
      expect(phoneE164(raw), String(raw)).toBeNull();
  });
});

describe('the stored forms find the same number', () => {
  it('a North American number is stored as its ten digits (the cell-phone rule’s form), another as E.164', () => {
    expect(storedPhone('+1 (206) 555-0123')).toBe('2065550123');
    expect(storedPhone('0044 20 7946 0958')).toBe('+442079460958');
    expect(tenDigits('+1 206 555 0123')).toBe('2065550123');
    expect(tenDigits('+44 20 7946 0958')).toBeNull();
  });

  it('a stored ten-digit number and the same number as a provider or a lead writes it share one key', () => {
    for (const written of ['+12065550123', '(206) 555-0123', '1.206.555.0123']) {
      expect(phoneE164(written)).toBe(phoneE164('2065550123'));
      expect(phoneKey(written)).toBe(phoneKey('2065550123'));
    }
    expect(phoneE164(storedPhone('+44 20 7946 0958'))).toBe('+442079460958');
  });

  it('one foreign number written with + or 00 is one import key', () => {
    expect(phoneKey('0044 20 7946 0958')).toBe(phoneKey('+44 20 7946 0958'));
  });

  it('an import row’s phone that is no number matches nobody', () => {
    expect(phoneKey('555-0100')).toBeNull();
    expect(phoneKey('')).toBeNull();
  });
});
