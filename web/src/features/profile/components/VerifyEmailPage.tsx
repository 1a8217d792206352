import { useEffect, useRef, useState } from 'react';
import { confirmEmail } from '../api/profileApi';
import { ApiError } from '../../../api/http';
import { Link } from '../../../app/Link';
import { useLocation } from '../../../app/location';
import styles from '../../../ui/forms.module.css';
import { useT } from '../../../ui/translations';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';

type State = { readonly kind: 'working' } | { readonly kind: 'done'; readonly text: string } | { readonly kind: 'failed'; readonly text: string };

/**
 * /account/verifyemail?token=: the page of the confirmation link. It posts the token once (mail
 * scanners that only fetch the link confirm nothing) and says how it went.
 */
export function VerifyEmailPage() {
  const token = new URLSearchParams(useLocation().search).get('token');
  const [state, setState] = useState<State>({ kind: 'working' });
  const t = useT();
  const title = t('account.verify.title', 'Confirm your e-mail address');
  useDocumentTitle(title);
  // The messages the effect sets, in the visitor's language (read once: the effect runs once per token).
  const incomplete = t('account.verify.incomplete', 'This confirmation link is incomplete; please open the whole link from the e-mail.');
  const unreachable = t('account.unreachableRetry', 'The server cannot be reached; please try again.');
  // The token alone decides when the effect runs: a translation arriving late must not post the link again.
  const messages = useRef({ incomplete, unreachable });
  messages.current = { incomplete, unreachable };
  useEffect(() => {
    if (!token) {
      setState({ kind: 'failed', text: messages.current.incomplete });
      return;
    }
    let live = true;
    confirmEmail(token).then(
      (r) => live && setState({ kind: 'done', text: r.message }),
      (err: unknown) => live && setState({ kind: 'failed', text: err instanceof ApiError && err.status !== 0 ? err.message : messages.current.unreachable }),
    );
    return () => {
      live = false;
    };
  }, [token]);
  return (
    <main id="main" className="simple-page">
      <h1>{title}</h1>
      <div className={styles.form} aria-busy={state.kind === 'working'}>
        {state.kind === 'working' && <p role="status">{t('account.verify.working', 'Confirming…')}</p>}
        {state.kind === 'done' && (
          <div className={styles.success} role="status">
            {state.text}
          </div>
        )}
        {state.kind === 'failed' && (
          <div className={styles.error} role="alert">
            {state.text}
          </div>
        )}
        {state.kind !== 'working' && (
          <div className={styles.actions}>
            <Link href="/search" className="btn btn-primary">
              {t('account.searchHomes', 'Search homes')}
            </Link>
          </div>
        )}
      </div>
    </main>
  );
}
