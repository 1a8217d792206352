import { useState } from 'react';
import { Modal } from '../../ui/Modal';
import styles from './SignInModal.module.css';

/**
 * The sign-in / sign-up modal's shell, opened by showSignIn=1 (spec section 2). The accounts
 * issue fills the two panels (e-mail and password, social sign-in, sign-up steps '1' and
 * '1-phone'); this shell owns the dialog, the tabs and dismissal.
 */
export function SignInModal({ open, onClose, dismissable = true }: { open: boolean; onClose: () => void; dismissable?: boolean }) {
  const [tab, setTab] = useState<'signin' | 'signup'>('signin');
  return (
    <Modal open={open} title={tab === 'signin' ? 'Sign in' : 'Create an account'} onClose={onClose} dismissable={dismissable} size="small">
      <div className={styles.tabs} role="tablist" aria-label="Account">
        <button type="button" role="tab" id="signin-tab" aria-selected={tab === 'signin'} aria-controls="signin-panel" onClick={() => setTab('signin')}>
          Sign in
        </button>
        <button type="button" role="tab" id="signup-tab" aria-selected={tab === 'signup'} aria-controls="signin-panel" onClick={() => setTab('signup')}>
          Sign up
        </button>
      </div>
      <div id="signin-panel" role="tabpanel" aria-labelledby={tab === 'signin' ? 'signin-tab' : 'signup-tab'} className={styles.panel} data-slot={tab}>
        <p>{tab === 'signin' ? 'Sign in to save searches, keep favorites and get new-listing alerts.' : 'Create a free account to save searches and get new-listing alerts.'}</p>
        <p className={styles.soon}>Account sign-in is being set up on this site.</p>
      </div>
    </Modal>
  );
}
