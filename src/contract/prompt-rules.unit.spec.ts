import { describe, expect, it } from 'vitest';
import {
  cellPhonePrompt,
  dashboardUrlFor,
  importOptInPrompt,
  langCookieDays,
  nextPromptViews,
  type PageKind,
  reloadAfterInquiry,
  searchBlockedByTerms,
  signInModalDismissable,
  signUpPrompt,
} from './prompt-rules';

const s = (PromptLevel: number, PromptPages: number, PromptViews = 3) => ({ PromptLevel, PromptPages, PromptViews });
const base = { signedIn: false, sellerSuite: false, forced: false };

describe('sign-up prompt', () => {
  // [settings, page, views, extra, show, dismissable]
  const table: [ReturnType<typeof s>, PageKind, number, Partial<typeof base>, boolean, boolean][] = [
    [s(0, 0), 'search', 99, {}, false, true],
    [s(1, 0), 'search', 3, {}, false, true],
    [s(1, 0), 'search', 4, {}, true, true],
    [s(2, 0), 'details', 4, {}, true, false],
    [s(2, 0), 'other', 4, {}, true, false],
    [s(2, 0), 'account', 99, {}, false, false],
    [s(2, 1), 'details', 4, {}, true, false],
    [s(2, 1), 'search', 4, {}, false, false],
    [s(2, 2), 'search', 4, {}, true, false],
    [s(2, 2), 'details', 4, {}, false, false],
    [s(2, 3), 'details', 4, {}, true, false],
    [s(2, 3), 'search', 4, {}, true, false],
    [s(2, 3), 'other', 4, {}, false, false],
    [s(2, 0, 0), 'search', 1, {}, true, false],
    [s(2, 0), 'search', 99, { signedIn: true }, false, false],
    [s(2, 0), 'search', 99, { sellerSuite: true }, false, false],
    [s(0, 0), 'search', 0, { forced: true }, true, true],
    [s(3, 1), 'account', 0, { forced: true }, true, true],
    [s(3, 0), 'search', 0, { forced: true, signedIn: true }, false, true],
  ];
  it.each(table)('%j on %s after %d views %j → show %s, dismissable %s', (settings, page, views, extra, show, dismissable) => {
    expect(signUpPrompt({ ...base, ...extra, settings, page, views })).toEqual({ show, dismissable });
  });

  it.each([
    [s(1, 0), 'search', 0, 1],
    [s(1, 0), 'account', 2, 2],
    [s(1, 1), 'search', 2, 2],
    [s(1, 1), 'details', 2, 3],
  ] as const)('view counter %j on %s: %d → %d', (settings, page, now, next) => {
    expect(nextPromptViews(now, settings, page)).toBe(next);
  });
});

describe('other modal rules', () => {
  it('sign-in modal is dismissable only when opened by the visitor', () => {
    expect(signInModalDismissable('visitor')).toBe(true);
    expect(signInModalDismissable('forced')).toBe(false);
  });

  it.each([
    [5, false, 3, false, true],
    [5, false, 6, false, true],
    [5, false, 4, false, false],
    [5, false, 0, false, false],
    [5, true, 3, false, false],
    [5, false, 3, true, false],
    [10, false, 3, false, false],
  ])('cell prompt: level %d valid %s logins %d prompted %s → %s', (securityLevel, validCellPhone, countLogin, promptedThisSession, show) => {
    expect(cellPhonePrompt({ securityLevel, validCellPhone, countLogin, promptedThisSession })).toBe(show);
  });

  it.each([
    [true, false, null, true],
    [true, true, null, false],
    [true, false, 5, false],
    [true, false, 25, false],
    [false, false, null, false],
  ])('terms gate: requires %s accepted %s level %s → blocked %s', (SearchRequiresAccept, accepted, securityLevel, blocked) => {
    expect(searchBlockedByTerms({ SearchRequiresAccept, accepted, securityLevel })).toBe(blocked);
  });

  it.each([
    [true, false, true, true],
    [true, true, true, false],
    [true, false, false, false],
    [false, false, true, false],
  ])('import opt-in: imported %s opted in %s unsubscribed text %s → %s', (a, b, c, show) => {
    expect(importOptInPrompt({ user_IsImport: a, user_Import_OptedIn: b, user_UnsubscribeText: c })).toBe(show);
  });

  it('lang cookie is a session cookie for English, else 7 days', () => {
    expect(langCookieDays('en')).toBeUndefined();
    expect(langCookieDays('en-US')).toBeUndefined();
    expect(langCookieDays('es')).toBe(7);
  });

  it('reloads after an inquiry unless marked, signed in or lender', () => {
    expect(reloadAfterInquiry({ noReload: false, wasSignedIn: false, lender: false })).toBe(true);
    expect(reloadAfterInquiry({ noReload: true, wasSignedIn: false, lender: false })).toBe(false);
    expect(reloadAfterInquiry({ noReload: false, wasSignedIn: true, lender: false })).toBe(false);
    expect(reloadAfterInquiry({ noReload: false, wasSignedIn: false, lender: true })).toBe(false);
  });

  it.each([
    [5, null],
    [10, '/dashboard'],
    [15, '/dashboard'],
    [24, '/dashboard'],
    [25, null],
  ])('level %d dashboard %s', (level, url) => {
    expect(dashboardUrlFor(level)).toBe(url);
  });
});
