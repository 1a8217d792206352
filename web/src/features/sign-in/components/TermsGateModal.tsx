import { useState } from 'react';
import { Modal } from '../../../ui/Modal';
import { useT } from '../../../ui/translations';
import styles from '../../../ui/forms.module.css';
import { openSignIn } from '../utils/openSignIn';

/** The accept-terms gate (spec section 4): search stays blocked until the visitor accepts. */
export function TermsGateModal({ open, siteName, onAccept }: { open: boolean; siteName: string | undefined; onAccept: () => void }) {
  const t = useT();
  const [checked, setChecked] = useState(false);
  return (
    <Modal open={open} title={t('terms.title', 'Before you search')} onClose={() => undefined} dismissable={false} size="small">
      <div className={styles.form}>
        <p>
          {t(
            'terms.text',
            'Listing data on {site} is provided for your personal, non-commercial use in finding a home. Please accept the terms and conditions to search.',
            {
              site: siteName ?? t('terms.thisSite', 'this site'),
            },
          )}
        </p>
        <label className={styles.check}>
          <input type="checkbox" checked={checked} onChange={(e) => setChecked(e.target.checked)} />
          <span>{t('inquiry.AcceptTerms', 'I accept the terms and conditions')}</span>
        </label>
        <button type="button" className={`btn btn-primary ${styles.full}`} disabled={!checked} onClick={onAccept}>
          {t('terms.continue', 'Continue to search')}
        </button>
        <p className={styles.hint}>
          {t('terms.haveAccount', 'Already have an account?')}{' '}
          <button type="button" className={styles.linkButton} onClick={openSignIn}>
            {t('signin.title', 'Sign in')}
          </button>
        </p>
      </div>
    </Modal>
  );
}
