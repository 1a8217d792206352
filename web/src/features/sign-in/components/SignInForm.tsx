import { type FormEvent, useId, useRef, useState } from 'react';
import { parseEmail } from '../../../../../src/contract/email';
import { ApiError } from '../../../api/http';
import { login } from '../api/signInApi';
import { useT } from '../../../ui/translations';
import { useToast } from '../../../ui/useToast';
import styles from '../../../ui/forms.module.css';

export type SignedIn = { readonly securityLevel: number; readonly dashboardUrl: string | null };

/** Levels 10 up to below 25 with a dashboardUrl go there (spec section 4). */
export const dashboardTarget = (u: SignedIn): string | null => (u.securityLevel >= 10 && u.securityLevel < 25 && u.dashboardUrl ? u.dashboardUrl : null);

/**
 * E-mail and password sign-in (spec sections 4 and 8): 'Invalid Login' with the help banner when
 * the server says no; the 'Login Error' banner with the server's text and 'Login Failed' when the
 * call itself fails (throttled, server down).
 */
export function SignInForm({ initialEmail = '', onSignedIn, submitLabel }: { initialEmail?: string; onSignedIn: (u: SignedIn) => void; submitLabel?: string }) {
  const id = useId();
  const toast = useToast();
  const t = useT();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ text: string; help: boolean } | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const valid = parseEmail(email);
    if (!valid) {
      setProblem({ text: t('signin.invalidEmail', 'Please enter a valid email'), help: false });
      emailRef.current?.focus();
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const r = await login(valid, password);
      if (r.isSuccess) {
        onSignedIn(r.userInfo);
        return; // the page changes; stay busy so nothing is sent twice
      }
      setProblem({ text: r.message, help: true });
    } catch (err) {
      toast({
        title: t('signin.errorTitle', 'Login Error'),
        message: err instanceof ApiError ? err.message : t('ui.unreachable', 'The server cannot be reached'),
        tone: 'error',
      });
      setProblem({ text: t('signin.failed', 'Login Failed'), help: false });
    }
    setBusy(false);
  };

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate aria-busy={busy}>
      {problem && (
        <div role="alert" className={styles.form}>
          <p className={styles.error}>{problem.text}</p>
          {problem.help && (
            <p className={styles.banner}>
              <a href="/account/forgotpassword">{t('signin.help', 'Click here if you need help getting back into your account.')}</a>
            </p>
          )}
        </div>
      )}
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-email`}>
          {t('signin.email', 'Email')}
        </label>
        <input
          ref={emailRef}
          id={`${id}-email`}
          className={styles.input}
          type="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          required
        />
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-password`}>
          {t('signin.password', 'Password')}
        </label>
        <input
          id={`${id}-password`}
          className={styles.input}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
        />
      </div>
      <button type="submit" className={`btn btn-primary ${styles.full}`} disabled={busy}>
        {busy ? t('signin.busy', 'Signing in…') : (submitLabel ?? t('signin.submit', 'Sign in'))}
      </button>
      <p className={styles.hint}>
        <a href="/account/forgotpassword">{t('signin.forgot', 'Forgot your password?')}</a>
      </p>
    </form>
  );
}
