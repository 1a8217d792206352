import { useState } from 'react';
import { ApiError } from '../../api/http';
import { importOptIn } from '../../api/account';
import { Modal } from '../../ui/Modal';
import { useToast } from '../../ui/useToast';
import styles from '../../ui/forms.module.css';

/** The import opt-in (spec section 4): an imported user who has texts turned off may turn them back on. */
export function ImportOptInModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const accept = async () => {
    setBusy(true);
    try {
      await importOptIn();
      toast({ title: 'Updated Communication Settings!', message: 'Your communication settings have been updated.', tone: 'success' });
      onClose();
    } catch (err) {
      toast({ title: 'Failed to Save', message: err instanceof ApiError ? err.message : 'The server cannot be reached', tone: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={open} title="Stay in touch by text?" onClose={onClose} size="small">
      <div className={styles.form}>
        <p>Your agent added you to this site. Would you like text messages about new listings and updates? You can turn them off at any time.</p>
        <div className={styles.actions}>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void accept()}>
            Yes, text me
          </button>
          <button type="button" className="btn" onClick={onClose}>
            No thanks
          </button>
        </div>
      </div>
    </Modal>
  );
}
