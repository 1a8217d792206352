import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/http';
import { formErrorMessage, localInputValue, preferredAtIso } from './organizerForms';

describe('preferred showing time', () => {
  const now = new Date(2030, 4, 10, 9, 30);

  it('a future local time becomes the same instant in ISO form', () => {
    const r = preferredAtIso('2030-05-11T14:00', now);
    expect(r).toEqual({ iso: new Date(2030, 4, 11, 14, 0).toISOString() });
  });

  it('empty or malformed asks for a date and time; the past or now asks for the future', () => {
    expect(preferredAtIso('', now)).toEqual({ error: 'Please choose a date and time' });
    expect(preferredAtIso('tomorrow', now)).toEqual({ error: 'Please choose a date and time' });
    expect(preferredAtIso('2030-13-45T99:00', now)).toEqual({ error: 'Please choose a date and time' });
    expect(preferredAtIso('2030-05-10T09:30', now)).toEqual({ error: 'Please choose a time in the future' });
    expect(preferredAtIso('2029-01-01T10:00', now)).toEqual({ error: 'Please choose a time in the future' });
  });

  it('the input value of a moment reads back as that moment', () => {
    expect(localInputValue(now)).toBe('2030-05-10T09:30');
    expect(preferredAtIso(localInputValue(new Date(2031, 0, 2, 3, 4)), now)).toEqual({ iso: new Date(2031, 0, 2, 3, 4).toISOString() });
  });
});

describe('form error messages', () => {
  it("shows the server's own message for a 400 and a 429 that has one", () => {
    expect(formErrorMessage(new ApiError('Please enter a valid e-mail address', 400))).toBe('Please enter a valid e-mail address');
    expect(formErrorMessage(new ApiError('You have shared too many homes today', 429))).toBe('You have shared too many homes today');
  });

  it('a bare 429, a server failure and no network get plain sentences', () => {
    expect(formErrorMessage(new ApiError('Too Many Requests', 429))).toBe('Too many requests; please wait a moment and try again.');
    expect(formErrorMessage(new ApiError('Internal Server Error', 500))).toBe('Something went wrong; please try again.');
    expect(formErrorMessage(new ApiError('The server cannot be reached', 0))).toBe('The server cannot be reached; please try again.');
    expect(formErrorMessage(new Error('boom'))).toBe('The server cannot be reached; please try again.');
  });
});

describe('the form messages in the page language', () => {
  const es = (id: string, en: string) => `[es:${id}] ${en}`;

  it('words its own messages through the catalogue, and leaves the server’s own message as it is', () => {
    expect(preferredAtIso('', new Date(2030, 4, 10), es)).toEqual({ error: '[es:showing.atMissing] Please choose a date and time' });
    expect(formErrorMessage(new ApiError('Internal Server Error', 500), es)).toBe('[es:organizer.wentWrong] Something went wrong; please try again.');
    expect(formErrorMessage(new ApiError('Please enter a valid email', 400), es)).toBe('Please enter a valid email');
  });
});
