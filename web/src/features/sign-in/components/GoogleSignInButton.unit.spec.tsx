import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SiteContext } from '../../../app/siteContext';
import { ToastProvider } from '../../../ui/ToastProvider';
import { GoogleSignInButton } from './GoogleSignInButton';

type Callback = (r: { credential?: string }) => void;

/** Renders the button, then plays Google's library arriving (its script's load) with a stand-in. */
async function setup(clientId: string | null) {
  const onSignedIn = vi.fn();
  let callback: Callback = () => undefined;
  const renderButton = vi.fn();
  // The script element is kept out of the document (jsdom would refuse to fetch it); its load is played below.
  let script: HTMLScriptElement | null = null;
  vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(el: T) => ((script = el as unknown as HTMLScriptElement), el));
  render(
    <SiteContext.Provider value={{ ready: true, site: null, config: { mapStyleUrl: null, googleClientId: clientId, facebookAppId: null } }}>
      <ToastProvider>
        <GoogleSignInButton onSignedIn={onSignedIn} />
      </ToastProvider>
    </SiteContext.Provider>,
  );
  const loaded = script as HTMLScriptElement | null;
  if (loaded) {
    expect(loaded.src).toBe('https://accounts.google.com/gsi/client');
    vi.stubGlobal('google', { accounts: { id: { initialize: (o: { callback: Callback }) => (callback = o.callback), renderButton } } });
    await act(async () => void loaded.onload?.(new Event('load')));
  }
  return { onSignedIn, renderButton, script: loaded, answer: (r: { credential?: string }) => act(async () => callback(r)) };
}

const answer = (status: number, body: unknown) =>
  vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

describe("Google's sign-in button (Google Identity Services)", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('without GOOGLE_CLIENT_ID: no button and nothing loaded from Google', async () => {
    const g = await setup(null);
    expect(g.script).toBeNull();
  });

  it("no profile: the spec's 'Unable to Get Google Profile'; an ID token goes to the server; a refusal: 'Login failed'", async () => {
    const g = await setup('x.apps.googleusercontent.com');
    expect(g.renderButton).toHaveBeenCalledTimes(1);
    await g.answer({});
    expect(screen.getByText('Unable to Get Google Profile')).toBeTruthy();
    expect(screen.getByText(/Sorry! We are unable to retrieve your Google profile information/)).toBeTruthy();

    const ok = answer(200, { isSuccess: true });
    vi.stubGlobal('fetch', ok);
    await g.answer({ credential: 'id.token.jwt' });
    expect(ok.mock.calls[0]![0]).toBe('/api/account/social/google');
    expect(JSON.parse(String(ok.mock.calls[0]![1]!.body))).toEqual({ credential: 'id.token.jwt' });
    expect(g.onSignedIn).toHaveBeenCalledTimes(1);

    vi.stubGlobal('fetch', answer(401, { message: 'This Google sign-in could not be verified' }));
    await g.answer({ credential: 'forged' });
    expect(screen.getByText('Login failed')).toBeTruthy();
    expect(screen.getByText('This Google sign-in could not be verified')).toBeTruthy();
  });
});
