import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../../api/http';
import { SELLER_NOTE_MAX } from '../../../../src/contract/routes/listing-activity';
import forms from '../../ui/forms.module.css';
import { ForgetSellerButton } from './ForgetSellerButton';
import { listingActivityApi, type ReportMail } from './listingActivityApi';
import styles from './ListingActivity.module.css';

const newSendId = (): string => globalThis.crypto.randomUUID();
const failure = (err: unknown) => (err instanceof ApiError ? err.message : 'The server cannot be reached: nothing was sent, try again');
const STATE: Record<string, string> = {
  pending: 'Sending',
  sent: 'Sent',
  undeliverable: 'Not sent: the address bounced',
  failed: 'Not sent: the mail server refused it',
  dropped: 'Not sent',
};

/**
 * "E-mail it to the seller": the seller's name and address (anyone, not only a lead) and a note.
 * The form keeps one sendId until a send succeeds, so a retry after a lost answer is the same e-mail.
 * Below, the reports already e-mailed from this listing: to whom, by whom, when.
 */
export function SellerMailForm({ pdid }: { readonly pdid: string }) {
  const id = useId();
  const sendId = useRef(newSendId());
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [note, setNote] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [mails, setMails] = useState<readonly ReportMail[] | null>(null);

  const load = useCallback(() => {
    listingActivityApi.mails(pdid).then(
      (r) => setMails(r.mails),
      () => setMails([]),
    );
  }, [pdid]);
  useEffect(load, [load]);

  const send = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setDone(null);
    if (!name.trim()) return setError("Please enter the seller's name");
    if (!email.trim()) return setError("Please enter the seller's e-mail address");
    setSending(true);
    try {
      await listingActivityApi.mail(pdid, { sendId: sendId.current, sellerName: name, sellerEmail: email, ...(note.trim() ? { note } : {}) });
      sendId.current = newSendId();
      setDone(`The report is on its way to ${email.trim()}.`);
      setName('');
      setEmail('');
      setNote('');
      load();
    } catch (err) {
      setError(failure(err));
    } finally {
      setSending(false);
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className={styles.mail}>
      <h2 id={`${id}-title`}>E-mail it to the seller</h2>
      <form className={forms.form} onSubmit={(e) => void send(e)} noValidate data-testid="seller-mail-form">
        <div className={forms.field}>
          <label className={forms.label} htmlFor={`${id}-name`}>
            Seller’s name
          </label>
          <input className={forms.input} id={`${id}-name`} value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" maxLength={100} required />
        </div>
        <div className={forms.field}>
          <label className={forms.label} htmlFor={`${id}-email`}>
            Seller’s e-mail address
          </label>
          <input
            className={forms.input}
            id={`${id}-email`}
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            autoComplete="off"
            aria-invalid={error?.includes('e-mail') || error?.includes('bounced') ? true : undefined}
            required
          />
        </div>
        <div className={forms.field}>
          <label className={forms.label} htmlFor={`${id}-note`}>
            Note (optional)
          </label>
          <textarea className={forms.input} id={`${id}-note`} value={note} onChange={(e) => setNote(e.target.value)} rows={3} maxLength={SELLER_NOTE_MAX} />
        </div>
        {error && (
          <p className={forms.error} role="alert" data-testid="seller-mail-error">
            {error}
          </p>
        )}
        {done && (
          <p className={forms.success} role="status" data-testid="seller-mail-done">
            {done}
          </p>
        )}
        <div className={forms.actions}>
          <button type="submit" className="btn btn-primary" disabled={sending}>
            {sending ? 'Sending…' : 'E-mail the report'}
          </button>
        </div>
      </form>
      <h3>Sent to the seller</h3>
      {mails === null && <p aria-busy="true">Loading…</p>}
      {mails?.length === 0 && <p data-testid="seller-mails-empty">No report e-mailed yet.</p>}
      {mails && mails.length > 0 && (
        <ul className={styles.mails} data-testid="seller-mails">
          {mails.map((m) => (
            <li key={m.sendId} data-testid="seller-mail">
              {m.erased ? <span className={styles.erased}>Seller erased</span> : `${m.sellerName} <${m.sellerEmail}>`} · by {m.byName} ·{' '}
              {new Date(m.at).toLocaleString()} · {STATE[m.state] ?? m.state}
              {!m.erased && <ForgetSellerButton pdid={pdid} mail={m} onForgotten={load} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
