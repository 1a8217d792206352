import { useState } from 'react';
import { Modal } from '../../ui/Modal';
import styles from '../../ui/forms.module.css';
import { openSignIn } from './openSignIn';

/** The accept-terms gate (spec section 4): search stays blocked until the visitor accepts. */
export function TermsGateModal({ open, siteName, onAccept }: { open: boolean; siteName: string; onAccept: () => void }) {
  const [checked, setChecked] = useState(false);
  return (
    <Modal open={open} title="Before you search" onClose={() => undefined} dismissable={false} size="small">
      <div className={styles.form}>
        <p>
          Listing data on {siteName} is provided for your personal, non-commercial use in finding a home. Please accept the terms and conditions to search.
        </p>
        <label className={styles.check}>
          <input type="checkbox" checked={checked} onChange={(e) => setChecked(e.target.checked)} />
          <span>I accept the terms and conditions</span>
        </label>
        <button type="button" className={`btn btn-primary ${styles.full}`} disabled={!checked} onClick={onAccept}>
          Continue to search
        </button>
        <p className={styles.hint}>
          Already have an account?{' '}
          <button type="button" className={styles.linkButton} onClick={openSignIn}>
            Sign in
          </button>
        </p>
      </div>
    </Modal>
  );
}
