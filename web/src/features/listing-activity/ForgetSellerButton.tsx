import { useState } from 'react';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { listingActivityApi, type ReportMail } from './listingActivityApi';
import styles from './ListingActivity.module.css';

/**
 * "Forget this seller": asks first (it cannot be undone), then the send's key is destroyed on the
 * server and the row reads as erased. The dialog keeps focus and gives it back on close.
 */
export function ForgetSellerButton({ pdid, mail, onForgotten }: { readonly pdid: string; readonly mail: ReportMail; readonly onForgotten: () => void }) {
  const [open, setOpen] = useState(false);

  const forget = async () => {
    await listingActivityApi.forgetSeller(pdid, mail.sendId);
    setOpen(false);
    onForgotten();
  };

  return (
    <>
      <button type="button" className={`btn ${styles.forget}`} onClick={() => setOpen(true)} aria-label={`Forget this seller: ${mail.sellerName}`}>
        Forget this seller
      </button>
      <ConfirmDialog
        open={open}
        title="Forget this seller?"
        keepLabel="Keep"
        action="Forget the seller"
        busyAction="Erasing…"
        onCancel={() => setOpen(false)}
        onConfirm={forget}
      >
        <p>
          {mail.sellerName}’s name, e-mail address and your note on this report are erased for good, here and in the history. The report stays counted as sent.
        </p>
      </ConfirmDialog>
    </>
  );
}
