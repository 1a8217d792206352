import { useState } from 'react';
import { ApiError } from '../../api/http';
import forms from '../../ui/forms.module.css';
import { Modal } from '../../ui/Modal';
import { listingActivityApi, type ReportMail } from './listingActivityApi';
import styles from './ListingActivity.module.css';

/**
 * "Forget this seller": asks first (it cannot be undone), then the send's key is destroyed on the
 * server and the row reads as erased. The dialog keeps focus and gives it back on close.
 */
export function ForgetSellerButton({ pdid, mail, onForgotten }: { readonly pdid: string; readonly mail: ReportMail; readonly onForgotten: () => void }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const forget = async () => {
    setBusy(true);
    setError(null);
    try {
      await listingActivityApi.forgetSeller(pdid, mail.sendId);
      setOpen(false);
      onForgotten();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The server cannot be reached: nothing was erased, try again');
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button type="button" className={`btn ${styles.forget}`} onClick={() => setOpen(true)} aria-label={`Forget this seller: ${mail.sellerName}`}>
        Forget this seller
      </button>
      <Modal open={open} title="Forget this seller?" onClose={() => setOpen(false)} size="small">
        <p>
          {mail.sellerName}’s name, e-mail address and your note on this report are erased for good, here and in the history. The report stays counted as sent.
        </p>
        {error && (
          <p className={forms.error} role="alert">
            {error}
          </p>
        )}
        <div className={forms.actions}>
          <button type="button" className="btn" onClick={() => setOpen(false)}>
            Keep
          </button>
          <button type="button" className="btn btn-primary" onClick={() => void forget()} disabled={busy}>
            {busy ? 'Erasing…' : 'Forget the seller'}
          </button>
        </div>
      </Modal>
    </>
  );
}
