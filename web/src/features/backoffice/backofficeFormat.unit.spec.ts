import { describe, expect, it } from 'vitest';
import { invoiceActions, parseDnsRecords } from './accountActions';
import { percentOf, phone, timeLeft } from './backofficeFormat';

describe('back-office formats', () => {
  it('a rebuild is 100% only when done, never more than 99% before', () => {
    expect(percentOf({ applied: 10, total: 10, phase: 'swapping' })).toBe(99);
    expect(percentOf({ applied: 0, total: 0, phase: 'replaying' })).toBe(0);
    expect(percentOf({ applied: 12, total: 10, phase: 'done' })).toBe(100);
    expect(percentOf({ applied: 1, total: 4, phase: 'replaying' })).toBe(25);
    expect(timeLeft(null)).toBe('—');
    expect(timeLeft(0.2)).toBe('under a second');
    expect(timeLeft(75)).toBe('75 s');
    expect(timeLeft(600)).toBe('10 min');
  });

  it('shows bare 10-digit phones as ###-###-####', () => {
    expect(phone('2065550100')).toBe('206-555-0100');
    expect(phone('+44 20 7946 0000')).toBe('+44 20 7946 0000');
    expect(phone(null)).toBe('—');
  });

  it('reads DNS records one per line and sends amounts in cents', () => {
    expect(parseDnsRecords(' a @ 203.0.113.10 \n\nTXT @ v=spf1 include:x ~all')).toEqual([
      { type: 'A', name: '@', value: '203.0.113.10' },
      { type: 'TXT', name: '@', value: 'v=spf1 include:x ~all' },
    ]);
    const pay = invoiceActions({
      invoiceId: 'i1',
      number: 'INV-0001',
      description: '',
      dueOn: '',
      amountCents: 0,
      paidCents: 0,
      creditedCents: 0,
      writtenOffCents: 0,
      status: 'open',
      notes: [],
      emailedTo: [],
    })[0]!;
    expect(pay.request('u1', { amount: '$1,234.56', method: 'check', reason: 'r' })).toMatchObject({
      operationId: 'invoices_payment',
      input: { params: { userId: 'u1', invoiceId: 'i1' }, body: { amountCents: 123_456, method: 'check', reason: 'r' } },
    });
  });
});
