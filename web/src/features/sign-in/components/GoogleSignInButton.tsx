import { useEffect, useRef, useState } from 'react';
import { googleSignIn } from '../api/signInApi';
import { ApiError } from '../../../api/http';
import { useSite } from '../../../app/useSite';
import { useToast } from '../../../ui/useToast';
import styles from '../../../ui/forms.module.css';

type GoogleId = {
  initialize(o: { client_id: string; callback: (r: { credential?: string }) => void }): void;
  renderButton(el: HTMLElement, o: Record<string, unknown>): void;
};
type WithGoogle = Window & { google?: { accounts?: { id?: GoogleId } } };

const SCRIPT = 'https://accounts.google.com/gsi/client';
let loading: Promise<GoogleId | null> | null = null;

/** Google's sign-in library, fetched once and only when a modal with the button opens. */
function loadGoogle(): Promise<GoogleId | null> {
  return (loading ??= new Promise((resolve) => {
    const s = document.createElement('script');
    s.src = SCRIPT;
    s.async = true;
    s.onload = () => resolve((window as WithGoogle).google?.accounts?.id ?? null);
    s.onerror = () => {
      loading = null;
      resolve(null);
    };
    document.head.appendChild(s);
  }));
}

/**
 * Google sign-in (contract section 7): the ID token goes to the server, which verifies it. A new
 * user whose site wants a phone gets the 'registration-state' cookie and, after the reload, step '1-phone'.
 */
export function GoogleSignInButton({ onSignedIn }: { onSignedIn: () => void }) {
  const { config } = useSite();
  const clientId = config.googleClientId ?? null;
  const toast = useToast();
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const done = useRef(onSignedIn);
  done.current = onSignedIn;

  useEffect(() => {
    if (!clientId) return;
    let live = true;
    void loadGoogle().then((g) => {
      if (!live || !box.current) return;
      if (!g) return setFailed(true);
      g.initialize({
        client_id: clientId,
        callback: (r) => {
          if (!r.credential) {
            toast({
              title: 'Unable to Get Google Profile',
              message: 'Sorry! We are unable to retrieve your Google profile information. Please register by entering your information in the form.',
              tone: 'error',
            });
            return;
          }
          googleSignIn(r.credential).then(
            () => done.current(),
            (err: unknown) => toast({ title: 'Login failed', message: err instanceof ApiError ? err.message : 'Failed to log in', tone: 'error' }),
          );
        },
      });
      g.renderButton(box.current, { theme: 'outline', size: 'large', width: 320, text: 'continue_with' });
    });
    return () => {
      live = false;
    };
  }, [clientId, toast]);

  if (!clientId || failed) return null;
  return (
    <div className={styles.social}>
      <div ref={box} />
      <p className={styles.divider}>
        <span>or with your e-mail</span>
      </p>
    </div>
  );
}
