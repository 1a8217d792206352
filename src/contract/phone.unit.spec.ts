import { describe, expect, it } from 'vitest';
import { formatPhone, isValidCellPhone, normalizeCellPhone } from './phone';

describe('cell phone rule', () => {
  it.each([
    ['2065550100', '2065550100'],
    ['206-555-0100', '2065550100'],
    [' 206-555-0100 ', '2065550100'],
    ['206--5550100', '2065550100'],
  ])('%j is valid', (input, digits) => {
    expect(normalizeCellPhone(input)).toBe(digits);
    expect(isValidCellPhone(input)).toBe(true);
  });

  it.each(['', '206555010', '20655501000', '(206)5550100', '206 555 0100', '206555010a', 'abcdefghij', '206.555.0100'])('%j is not', (input) => {
    expect(normalizeCellPhone(input)).toBeNull();
    expect(isValidCellPhone(input)).toBe(false);
  });

  it('shows a bare 10-digit phone as ###-###-####', () => {
    expect(formatPhone('2065550100')).toBe('206-555-0100');
    expect(formatPhone('+1 206 555')).toBe('+1 206 555');
    expect(formatPhone(null)).toBe('');
  });
});
