import { type FormEvent, useId, useState } from 'react';
import { parseEmail } from '../../../../../src/contract/email';
import { forgotPassword, resetPassword } from '../api/signInApi';
import { ApiError } from '../../../api/http';
import { useLocation } from '../../../app/location';
import styles from '../../../ui/forms.module.css';
import { useT } from '../../../ui/translations';
import { openSignIn } from '../utils/openSignIn';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';

/** /account/forgotpassword: ask for a link by e-mail, or (?token=) choose a new password with it. */
export function ForgotPasswordPage() {
  const token = new URLSearchParams(useLocation().search).get('token');
  const t = useT();
  const title = token ? t('password.choose', 'Choose a new password') : t('password.recovery', 'Password recovery');
  useDocumentTitle(title);
  return (
    <main id="main" className="simple-page">
      {token ? <ResetForm token={token} /> : <RequestForm />}
    </main>
  );
}

function RequestForm() {
  const id = useId();
  const t = useT();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const valid = parseEmail(email);
    if (!valid) return setError(t('signin.invalidEmail', 'Please enter a valid email'));
    setBusy(true);
    setError(null);
    try {
      setDone((await forgotPassword(valid)).message);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('ui.unreachable', 'The server cannot be reached'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <h1>{t('password.recovery', 'Password recovery')}</h1>
      {done ? (
        <div className={styles.success} role="status">
          {done}
        </div>
      ) : (
        <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
          <p>{t('password.recoveryLead', 'Enter the e-mail address of your account and we will send you a link to choose a new password.')}</p>
          {error && (
            <div role="alert" className={styles.error}>
              {error}
            </div>
          )}
          <div className={styles.field}>
            <label className={styles.label} htmlFor={`${id}-email`}>
              {t('signin.email', 'Email')}
            </label>
            <input id={`${id}-email`} className={styles.input} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
          </div>
          <div className={styles.actions}>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? t('password.sending', 'Sending…') : t('password.send', 'Send me a link')}
            </button>
          </div>
        </form>
      )}
    </>
  );
}

function ResetForm({ token }: { token: string }) {
  const id = useId();
  const t = useT();
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (password !== again) return setError(t('password.mismatch', 'The two passwords are not the same'));
    setBusy(true);
    setError(null);
    try {
      await resetPassword(token, password);
      setDone(true);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('ui.unreachable', 'The server cannot be reached'));
    } finally {
      setBusy(false);
    }
  };
  if (done) {
    return (
      <>
        <h1>{t('password.changed', 'Password changed')}</h1>
        <div className={styles.form}>
          <div className={styles.success} role="status">
            {t('password.changedText', 'Your new password is set. Sign in with it now.')}
          </div>
          <div className={styles.actions}>
            <button type="button" className="btn btn-primary" onClick={openSignIn}>
              {t('signin.title', 'Sign in')}
            </button>
          </div>
        </div>
      </>
    );
  }
  return (
    <>
      <h1>{t('password.choose', 'Choose a new password')}</h1>
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        {error && (
          <div role="alert" className={styles.error}>
            {error}
          </div>
        )}
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-pw`}>
            {t('password.new', 'New password')}
          </label>
          <input
            id={`${id}-pw`}
            className={styles.input}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-pw2`}>
            {t('password.again', 'New password again')}
          </label>
          <input
            id={`${id}-pw2`}
            className={styles.input}
            type="password"
            autoComplete="new-password"
            value={again}
            onChange={(e) => setAgain(e.target.value)}
          />
        </div>
        <div className={styles.actions}>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t('ui.saving', 'Saving…') : t('password.set', 'Set password')}
          </button>
        </div>
      </form>
    </>
  );
}
