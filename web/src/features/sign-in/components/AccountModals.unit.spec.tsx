import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const SETTINGS = { Registration_AllowPartialName: false, SearchRequiresAccept: false, PromptLevel: 0, PromptPages: 0, PromptViews: 3 };
const LEAD = {
  securityLevel: 5,
  firstName: 'Lee',
  lastName: 'Lead',
  email: 'lee@example.com',
  userDID: 'u1',
  dashboardUrl: null,
  impersonatorId: null,
  impersonationEndsAt: null,
  cellPhone: '',
  validCellPhone: false,
  count_Login: 1,
  user_IsImport: false,
  user_Import_OptedIn: false,
  user_UnsubscribeText: false,
};

/** The modals load on first opening (their own chunk): the first one in a test may take a while. */
const LOADED = { timeout: 5000 };

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The server as the app sees it: the site's settings and the current user (null: signed out). */
function serve(settings: Record<string, unknown>, user: Record<string, unknown> | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/site')
        return json(200, {
          siteId: 's',
          name: 'Demo Realty',
          subdomain: 'demo',
          kind: 'broker',
          DomainName: null,
          isDefault: true,
          masterSite: null,
          settings: { ...SETTINGS, ...settings },
        });
      if (url === '/api/config/public') return json(200, { mapStyleUrl: null, googleClientId: null });
      if (url === '/api/account/session') return json(200, user ? { signedIn: true, user } : { signedIn: false });
      return json(404, { message: 'Not found' });
    }),
  );
}

/** A fresh app (the site and the user are asked once per page load, so once per module load here). */
async function mount(pathname: string) {
  vi.resetModules();
  const [{ AccountModals }, { SiteProvider }, { ToastProvider }] = await Promise.all([
    import('./AccountModals'),
    import('../../../app/SiteProvider'),
    import('../../../ui/ToastProvider'),
  ]);
  render(
    <SiteProvider>
      <ToastProvider>
        <AccountModals pathname={pathname} search="" />
      </ToastProvider>
    </SiteProvider>,
  );
}

const clearCookies = () => {
  for (const c of document.cookie.split(/;\s*/).filter(Boolean)) document.cookie = `${c.split('=')[0]}=; path=/; max-age=0`;
};
const forgetViews = () => void (document.cookie = 'promptviews=; path=/; max-age=0');
/** The prompts are decided once the site and the user are known, when the view counter is written. */
const effectsRan = () => waitFor(() => expect(document.cookie).toContain('promptviews='));

describe('the account modals and gates', () => {
  beforeEach(clearCookies);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    clearCookies();
  });

  it('cell phone prompt: a level-5 user without a valid cell on the 3rd sign-in, once per session cookie', async () => {
    serve({}, { ...LEAD, count_Login: 3 });
    await mount('/search');
    await screen.findByRole('dialog', { name: 'Add your cell phone' }, LOADED);
    expect(document.cookie).toContain('cellprompted=1');
    cleanup();
    forgetViews();
    await mount('/search');
    await effectsRan();
    expect(screen.queryByRole('dialog', { name: 'Add your cell phone' })).toBeNull();
  });

  it('no cell phone prompt on a sign-in count that is not a multiple of 3, nor with a valid cell', async () => {
    serve({}, { ...LEAD, count_Login: 4 });
    await mount('/search');
    await effectsRan();
    expect(screen.queryByRole('dialog')).toBeNull();
    cleanup();
    forgetViews();
    serve({}, { ...LEAD, count_Login: 6, validCellPhone: true, cellPhone: '206-555-0123' });
    await mount('/search');
    await effectsRan();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('import opt-in: an imported user who has not opted in and has texts off', async () => {
    serve({}, { ...LEAD, user_IsImport: true, user_UnsubscribeText: true });
    await mount('/search');
    const dialog = await screen.findByRole('dialog', { name: 'Stay in touch by text?' }, LOADED);
    expect(dialog.textContent).toContain('Yes, text me');
  });

  it('sign-up prompt: past PromptViews on a prompting page, not dismissable above PromptLevel 1', async () => {
    serve({ PromptLevel: 2, PromptPages: 3, PromptViews: 0 }, null);
    await mount('/listing/X-1');
    await screen.findByRole('dialog', { name: 'Create an account' }, LOADED);
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    expect(document.cookie).toContain('promptviews=1');
  });

  it('sign-up prompt: not on a page PromptPages leaves out, and dismissable with PromptLevel 1', async () => {
    serve({ PromptLevel: 1, PromptPages: 2, PromptViews: 0 }, null);
    await mount('/listing/X-1');
    await effectsRan();
    expect(screen.queryByRole('dialog')).toBeNull();
    cleanup();
    await mount('/search');
    await screen.findByRole('dialog', { name: 'Create an account' }, LOADED);
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('accept-terms gate on search pages for signed-out visitors until the cookie is set', async () => {
    serve({ SearchRequiresAccept: true }, null);
    await mount('/search');
    await screen.findByRole('dialog', { name: 'Before you search' }, LOADED);
    cleanup();
    forgetViews();
    document.cookie = 'accept-terms=1; path=/';
    await mount('/search');
    await effectsRan();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("social sign-up: step '1-phone' while the registration-state cookie says unregistered, with no way around it", async () => {
    document.cookie = 'registration-state=unregistered; path=/';
    serve({}, { ...LEAD, count_Login: 3 });
    await mount('/search');
    const step = await screen.findByRole('dialog', { name: 'One more step' }, LOADED);
    expect(step.querySelector('[data-step="1-phone"]')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    // The phone step comes first; the cell phone prompt waits for another page.
    expect(screen.queryByRole('dialog', { name: 'Add your cell phone' })).toBeNull();
  });
});
