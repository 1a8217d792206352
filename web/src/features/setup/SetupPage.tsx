import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { parseEmail } from '../../../../src/contract/email';
import { ApiError } from '../../api/http';
import { checkSetupToken, runSetup } from '../../api/setup';
import { NotFoundPage } from '../../app/NotFoundPage';
import styles from '../../ui/forms.module.css';
import { useDocumentTitle } from '../../ui/useDocumentTitle';

type Fields = { name: string; email: string; password: string; brokerage: string; brokerName: string; brokerEmail: string; subdomain: string; domain: string };
const EMPTY: Fields = { name: '', email: '', password: '', brokerage: '', brokerName: '', brokerEmail: '', subdomain: '', domain: '' };

/**
 * /setup#TOKEN: the first run, opened by the one-time link a production start prints before any
 * account exists. The token stays in the fragment (never sent in a request line, so never in a
 * log) and leaves the address bar once the setup is done.
 */
export function SetupPage() {
  useDocumentTitle('Set up Porchlight');
  const [token] = useState(() => window.location.hash.slice(1));
  const [state, setState] = useState<'checking' | 'open' | 'closed' | 'unreachable'>('checking');
  useEffect(() => {
    if (!token) return setState('closed');
    checkSetupToken(token).then(
      () => setState('open'),
      (err: unknown) => setState(err instanceof ApiError && err.status !== 0 ? 'closed' : 'unreachable'),
    );
  }, [token]);
  if (state === 'closed') return <NotFoundPage />;
  return (
    <main id="main" className="simple-page" aria-busy={state === 'checking'}>
      <h1>Set up Porchlight</h1>
      {state === 'unreachable' && (
        <div role="alert" className={styles.error}>
          The server cannot be reached. Reload the page to try again.
        </div>
      )}
      {state === 'open' && <SetupForm token={token} />}
    </main>
  );
}

function SetupForm({ token }: { token: string }) {
  const id = useId();
  const [f, setF] = useState<Fields>(EMPTY);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ signInUrl: string; siteUrl: string | null } | null>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const doneRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  const set = (k: keyof Fields) => (e: { target: { value: string } }) => setF((old) => ({ ...old, [k]: e.target.value }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const missing = firstMissing(f);
    if (missing) return setError(missing);
    setBusy(true);
    setError(null);
    try {
      const answer = await runSetup({
        token,
        email: f.email,
        name: f.name,
        password: f.password,
        brokerage: { name: f.brokerage, brokerName: f.brokerName, brokerEmail: f.brokerEmail, subdomain: f.subdomain, domain: f.domain.trim() || null },
      });
      // Spent: the link is of no use any more, and need not stay in the history.
      window.history.replaceState(null, '', window.location.pathname);
      setDone(answer);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The server cannot be reached');
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <div className={styles.success} role="status">
        <h2 ref={doneRef} tabIndex={-1}>
          Porchlight is set up
        </h2>
        <p>Your staff account and the brokerage&apos;s site are ready. The broker sets a password with &quot;Forgot password?&quot; on the sign-in form.</p>
        <div className={styles.actions}>
          <a className="btn btn-primary" href={done.signInUrl}>
            Sign in as staff
          </a>
          {done.siteUrl && (
            <a className="btn" href={done.siteUrl}>
              Open the brokerage&apos;s site
            </a>
          )}
        </div>
      </div>
    );
  }

  const field = (k: keyof Fields, label: string, type: string, autoComplete: string, hint?: string) => (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={`${id}-${k}`}>
        {label}
      </label>
      <input
        id={`${id}-${k}`}
        className={styles.input}
        type={type}
        autoComplete={autoComplete}
        value={f[k]}
        onChange={set(k)}
        aria-describedby={hint ? `${id}-${k}-hint` : undefined}
      />
      {hint && (
        <div id={`${id}-${k}-hint`} className={styles.hint}>
          {hint}
        </div>
      )}
    </div>
  );

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
      <p>
        This link works once. It creates the first staff account (yours) and the first brokerage: the broker&apos;s account and their site, which answers on
        this address.
      </p>
      {error && (
        <div role="alert" className={styles.error} ref={errorRef} tabIndex={-1}>
          {error}
        </div>
      )}
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Your staff account</legend>
        {field('name', 'Your first and last name', 'text', 'name')}
        {field('email', 'Your e-mail', 'email', 'email')}
        {field('password', 'Password', 'password', 'new-password', '8 to 200 characters, not a common password.')}
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>The brokerage</legend>
        {field('brokerage', 'Brokerage name', 'text', 'organization')}
        {field('brokerName', "Broker's first and last name", 'text', 'off')}
        {field('brokerEmail', "Broker's e-mail", 'email', 'off')}
        {field('subdomain', 'Site subdomain', 'text', 'off', 'Lower-case letters, digits or dashes, for example "acme-realty".')}
        {field('domain', 'Custom domain (optional)', 'text', 'off', 'For example "acmerealty.com"; it is verified later in Site settings.')}
      </fieldset>
      <div className={styles.actions}>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Setting up…' : 'Set up Porchlight'}
        </button>
      </div>
    </form>
  );
}

function firstMissing(f: Fields): string | null {
  if (!f.name.trim()) return 'Please enter your first and last name';
  if (!parseEmail(f.email)) return 'Please enter a valid email';
  if (!f.password) return 'Please choose a password';
  if (!f.brokerage.trim()) return 'Please enter the brokerage name';
  if (!f.brokerName.trim()) return "Please enter the broker's first and last name";
  if (!parseEmail(f.brokerEmail)) return "Please enter the broker's e-mail address";
  if (!f.subdomain.trim()) return 'Please enter the site subdomain';
  return null;
}
