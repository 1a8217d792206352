import { describe, expect, it } from 'vitest';
import { issuedField, signToken } from '../../../shared/signed-token';
import { checkListingLink, LISTING_LINK_DAYS, signListingLink } from './listing-mail-links';

const secret = Buffer.from('a-secret-of-at-least-thirty-two-characters');
const M = '00000000-0000-4000-8000-00000000000a';
const issuedAt = new Date('2026-11-10T12:00:00Z');
const later = (days: number) => new Date(issuedAt.getTime() + days * 86_400_000);

describe('listing e-mail link tokens', () => {
  it('are good for their purpose, their e-mail and (a click) their listing, until they expire', () => {
    const pixel = signListingLink(secret, 'pixel', M, issuedAt);
    const click = signListingLink(secret, 'click', M, issuedAt, 'T-1');
    expect(checkListingLink(secret, pixel, 'pixel', M, later(1))).toBe('good');
    expect(checkListingLink(secret, click, 'click', M, later(1), 'T-1')).toBe('good');
    expect(checkListingLink(secret, click, 'click', M, later(LISTING_LINK_DAYS + 0.01), 'T-1')).toBe('expired');
    expect(checkListingLink(secret, click, 'click', M, later(-1), 'T-1')).toBe('expired');
  });

  it.each([
    [
      'a click token used for another listing',
      () => checkListingLink(secret, signListingLink(secret, 'click', M, issuedAt, 'T-1'), 'click', M, later(1), 'T-2'),
      'forged',
    ],
    ['a pixel token used as a click', () => checkListingLink(secret, signListingLink(secret, 'pixel', M, issuedAt), 'click', M, later(1), 'T-1'), 'forged'],
    [
      'a token of another e-mail',
      () => checkListingLink(secret, signListingLink(secret, 'pixel', M, issuedAt), 'pixel', '00000000-0000-4000-8000-00000000000b', later(1)),
      'forged',
    ],
    ['an altered signature', () => checkListingLink(secret, `${signListingLink(secret, 'pixel', M, issuedAt).slice(0, -1)}A`, 'pixel', M, later(1)), 'forged'],
    [
      'another secret',
      () => checkListingLink(secret, signListingLink(Buffer.from('another-secret-of-thirty-two-characters!'), 'pixel', M, issuedAt), 'pixel', M, later(1)),
      'forged',
    ],
    [
      'the same fields signed for another purpose (an alert link)',
      () => checkListingLink(secret, signToken(secret, 'porchlight alert links v1', ['v1', 'pixel', M, issuedField(issuedAt)]), 'pixel', M, later(1)),
      'forged',
    ],
    ['no token', () => checkListingLink(secret, undefined, 'pixel', M, later(1)), 'malformed'],
    ['garbage', () => checkListingLink(secret, 'v1.pixel.x.1.abc', 'pixel', M, later(1)), 'malformed'],
  ])('refuse %s', (_name, check, expected) => {
    expect(check()).toBe(expected);
  });
});
