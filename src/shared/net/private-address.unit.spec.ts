import { describe, expect, it } from 'vitest';
import { isPrivateAddress } from './private-address';

describe('private addresses', () => {
  it('loopback, private, link-local, "this network" and their IPv6 forms are private', () => {
    for (const a of [
      '127.0.0.1',
      '127.8.9.10',
      '0.0.0.0',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '255.255.255.255',
      '224.0.0.1',
    ])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of [
      '::1',
      '::',
      '[::1]',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:169.254.169.254',
      '::ffff:10.0.0.1',
      '::127.0.0.1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'fe80::1%eth0',
      'febf::1',
      'ff02::1',
    ])
      expect(isPrivateAddress(a), a).toBe(true);
  });

  it('public addresses are not; what is not an address counts as private', () => {
    for (const a of ['8.8.8.8', '93.184.216.34', '172.32.0.1', '169.255.0.1', '2606:4700::1111', '::ffff:8.8.8.8', '2001:db8::1'])
      expect(isPrivateAddress(a), a).toBe(false);
    expect(isPrivateAddress('localhost')).toBe(true);
    expect(isPrivateAddress('')).toBe(true);
  });
});
