import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VerifyEmailPage } from './VerifyEmailPage';

const answer = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

async function open(search: string) {
  window.history.replaceState(null, '', `/account/verifyemail${search}`);
  await act(async () => void render(<VerifyEmailPage />));
}

describe('the confirmation link page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('posts the token once and says the address is confirmed', async () => {
    const fetch = answer(200, { isSuccess: true, message: 'Your e-mail address is confirmed. You can now share homes with friends.' });
    vi.stubGlobal('fetch', fetch);
    await open('?token=ev1.abc');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body))).toEqual({ token: 'ev1.abc' });
    expect(screen.getByRole('status').textContent).toBe('Your e-mail address is confirmed. You can now share homes with friends.');
  });

  it("shows the server's message for a link that does not work", async () => {
    vi.stubGlobal('fetch', answer(400, { message: 'This confirmation link is invalid or has expired; please ask for a new one' }));
    await open('?token=ev1.old');
    expect(screen.getByRole('alert').textContent).toBe('This confirmation link is invalid or has expired; please ask for a new one');
  });
});
