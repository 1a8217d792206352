import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../ui/ToastProvider';
import { ShareListing } from './ShareListing';

const VERIFY = 'Please confirm your e-mail address before sharing homes: we can send you a link to confirm it.';
const json = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The server as the browser sees it: each call answered in turn, every call kept. */
function server(...answers: Response[]) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return answers.shift()!;
    }),
  );
  return calls;
}

/** Opens the share form of a listing and sends it to this address. */
async function shareWith(email: string) {
  render(
    <ToastProvider>
      <ShareListing pdid="T-1" address="1 First Ave" />
    </ToastProvider>,
  );
  fireEvent.click(screen.getAllByRole('button', { name: 'Share' })[0]!);
  fireEvent.change(screen.getByLabelText('Friend’s e-mail'), { target: { value: email } });
  await act(async () => void fireEvent.submit(document.querySelector('dialog form')!));
}

describe('sharing a listing', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("an unconfirmed lead sees the server's reason and can have the confirmation link sent from the form", async () => {
    const calls = server(
      json(403, { message: VERIFY }),
      json(200, { isSuccess: true, alreadyVerified: false, message: 'We sent a link to ada@example.com. Open it to confirm your address.' }),
    );
    await shareWith('friend@example.com');
    expect(screen.getByRole('alert', { hidden: true }).textContent).toBe(VERIFY);
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Send me the link', hidden: true })));
    expect(calls.map((c) => c.url)).toEqual(['/api/organizer/share', '/api/account/verifyemail/send']);
    expect(screen.getByRole('status', { hidden: true }).textContent).toBe('We sent a link to ada@example.com. Open it to confirm your address.');
    expect(screen.queryByRole('button', { name: 'Send me the link', hidden: true })).toBeNull();
  });

  it("shows the server's 429 message, and offers no link for other refusals", async () => {
    server(json(429, { message: 'You can share at most 20 homes in 24 hours; please try again later' }));
    await shareWith('friend@example.com');
    expect(screen.getByRole('alert', { hidden: true }).textContent).toBe('You can share at most 20 homes in 24 hours; please try again later');
    expect(screen.queryByRole('button', { name: 'Send me the link', hidden: true })).toBeNull();
  });
});
