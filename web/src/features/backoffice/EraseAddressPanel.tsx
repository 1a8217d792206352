import { type FormEvent, useState } from 'react';
import { api } from '../../api/contract-client';
import { ApiError } from '../../api/http';
import { contract } from '../../../../src/contract/routes';
import styles from './Backoffice.module.css';
import { ConfirmDialog } from './ConfirmDialog';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Privacy: erasing, on the request of someone who has no account, what Porchlight keeps under
 * their e-mail address alone (listing reports agents e-mailed them, intake e-mails and deliveries
 * kept from them). An account's person is erased from the account's page instead.
 */
export function EraseAddressPanel() {
  const [email, setEmail] = useState('');
  const [reason, setReason] = useState('');
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const ask = (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    if (!email.trim()) return setError('Please enter the e-mail address');
    if (!reason.trim()) return setError('Please give a reason');
    setError(null);
    setAsking(true);
  };

  const erase = async () => {
    setAsking(false);
    setBusy(true);
    try {
      const r = await api(contract.privacy.eraseAddress, { body: { email, reason } });
      setDone(
        `Erased: ${plural(r.listingReports, 'listing report', 'listing reports')} and ${plural(r.intakeItems, 'intake item', 'intake items')} (the history records the counts, not the address).`,
      );
      setEmail('');
      setReason('');
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The server cannot be reached: nothing was erased, try again');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.card} aria-labelledby="erase-address-title">
      <div className={styles.cardBody}>
        <h2 id="erase-address-title" className={styles.sectionTitle}>
          Erase an e-mail address
        </h2>
        <p className={styles.small}>
          For a person without an account: the listing reports agents e-mailed to the address and the intake items kept from it are erased for good. A person
          with an account is erased from their account’s page.
        </p>
        <form className={styles.dialogForm} onSubmit={ask} noValidate data-testid="erase-address-form">
          <label className={styles.field}>
            E-mail address
            <input className={styles.input} type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="off" required />
          </label>
          <label className={styles.field}>
            Reason (kept in the history)
            <textarea className={styles.textarea} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} required />
          </label>
          {error && (
            <p className={styles.error} role="alert">
              {error}
            </p>
          )}
          {done && (
            <p role="status" data-testid="erase-address-done">
              {done}
            </p>
          )}
          <div className={styles.dialogButtons}>
            <button type="submit" className={`btn ${styles.btnDangerSolid}`} disabled={busy}>
              {busy ? 'Erasing…' : 'Erase…'}
            </button>
          </div>
        </form>
      </div>
      <ConfirmDialog
        open={asking}
        title="Erase this address’s data?"
        text={`Everything kept under ${email.trim()} alone is erased for good. This cannot be undone.`}
        keepLabel="Keep"
        confirmLabel="Erase"
        danger
        onKeep={() => setAsking(false)}
        onConfirm={() => void erase()}
      />
    </section>
  );
}
