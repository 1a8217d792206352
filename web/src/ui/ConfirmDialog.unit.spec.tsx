import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { request } from '../api/http';
import { ConfirmDialog } from './ConfirmDialog';

async function confirmWith(fetch: () => Promise<Response>) {
  vi.stubGlobal('fetch', vi.fn(fetch));
  render(
    <ConfirmDialog open title="Revoke this key?" action="Revoke key" onConfirm={() => request('DELETE', '/api/dashboard/api-keys/k1')} onCancel={() => {}}>
      <p>Tools using it stop working.</p>
    </ConfirmDialog>,
  );
  await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Revoke key' })));
}

describe('a confirm dialog whose action is refused', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says, when the server cannot be reached, that nothing was changed and it may be tried again; the dialog stays open', async () => {
    await confirmWith(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(screen.getByRole('alert').textContent).toBe('The server cannot be reached: nothing was changed, try again');
    expect(screen.getByRole('button', { name: 'Revoke key' })).toBeTruthy();
  });

  it("says the server's own words when it refused", async () => {
    await confirmWith(
      async () => new Response(JSON.stringify({ message: 'That key was revoked already' }), { status: 409, headers: { 'Content-Type': 'application/json' } }),
    );
    expect(screen.getByRole('alert').textContent).toBe('That key was revoked already');
  });
});
