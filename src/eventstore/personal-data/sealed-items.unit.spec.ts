import { describe, expect, it } from 'vitest';
import { addressMac } from './sealed-items';

describe('the blind index of an address', () => {
  const secret = Buffer.from('a-server-secret-of-at-least-32-characters');

  it('is the same for the same address however it is written, and holds nothing of it', () => {
    const mac = addressMac(secret, 'Nia.Nokey@Example.com');
    expect(addressMac(secret, '  nia.nokey@example.com ')).toBe(mac);
    expect(mac).not.toMatch(/nia|example/i);
    expect(addressMac(secret, 'nia.nokey2@example.com')).not.toBe(mac);
  });

  it('is keyed: another server secret gives another index', () => {
    expect(addressMac(Buffer.from('another-server-secret-of-32-characters!'), 'nia@example.com')).not.toBe(addressMac(secret, 'nia@example.com'));
  });
});
