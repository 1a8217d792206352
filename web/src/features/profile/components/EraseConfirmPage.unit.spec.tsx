import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EraseConfirmPage } from './EraseConfirmPage';

const answer = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

async function open(search: string) {
  window.history.replaceState(null, '', `/account/erase${search}`);
  await act(async () => void render(<EraseConfirmPage />));
}

describe('the erasure link page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('erases nothing on opening; its button posts the token and says the account is erased', async () => {
    const fetch = answer(200, { isSuccess: true, erasedAt: '2026-11-24T03:00:00.000Z' });
    vi.stubGlobal('fetch', fetch);
    await open('?token=v1.abc');
    expect(fetch).not.toHaveBeenCalled();
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Erase my account for good' })));
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain('/api/account/erase/confirm');
    expect(JSON.parse(String(init.body))).toEqual({ token: 'v1.abc' });
    expect(screen.getByRole('status').textContent).toBe('Your account was erased. Your personal data is gone, and you are signed out.');
  });

  it("shows the server's message for a link that does not work", async () => {
    vi.stubGlobal('fetch', answer(400, { message: 'This link is not valid or has expired. Please ask for a new one from your account page.' }));
    await open('?token=v1.old');
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Erase my account for good' })));
    expect(screen.getByRole('alert').textContent).toBe('This link is not valid or has expired. Please ask for a new one from your account page.');
  });
});
