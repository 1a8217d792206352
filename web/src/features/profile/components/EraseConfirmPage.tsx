import { useState } from 'react';
import { eraseByLink } from '../api/profileApi';
import { ApiError } from '../../../api/http';
import { Link } from '../../../app/Link';
import { useLocation } from '../../../app/location';
import { useT } from '../../../ui/translations';
import styles from '../../../ui/forms.module.css';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';

type State = { readonly kind: 'asking' } | { readonly kind: 'working' } | { readonly kind: 'done' } | { readonly kind: 'failed'; readonly text: string };

/**
 * /account/erase?token=: the page of the mailed erasure link (issue 18). Opening it erases
 * nothing (mail scanners fetch links); its button posts the token, and the account is erased.
 */
export function EraseConfirmPage() {
  const t = useT();
  const token = new URLSearchParams(useLocation().search).get('token');
  const [state, setState] = useState<State>(
    token
      ? { kind: 'asking' }
      : { kind: 'failed', text: t('account.eraseLinkIncomplete', 'This link is incomplete; please open the whole link from the e-mail.') },
  );
  useDocumentTitle(t('account.eraseTitle', 'Erase your account'));
  const confirm = async () => {
    if (!token || state.kind === 'working') return;
    setState({ kind: 'working' });
    try {
      await eraseByLink(token);
      setState({ kind: 'done' });
    } catch (err) {
      setState({
        kind: 'failed',
        text: err instanceof ApiError && err.status !== 0 ? err.message : t('account.unreachableRetry', 'The server cannot be reached; please try again.'),
      });
    }
  };
  return (
    <main id="main" className="simple-page">
      <h1>{t('account.eraseTitle', 'Erase your account')}</h1>
      <div className={styles.form} aria-busy={state.kind === 'working'}>
        {(state.kind === 'asking' || state.kind === 'working') && (
          <>
            <p>
              {t(
                'account.eraseLinkWarning',
                'This cannot be undone: your name, contact details, messages and saved searches are forgotten, and you are signed out everywhere.',
              )}
            </p>
            <div className={styles.actions}>
              <button type="button" className="btn btn-danger" disabled={state.kind === 'working'} onClick={() => void confirm()}>
                {state.kind === 'working' ? t('account.erasing', 'Erasing…') : t('account.eraseForGood', 'Erase my account for good')}
              </button>
            </div>
          </>
        )}
        {state.kind === 'done' && (
          <div className={styles.success} role="status">
            {t('account.erased', 'Your account was erased. Your personal data is gone, and you are signed out.')}
          </div>
        )}
        {state.kind === 'failed' && (
          <div className={styles.error} role="alert">
            {state.text}
          </div>
        )}
        {(state.kind === 'done' || state.kind === 'failed') && (
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
