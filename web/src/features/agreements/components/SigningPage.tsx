import { type FormEvent, useEffect, useId, useState } from 'react';
import { ApiError } from '../../../api/http';
import type { SigningView } from '../../../../../src/contract/agreements';
import { dayWords } from '../../../../../src/contract/agreements';
import { useLocation } from '../../../app/location';
import forms from '../../../ui/forms.module.css';
import { agreementsApi } from '../api/agreementsApi';
import styles from './Agreements.module.css';

const CLOSED: Partial<Record<SigningView['state'], string>> = {
  signed: 'This agreement is signed. Thank you: your agent has been told.',
  void: 'This agreement was withdrawn: your agent will send you another if needed.',
  expired: 'This agreement has ended: ask your agent for a new one.',
};

/**
 * `/agreements/sign?t=`: where the agreement e-mail's link lands. Opening it changes nothing (mail
 * scanners open links); the lead reads the terms, types their full name, ticks that they accept
 * and signs. The link signs once.
 */
export function SigningPage() {
  const token = new URLSearchParams(useLocation().search).get('t') ?? '';
  const [view, setView] = useState<SigningView | null>(null);
  const [name, setName] = useState('');
  const [accept, setAccept] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  useEffect(() => {
    document.title = 'Your buyer agreement';
  }, []);
  useEffect(() => {
    agreementsApi.byLink(token).then(setView, (err: unknown) => setError(err instanceof ApiError ? err.message : 'This link could not be opened'));
  }, [token]);

  const sign = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError('Type your full name to sign');
    if (!accept) return setError('Tick that you accept the agreement');
    setBusy(true);
    setError(null);
    agreementsApi
      .sign(token, name.trim())
      .then(
        (r) => setView(r.view),
        (err: unknown) => setError(err instanceof ApiError ? err.message : 'That did not work; please try again.'),
      )
      .finally(() => setBusy(false));
  };

  const closed = view ? CLOSED[view.state] : undefined;
  return (
    <main id="main" className={`simple-page ${styles.signing}`}>
      <h1>Your buyer agreement</h1>
      {view && (
        <>
          <p>
            {view.officeName
              ? `${view.officeName} asks you, ${view.leadName}, to agree to these terms before touring homes together.`
              : `Please read these terms, ${view.leadName}.`}
          </p>
          <dl className={styles.terms}>
            <dt>Kind</dt>
            <dd>
              {view.typeWords}. {view.meaning}
            </dd>
            <dt>Compensation</dt>
            <dd>{view.compensation}</dd>
            <dt>Starts</dt>
            <dd>{dayWords(view.startsOn)}</dd>
            <dt>Ends</dt>
            <dd>{dayWords(view.endsOn)}</dd>
          </dl>
          {view.documentUrl && (
            <p>
              The agreement&apos;s full text: <a href={view.documentUrl}>read the document</a>.
            </p>
          )}
          {closed ? (
            <p role="status">{closed}</p>
          ) : (
            <form onSubmit={sign} aria-label="Sign the agreement" noValidate>
              <div className={forms.field}>
                <label className={forms.label} htmlFor={`${id}-name`}>
                  Your full name
                </label>
                <input
                  className={forms.input}
                  id={`${id}-name`}
                  type="text"
                  autoComplete="name"
                  value={name}
                  onChange={(e) => setName(e.target.value)}
                  aria-invalid={error === 'Type your full name to sign' ? true : undefined}
                  required
                />
              </div>
              <label className={forms.check}>
                <input type="checkbox" checked={accept} onChange={(e) => setAccept(e.target.checked)} />I have read the terms above and I accept them. Typing my
                name is my signature.
              </label>
              <div className={forms.actions}>
                <button type="submit" className="btn btn-primary" disabled={busy}>
                  {busy ? 'Signing…' : 'Sign agreement'}
                </button>
              </div>
            </form>
          )}
        </>
      )}
      {error && <p role="alert">{error}</p>}
    </main>
  );
}
