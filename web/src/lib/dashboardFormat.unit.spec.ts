import { describe, expect, it } from 'vitest';
import { formatPhone, relativeTime } from './dashboardFormat';
import { PushLedger } from '../features/dashboard/utils/pushLedger';

const now = Date.parse('2026-03-01T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('dashboard display rules (spec section 9)', () => {
  it('relative times: NOW within a minute, then mins, hours, days', () => {
    expect(relativeTime(ago(59_000), now)).toBe('NOW');
    expect(relativeTime(ago(60_000), now)).toBe('1 min');
    expect(relativeTime(ago(59 * 60_000), now)).toBe('59 mins');
    expect(relativeTime(ago(3_600_000), now)).toBe('1 hour');
    expect(relativeTime(ago(23 * 3_600_000), now)).toBe('23 hours');
    expect(relativeTime(ago(3 * 86_400_000), now)).toBe('3 days');
  });

  it('dates from 2050-01-01 mean ongoing or never', () => {
    expect(relativeTime('2050-01-01T00:00:00Z', now)).toBe('ongoing/never');
    expect(relativeTime('2099-12-31', now)).toBe('ongoing/never');
    expect(relativeTime('2049-12-31T23:59:59Z', now)).toBe('NOW');
  });

  it('a bare 10-digit phone as ###-###-####', () => {
    expect(formatPhone('2065550100')).toBe('206-555-0100');
    expect(formatPhone('+1 206 555 0100')).toBe('+1 206 555 0100');
    expect(formatPhone(null)).toBe('');
  });
});

describe('PushLedger: what a reconnecting client already has', () => {
  it('accepts each push once, whether live or replayed, and keeps the newest position', () => {
    const l = new PushLedger('10.5');
    const live = { name: 'lead.captured', payload: { leadId: 'L1', position: '12.9' } };
    const replayed = { name: 'lead.captured', payload: { leadId: 'L1', position: '12.8' } };
    expect(l.accept(live)).toBe(true);
    expect(l.accept(replayed)).toBe(false);
    expect(l.position).toBe('12.9');
    expect(l.accept({ name: 'chat.message', payload: { messageId: 'M1', position: '13.1' } })).toBe(true);
    expect(l.accept({ name: 'chat.message', payload: { messageId: 'M1', position: '13.1' } })).toBe(false);
    // Ordered by transaction first: 13.1 is after 12.99.
    l.advance('12.99');
    expect(l.position).toBe('13.1');
    l.forget('L1');
    expect(l.accept(live)).toBe(true);
  });
});
