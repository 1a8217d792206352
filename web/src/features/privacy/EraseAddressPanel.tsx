import { type FormEvent, useId, useState } from 'react';
import { api } from '../../api/contract-client';
import { contract } from '../../../../src/contract/routes';
import forms from '../../ui/forms.module.css';
import { ConfirmDialog } from '../../ui/ConfirmDialog';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The back-office Privacy tab: erasing, on the request of someone who has no account, what
 * Porchlight keeps under their e-mail address alone (listing reports agents e-mailed them, intake
 * e-mails and deliveries kept from them), after a confirmation. An account's person is erased
 * from the account's page instead.
 */
export function EraseAddressPanel() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [reason, setReason] = useState('');
  const [asking, setAsking] = useState(false);
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

  /** A refusal is said in the dialog, which stays open. */
  const erase = async () => {
    const r = await api(contract.privacy.eraseAddress, { body: { email, reason } });
    const what = `${plural(r.listingReports, 'listing report', 'listing reports')} and ${plural(r.intakeItems, 'intake item', 'intake items')}`;
    setAsking(false);
    setDone(`Erased: ${what} (the history records the counts, not the address).`);
    setEmail('');
    setReason('');
  };

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Erase an e-mail address</h2>
      <p>
        For a person without an account: the listing reports agents e-mailed to the address and the intake items kept from it are erased for good. A person with
        an account is erased from their account’s page.
      </p>
      <form className={forms.form} onSubmit={ask} noValidate data-testid="erase-address-form">
        <div className={forms.field}>
          <label className={forms.label} htmlFor={`${id}-email`}>
            E-mail address
          </label>
          <input className={forms.input} id={`${id}-email`} type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="off" required />
        </div>
        <div className={forms.field}>
          <label className={forms.label} htmlFor={`${id}-reason`}>
            Reason (kept in the history)
          </label>
          <textarea className={forms.input} id={`${id}-reason`} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} rows={3} required />
        </div>
        {error && (
          <p className={forms.error} role="alert">
            {error}
          </p>
        )}
        {done && (
          <p className={forms.success} role="status" data-testid="erase-address-done">
            {done}
          </p>
        )}
        <div className={forms.actions}>
          <button type="submit" className="btn btn-danger">
            Erase…
          </button>
        </div>
      </form>
      <ConfirmDialog
        open={asking}
        title="Erase this address’s data?"
        keepLabel="Keep"
        action="Erase"
        busyAction="Erasing…"
        onCancel={() => setAsking(false)}
        onConfirm={erase}
      >
        <p>Everything kept under {email.trim()} alone is erased for good. This cannot be undone.</p>
      </ConfirmDialog>
    </section>
  );
}
