import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigate } from '../../app/location';
import { makeQueryClient } from '../../app/queryClient';
import { json } from '../../lib/testSupport';
import { TranslationsPage } from './TranslationsPage';

const STAFF = {
  securityLevel: 25,
  subdomain: null,
  firstName: 'Sam',
  lastName: 'Staff',
  email: 'sam@porchlight.test',
  userDID: 'u-staff',
  gkdid: null,
  mdid: null,
  cellPhone: '',
  validCellPhone: false,
  count_Login: 1,
  user_IsImport: false,
  user_Import_OptedIn: false,
  user_UnsubscribeText: false,
  user_UnsubscribeEmail: false,
  On_PropertyAlerts: true,
  On_PropertyUpdates: true,
  photoLocation: null,
  hasPassword: true,
  emailVerified: true,
  dashboardUrl: null,
  impersonatorId: null,
  impersonationEndsAt: null,
};
const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'es', name: 'Español' },
  { code: 'fr', name: 'Français' },
];
const editor = (translang: string, text: string) =>
  json(200, {
    language: 'en',
    translang,
    languages: LANGUAGES,
    entries: [{ transId: 'header.buy', where: 'Site header', default: 'Buy', source: 'Buy', text, updatedAt: null }],
  });

/** A server whose Spanish answer waits until the test lets it go; the French one comes at once. */
function slowSpanish() {
  let release!: () => void;
  const late = new Promise<void>((resolve) => (release = resolve));
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      if (url === '/api/account/session') return json(200, { signedIn: true, user: STAFF });
      if (url.endsWith('translang=es')) {
        await late;
        return editor('es', 'Comprar');
      }
      if (url.endsWith('translang=fr')) return editor('fr', 'Acheter');
      throw new Error(`no answer for ${url}`);
    }),
  );
  return { release, asked };
}

describe('the translation editor', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("never shows the previous language's late answer in place of the language picked since", async () => {
    const { release, asked } = slowSpanish();
    window.history.replaceState(null, '', '/dashboard/settings/advanced/translations/?language=en&translang=es');
    render(
      <QueryClientProvider client={makeQueryClient()}>
        <TranslationsPage />
      </QueryClientProvider>,
    );
    await vi.waitFor(() => expect(asked.some((u) => u.endsWith('translang=es'))).toBe(true));
    await act(async () => navigate('/dashboard/settings/advanced/translations/?language=en&translang=fr', { replace: true }));
    expect(((await screen.findByLabelText('header.buy in fr')) as HTMLInputElement).value).toBe('Acheter');
    // The Spanish answer comes in after the French one.
    await act(async () => {
      release();
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect((screen.getByLabelText('header.buy in fr') as HTMLInputElement).value).toBe('Acheter');
    expect(screen.queryByDisplayValue('Comprar')).toBeNull();
  });
});
