import { useState } from 'react';
import { facebookSignIn } from '../api/signInApi';
import { ApiError } from '../../../api/http';
import { useSite } from '../../../app/useSite';
import { useToast } from '../../../ui/useToast';
import styles from '../../../ui/forms.module.css';

type FacebookSdk = {
  init(o: { appId: string; version: string; xfbml?: boolean; cookie?: boolean }): void;
  login(callback: (r: { authResponse?: { accessToken?: string } | null; status?: string }) => void, o?: { scope: string }): void;
};
type WithFacebook = Window & { FB?: FacebookSdk };

const SDK = 'https://connect.facebook.net/en_US/sdk.js';
const VERSION = 'v19.0';

/** Spec section 8's window message when the provider gives no profile. */
export const FACEBOOK_PROFILE_FAILED = {
  title: 'Unable to Get Facebook Profile',
  message: 'Sorry! We are unable to retrieve your Facebook profile information. Please register by entering your information in the form.',
} as const;

let loading: Promise<FacebookSdk | null> | null = null;

/** Facebook's SDK, fetched once on the first click (the page loads nothing from Facebook before). */
function loadFacebook(appId: string): Promise<FacebookSdk | null> {
  const ready = (window as WithFacebook).FB;
  if (ready) {
    ready.init({ appId, version: VERSION });
    return Promise.resolve(ready);
  }
  return (loading ??= new Promise((resolve) => {
    const s = document.createElement('script');
    s.src = SDK;
    s.async = true;
    s.onload = () => {
      const fb = (window as WithFacebook).FB ?? null;
      fb?.init({ appId, version: VERSION });
      resolve(fb);
    };
    s.onerror = () => {
      loading = null;
      resolve(null);
    };
    document.head.appendChild(s);
  }));
}

/**
 * Facebook sign-in (contract sections 2 and 7), shown only when FACEBOOK_APP_ID is configured:
 * the access token from FB.login goes to the server, which checks it against the Graph API. No
 * token: the spec's 'Unable to Get Facebook Profile'; a refusal: 'Login failed' with the reason.
 */
export function FacebookSignInButton({ onSignedIn }: { onSignedIn: () => void }) {
  const { config } = useSite();
  const appId = config.facebookAppId ?? null;
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  if (!appId) return null;

  const failed = () => toast({ ...FACEBOOK_PROFILE_FAILED, tone: 'error' });
  const signIn = async () => {
    setBusy(true);
    const fb = await loadFacebook(appId);
    if (!fb) {
      setBusy(false);
      return toast({ title: 'Login failed', message: 'Failed to log in', tone: 'error' });
    }
    fb.login(
      (r) => {
        const accessToken = r.authResponse?.accessToken;
        if (!accessToken) {
          setBusy(false);
          return failed();
        }
        facebookSignIn(accessToken)
          .then(
            () => onSignedIn(),
            (err: unknown) => toast({ title: 'Login failed', message: err instanceof ApiError ? err.message : 'Failed to log in', tone: 'error' }),
          )
          .finally(() => setBusy(false));
      },
      { scope: 'public_profile,email' },
    );
  };

  return (
    <div className={styles.social}>
      <button type="button" className={`btn ${styles.full}`} onClick={() => void signIn()} disabled={busy} aria-busy={busy}>
        {busy ? 'Connecting to Facebook…' : 'Continue with Facebook'}
      </button>
      {!config.googleClientId && (
        <p className={styles.divider}>
          <span>or with your e-mail</span>
        </p>
      )}
    </div>
  );
}
