import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { YourDataSection } from './YourDataSection';

const answer = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

describe('/account, erasing the account', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('an account without a password gets the confirmation link: asked for after the confirmation box, and the answer shown', async () => {
    const fetch = answer(200, { isSuccess: true, linkSent: true, message: 'We have e-mailed you a link to confirm. It works once, for 60 minutes.' });
    vi.stubGlobal('fetch', fetch);
    render(<YourDataSection hasPassword={false} />);
    expect(screen.queryByLabelText('Your password')).toBeNull();
    const ask = screen.getByRole('button', { name: 'E-mail me a confirmation link' });
    await act(async () => void fireEvent.click(ask));
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Please confirm that you want your account erased');
    fireEvent.click(screen.getByRole('checkbox', { name: /erased for good/ }));
    await act(async () => void fireEvent.click(ask));
    expect(JSON.parse(String((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body))).toEqual({});
    expect(screen.getByRole('status').textContent).toBe('We have e-mailed you a link to confirm. It works once, for 60 minutes.');
  });

  it('an account with a password has both: the password, or a link instead', () => {
    render(<YourDataSection hasPassword />);
    expect(screen.getByLabelText('Your password')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Erase my account' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'E-mail me a confirmation link instead' })).toBeTruthy();
  });
});
