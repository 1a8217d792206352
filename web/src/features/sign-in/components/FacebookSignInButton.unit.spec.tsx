import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SiteContext } from '../../../app/siteContext';
import { ToastProvider } from '../../../ui/ToastProvider';
import { FacebookSignInButton } from './FacebookSignInButton';

type LoginAnswer = { authResponse?: { accessToken?: string } | null };

function setup(appId: string | null, answer: LoginAnswer = {}) {
  const onSignedIn = vi.fn();
  const init = vi.fn();
  vi.stubGlobal('FB', { init, login: (cb: (r: LoginAnswer) => void) => cb(answer) });
  render(
    <SiteContext.Provider value={{ ready: true, site: null, config: { mapStyleUrl: null, googleClientId: null, facebookAppId: appId } }}>
      <ToastProvider>
        <FacebookSignInButton onSignedIn={onSignedIn} />
      </ToastProvider>
    </SiteContext.Provider>,
  );
  const click = () => act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Continue with Facebook' })));
  return { onSignedIn, init, click };
}

const answer = (status: number, body: unknown) =>
  vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

describe('the Facebook sign-in button', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('is not there without FACEBOOK_APP_ID', () => {
    setup(null);
    expect(screen.queryByRole('button', { name: 'Continue with Facebook' })).toBeNull();
  });

  it("no profile from Facebook: the spec's 'Unable to Get Facebook Profile' and nothing sent", async () => {
    const fetch = answer(200, { isSuccess: true });
    vi.stubGlobal('fetch', fetch);
    const f = setup('123', { authResponse: null });
    await f.click();
    expect(f.init).toHaveBeenCalledWith(expect.objectContaining({ appId: '123' }));
    expect(screen.getByText('Unable to Get Facebook Profile')).toBeTruthy();
    expect(screen.getByText(/Sorry! We are unable to retrieve your Facebook profile information/)).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
    expect(f.onSignedIn).not.toHaveBeenCalled();
  });

  it('a token: sent to the server (which verifies it), then signed in', async () => {
    const fetch = answer(200, { isSuccess: true, isNewUser: false });
    vi.stubGlobal('fetch', fetch);
    const f = setup('123', { authResponse: { accessToken: 'EAAtoken' } });
    await f.click();
    expect(fetch.mock.calls[0]![0]).toBe('/api/account/facebooksignin');
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toEqual({ accessToken: 'EAAtoken' });
    expect(f.onSignedIn).toHaveBeenCalledTimes(1);
  });

  it("refused by the server: 'Login failed' with its reason", async () => {
    vi.stubGlobal('fetch', answer(401, { message: 'Facebook did not accept this sign-in' }));
    const f = setup('123', { authResponse: { accessToken: 'bad' } });
    await f.click();
    expect(screen.getByText('Login failed')).toBeTruthy();
    expect(screen.getByText('Facebook did not accept this sign-in')).toBeTruthy();
    expect(f.onSignedIn).not.toHaveBeenCalled();
  });
});
