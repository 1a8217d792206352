import { describe, expect, it } from 'vitest';
import { isSameHost } from './origin-check';

describe('isSameHost (the Origin check of state-changing requests and socket handshakes)', () => {
  it('takes the same host and port, a default port left out, and refuses another host', () => {
    expect(isSameHost('https://demo.example', 'demo.example')).toBe(true);
    expect(isSameHost('https://demo.example', 'demo.example:443')).toBe(true);
    expect(isSameHost('http://localhost:3000', 'localhost:3000')).toBe(true);
    expect(isSameHost('https://evil.example', 'demo.example')).toBe(false);
    expect(isSameHost('null', 'demo.example')).toBe(false);
    expect(isSameHost('ftp://demo.example', 'demo.example')).toBe(false);
  });

  it('compares hosts and ports, not schemes (HSTS keeps browsers of an https site off plain HTTP)', () => {
    expect(isSameHost('http://demo.example', 'demo.example')).toBe(true);
  });
});
