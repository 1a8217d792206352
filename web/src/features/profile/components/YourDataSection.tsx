import { type FormEvent, useId, useState } from 'react';
import { askErasureLink, eraseOwnAccount, ownExportUrl } from '../api/profileApi';
import { useT } from '../../../ui/translations';
import styles from '../../../ui/forms.module.css';
import { ExportLinks } from './ExportLinks';
import { useSave } from '../../../ui/useSave';

/**
 * /account, "Your data" (issue 18): take everything out (JSON and a readable page), or be
 * forgotten: the password again and a confirmation, then the account is erased and signed out;
 * or, the way for an account without a password (and a choice for any), a one-use link by e-mail
 * whose page confirms.
 */
export function YourDataSection({ hasPassword }: { readonly hasPassword: boolean }) {
  const id = useId();
  const t = useT();
  const [password, setPassword] = useState('');
  const [sure, setSure] = useState(false);
  const [erased, setErased] = useState(false);
  const [linkSent, setLinkSent] = useState('');
  const { busy, error, setError, save } = useSave();

  const askLink = async () => {
    if (busy) return;
    if (!sure) return setError(t('account.eraseConfirmFirst', 'Please confirm that you want your account erased'));
    await save(async () => {
      const answer = await askErasureLink();
      // Without a password the server mails a link; it erases at once only with one.
      if ('message' in answer) setLinkSent(answer.message);
    });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!sure) return setError(t('account.eraseConfirmFirst', 'Please confirm that you want your account erased'));
    if (!password) return setError(t('account.enterPassword', 'Please enter your password'));
    await save(async () => {
      await eraseOwnAccount(password);
      setErased(true);
    });
  };

  if (erased) {
    return (
      <div role="status">
        <p>{t('account.erased', 'Your account was erased. Your personal data is gone, and you are signed out.')}</p>
        <a className="btn" href="/">
          {t('account.home', 'Home')}
        </a>
      </div>
    );
  }
  return (
    <>
      <p>
        {t(
          'account.exportLead',
          'Everything we hold about you: your profile, consent history, inquiries, searches, favourites, notes, messages, alerts and sign-ins.',
        )}
      </p>
      <ExportLinks href={ownExportUrl()} />
      <h3>{t('account.eraseTitle', 'Erase your account')}</h3>
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate aria-busy={busy}>
        <p>
          {t('account.eraseWarning', 'This cannot be undone: your name, contact details, messages and saved searches are forgotten, and you are signed out.')}
        </p>
        {error && (
          <div role="alert" className={styles.error}>
            {error}
          </div>
        )}
        {linkSent && (
          <div role="status" className={styles.success}>
            {linkSent}
          </div>
        )}
        <div className={styles.field}>
          <label>
            <input type="checkbox" checked={sure} onChange={(e) => setSure(e.target.checked)} />{' '}
            {t('account.eraseSure', 'I want my account and personal data erased for good')}
          </label>
        </div>
        {hasPassword && (
          <div className={styles.field}>
            <label className={styles.label} htmlFor={`${id}-password`}>
              {t('account.yourPassword', 'Your password')}
            </label>
            <input
              id={`${id}-password`}
              className={styles.input}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </div>
        )}
        {!hasPassword && <p>{t('account.eraseNoPassword', 'Your account has no password: we e-mail you a link, and erasing happens on the page it opens.')}</p>}
        <div className={styles.actions}>
          {hasPassword && (
            <button type="submit" className="btn btn-danger" disabled={busy}>
              {busy ? t('account.erasing', 'Erasing…') : t('account.eraseButton', 'Erase my account')}
            </button>
          )}
          <button type="button" className={hasPassword ? 'btn' : 'btn btn-danger'} disabled={busy} onClick={() => void askLink()}>
            {hasPassword ? t('account.eraseLinkInstead', 'E-mail me a confirmation link instead') : t('account.eraseLink', 'E-mail me a confirmation link')}
          </button>
        </div>
      </form>
    </>
  );
}
