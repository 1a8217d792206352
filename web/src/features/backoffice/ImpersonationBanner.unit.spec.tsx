import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { END_FAILED, ImpersonationBanner } from './ImpersonationBanner';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const me = {
  securityLevel: 10,
  firstName: 'Jane',
  lastName: 'Agent',
  email: 'jane@demo.test',
  userDID: 'u1',
  dashboardUrl: '/dashboard',
  impersonatorId: 's1',
  impersonationEndsAt: new Date(Date.now() + 12 * 60_000).toISOString(),
};

/** The browser's network: /api/account/session answers an impersonated agent; DELETE /api/account/become answers `end`. */
const network = (end: () => Response) =>
  vi.fn(async (url: string, init?: RequestInit) =>
    url === '/api/account/become' && init?.method === 'DELETE' ? end() : json(200, { signedIn: true, user: me }),
  );

describe('the impersonation banner', () => {
  const alert = vi.fn();
  beforeEach(() => {
    alert.mockReset();
    // happy-dom has no alert; the banner calls the browser's.
    vi.stubGlobal('alert', alert);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('names the user and when the session ends; a failed End alerts the spec message and stays', async () => {
    vi.stubGlobal(
      'fetch',
      network(() => json(500, { message: 'Something went wrong on our side; please try again' })),
    );
    render(<ImpersonationBanner />);
    const banner = await screen.findByRole('region', { name: 'Impersonation' });
    expect(banner.textContent).toMatch(/You are acting as Jane Agent \(jane@demo\.test\)/);
    expect(banner.textContent).toMatch(/\(12 min left\)/);
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'End' })));
    expect(alert).toHaveBeenCalledWith(END_FAILED);
    expect(END_FAILED).toBe('Error ending become user!');
    expect(screen.getByRole('button', { name: 'End' })).toHaveProperty('disabled', false);
  });

  it('a successful End goes back to the return address', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, reload: vi.fn() });
    vi.stubGlobal(
      'fetch',
      network(() => json(200, { isSuccess: true, callbackUrl: '/dashboard/backoffice?user=u1', reload: false })),
    );
    render(<ImpersonationBanner />);
    await screen.findByRole('region', { name: 'Impersonation' });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'End' })));
    expect(assign).toHaveBeenCalledWith('/dashboard/backoffice?user=u1');
    expect(alert).not.toHaveBeenCalled();
  });
});
