import { useEffect, useState } from 'react';
import { useSite } from '../../../app/useSite';
import { Modal } from '../../../ui/Modal';
import { useT } from '../../../ui/translations';
import { InquiryForm } from '../../forms';
import { CellPhoneForm } from '../../profile';
import formStyles from '../../../ui/forms.module.css';
import { FacebookSignInButton } from './FacebookSignInButton';
import { GoogleSignInButton } from './GoogleSignInButton';
import { reloadWithoutSignIn } from '../utils/signInRequest';
import { dashboardTarget, SignInForm } from './SignInForm';
import styles from './SignInModal.module.css';

export type SignInModalProps = {
  readonly open: boolean;
  readonly onClose: () => void;
  /** Spec section 4: only when the visitor opened it; a forced prompt has no way out. */
  readonly dismissable?: boolean;
  readonly initialTab?: 'signin' | 'signup';
  readonly initialEmail?: string;
  readonly notice?: string;
  /** '1': sign in or sign up; '1-phone': a social sign-up's phone step. */
  readonly step?: '1' | '1-phone';
  readonly onPhoneSaved?: () => void;
};

/** Levels 10 to below 25 go to their dashboard; everyone else sees the same page, signed in. */
function afterSignIn(u: { securityLevel: number; dashboardUrl: string | null }): void {
  const target = dashboardTarget(u);
  if (target) window.location.assign(target);
  else reloadWithoutSignIn();
}

/** The sign-in / sign-up modal (spec sections 2, 4 and 8), opened by showSignIn=1 or by the app. */
export function SignInModal({ open, onClose, dismissable = true, initialTab = 'signin', initialEmail, notice, step = '1', onPhoneSaved }: SignInModalProps) {
  const { site } = useSite();
  const t = useT();
  const [tab, setTab] = useState(initialTab);
  const [email, setEmail] = useState(initialEmail);
  const [note, setNote] = useState(notice);
  useEffect(() => {
    if (!open) return;
    setTab(initialTab);
    setEmail(initialEmail);
    setNote(notice);
  }, [open, initialTab, initialEmail, notice]);

  if (step === '1-phone') {
    return (
      <Modal open={open} title={t('signin.phoneTitle', 'One more step')} onClose={onClose} dismissable={false} size="small">
        <div className={styles.panel} data-step="1-phone">
          <p>{t('signin.phoneLead', 'Add your cell phone so your agent can reach you about the homes you like.')}</p>
          <CellPhoneForm submitLabel={t('signin.phoneSubmit', 'Finish sign-up')} onSaved={() => onPhoneSaved?.()} />
        </div>
      </Modal>
    );
  }

  const allowPartialName = site?.settings['Registration_AllowPartialName'] === true;
  return (
    <Modal
      open={open}
      title={tab === 'signin' ? t('signin.title', 'Sign in') : t('signin.signUpTitle', 'Create an account')}
      onClose={onClose}
      dismissable={dismissable}
      size="small"
    >
      <div className={styles.tabs} role="tablist" aria-label={t('account.menu', 'Account')}>
        <button type="button" role="tab" id="signin-tab" aria-selected={tab === 'signin'} aria-controls="signin-panel" onClick={() => setTab('signin')}>
          {t('signin.title', 'Sign in')}
        </button>
        <button type="button" role="tab" id="signup-tab" aria-selected={tab === 'signup'} aria-controls="signin-panel" onClick={() => setTab('signup')}>
          {t('signin.signUpTab', 'Sign up')}
        </button>
      </div>
      <div
        id="signin-panel"
        role="tabpanel"
        aria-labelledby={tab === 'signin' ? 'signin-tab' : 'signup-tab'}
        className={styles.panel}
        data-slot={tab}
        data-step="1"
      >
        {note ? (
          <div className={`${formStyles.banner} ${styles.notice}`} role="status">
            {note}
          </div>
        ) : (
          <p>
            {tab === 'signin'
              ? t('signin.lead', 'Sign in to save searches, keep favorites and get new-listing alerts.')
              : t('signin.signUpLead', 'Create a free account to save searches and get new-listing alerts.')}
          </p>
        )}
        <FacebookSignInButton onSignedIn={reloadWithoutSignIn} />
        <GoogleSignInButton onSignedIn={reloadWithoutSignIn} />
        {tab === 'signin' ? (
          <SignInForm key={email ?? ''} initialEmail={email} onSignedIn={afterSignIn} />
        ) : (
          <InquiryForm
            leadType="Registration"
            allowPartialName={allowPartialName}
            initial={email ? { Email: email } : undefined}
            submitLabel={t('signin.createAccount', 'Create account')}
            onSent={reloadWithoutSignIn}
            onEmailInUse={(used) => {
              setEmail(used);
              setNote(t('signin.emailInUse', 'An account already uses this email. Sign in to continue.'));
              setTab('signin');
            }}
          />
        )}
      </div>
    </Modal>
  );
}
