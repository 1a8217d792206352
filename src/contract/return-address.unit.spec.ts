import { describe, expect, it } from 'vitest';
import { RETURN_ADDRESS_MAX, safeReturnPath } from './return-address';

const SITE = 'http://demo.localhost:3000';

describe('return addresses: same-origin paths only', () => {
  it.each([
    ['/dashboard/backoffice', '/dashboard/backoffice'],
    [
      '/dashboard/backoffice?user=00000000-0000-4000-8000-000000000005&x=1#history',
      '/dashboard/backoffice?user=00000000-0000-4000-8000-000000000005&x=1#history',
    ],
    ['/', '/'],
    ['/search?city=Seattle%20WA', '/search?city=Seattle%20WA'],
    // Encoded characters stay encoded: a path segment, not a host.
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
    ['/%09/evil.example/phish', '/%09/evil.example/phish'],
    ['/%5Cevil.example', '/%5Cevil.example'],
    // Dot segments are resolved like a browser would.
    ['/a/../dashboard', '/dashboard'],
  ])('keeps %j as %j', (value, expected) => {
    expect(safeReturnPath(value, SITE)).toBe(expected);
    expect(safeReturnPath(value)).toBe(expected);
  });

  it.each([
    // The reported one: a browser drops the tab and goes to //evil.example/phish.
    '/\t/evil.example/phish',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '\t//evil.example',
    ' /dashboard',
    '/dashboard ',
    '/\u0000/evil.example',
    '/\u007f/evil.example',
    // Backslashes are slashes to a browser.
    '/\\evil.example',
    '\\\\evil.example',
    '/\\/evil.example',
    // Protocol-relative and absolute.
    '//evil.example',
    '//evil.example/phish',
    '///evil.example',
    'https://evil.example/',
    'http:evil.example',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    // Dot segments that resolve to a path beginning with //.
    '/..//evil.example',
    '/.//evil.example',
    '/a/..//evil.example',
    '/./..//evil.example',
    // Not a path at all.
    'dashboard',
    '',
    '?x=1',
    '#top',
    '/' + 'a'.repeat(RETURN_ADDRESS_MAX),
  ])('refuses %j', (value) => {
    expect(safeReturnPath(value, SITE)).toBeNull();
    expect(safeReturnPath(value)).toBeNull();
  });

  it('refuses what is not a string, and anything when the origin itself is not one', () => {
    for (const v of [null, undefined, 42, ['/dashboard'], { href: '/dashboard' }]) expect(safeReturnPath(v, SITE)).toBeNull();
    expect(safeReturnPath('/dashboard', 'not an origin')).toBeNull();
  });
});
