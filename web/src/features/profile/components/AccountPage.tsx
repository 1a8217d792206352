import { useCurrentUser } from '../../../app/currentUser';
import { CellPhoneForm } from './CellPhoneForm';
import { ChangePasswordForm } from './ChangePasswordForm';
import { CommunicationPreferences } from '../../communication-settings';
import { useT } from '../../../ui/translations';
import styles from './AccountPage.module.css';
import { openSignIn } from '../../sign-in';
import { PhotoUpload } from './PhotoUpload';
import { YourDataSection } from './YourDataSection';
import { useToast } from '../../../ui/useToast';
import { Section } from '../../../ui/Section';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';

/** /account: the signed-in user's settings (spec section 3 "Account update fields"). */
export function AccountPage() {
  const { ready, user } = useCurrentUser();
  const toast = useToast();
  const t = useT();
  useDocumentTitle(t('account.title', 'Your account'));

  if (!ready) return <main id="main" className="page-loading" aria-busy="true" />;
  if (!user) {
    return (
      <main id="main" className="simple-page">
        <h1>{t('account.title', 'Your account')}</h1>
        <p>{t('account.signInLead', 'Sign in to change your phone, photo and what we send you.')}</p>
        <button type="button" className="btn btn-primary" onClick={openSignIn}>
          {t('signin.title', 'Sign in')}
        </button>
      </main>
    );
  }
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return (
    <main id="main" className={styles.page}>
      <h1 className={styles.title}>{t('account.title', 'Your account')}</h1>
      <Section id="acct-profile" title={t('account.profile', 'Profile')} className={styles.card} headingClassName={styles.heading}>
        <PhotoUpload initial={user.photoLocation ?? null} name={name} />
        <dl className={styles.facts}>
          <dt>{t('account.name', 'Name')}</dt>
          <dd>{name || '—'}</dd>
          <dt>{t('account.email', 'Email')}</dt>
          <dd>{user.email}</dd>
        </dl>
      </Section>
      <Section id="acct-phone" title={t('account.phone', 'Phone')} className={styles.card} headingClassName={styles.heading}>
        <CellPhoneForm initial={user.cellPhone ?? ''} onSaved={() => toast({ message: t('cell.saved', 'Your cell phone was saved.'), tone: 'success' })} />
      </Section>
      <section className={styles.card} aria-label={t('account.communication', 'Communication preferences')}>
        <CommunicationPreferences
          initial={{
            email: !user.user_UnsubscribeEmail,
            text: !user.user_UnsubscribeText,
            alerts: user.On_PropertyAlerts ?? true,
            updates: user.On_PropertyUpdates ?? true,
          }}
        />
      </section>
      <Section id="acct-password" title={t('account.password', 'Password')} className={styles.card} headingClassName={styles.heading}>
        {user.hasPassword ? (
          <ChangePasswordForm />
        ) : (
          <p className={styles.footer}>
            {t('account.noPassword', 'You signed up without a password.')}{' '}
            <a href="/account/forgotpassword">{t('account.getPasswordLink', 'Get a link to choose one')}</a>.
          </p>
        )}
      </Section>
      <Section id="acct-data" title={t('account.yourData', 'Your data')} className={styles.card} headingClassName={styles.heading}>
        <YourDataSection hasPassword={user.hasPassword ?? false} />
      </Section>
    </main>
  );
}
