import { Link } from '../../app/Link';
import { useCurrentUser } from '../../app/currentUser';
import { useLocation } from '../../app/location';
import { AccountView } from './AccountView';
import { EraseAddressPanel } from '../privacy';
import { FacebookLeadsPanel } from './FacebookLeadsPanel';
import { FailedMessagesPanel } from './FailedMessagesPanel';
import { FeedsPanel } from './FeedsPanel';
import styles from './Backoffice.module.css';
import { MemberSearch } from './MemberSearch';
import { OnboardingPanel } from './OnboardingPanel';
import { ProjectionsPanel } from './ProjectionsPanel';
import { useDocumentTitle } from '../../ui/useDocumentTitle';

/**
 * /dashboard/backoffice (staff, level 25): member search, an account's page (history, state as
 * of any event, actions, impersonation), the projections panel, the MLS feeds and the failed
 * messages of the outboxes, Facebook lead ads' leads per form and day. The view lives in the address (?user=, ?view=projections,
 * ?view=feeds, ?view=messages, ?view=ppc, ?view=privacy: erasing an e-mail address), so every screen can be linked
 * and reloaded.
 */
export function BackofficePage() {
  const loc = useLocation();
  const params = new URLSearchParams(loc.search);
  const userId = params.get('user');
  const asked = params.get('view');
  const view =
    asked === 'projections' || asked === 'feeds' || asked === 'onboarding' || asked === 'messages' || asked === 'ppc' || asked === 'privacy'
      ? asked
      : userId
        ? 'account'
        : 'members';
  const { ready, user } = useCurrentUser();

  useDocumentTitle('Back-office · Porchlight');

  if (!ready) return <main id="main" className="page-loading" aria-busy="true" />;
  if (!user || user.securityLevel < 25) {
    return (
      <main id="main" className={`${styles.page} ${styles.gate}`}>
        <h1 className={styles.title}>Back-office</h1>
        {user ? (
          <p>The back-office is for product staff.</p>
        ) : (
          <p>
            Please <Link href="/account/login/admin?redirecturl=%2Fdashboard%2Fbackoffice">sign in as staff</Link> to use the back-office.
          </p>
        )}
      </main>
    );
  }

  return (
    <main id="main" className={styles.page}>
      <header className={styles.top}>
        <div>
          <p className={styles.eyebrow}>Staff</p>
          <h1 className={styles.title}>Back-office</h1>
        </div>
        <nav aria-label="Back-office" className={styles.tabs}>
          <Link href="/dashboard/backoffice" className={styles.tab} aria-current={view === 'members' || view === 'account' ? 'page' : undefined}>
            Members
          </Link>
          <Link href="/dashboard/backoffice?view=projections" className={styles.tab} aria-current={view === 'projections' ? 'page' : undefined}>
            Projections
          </Link>
          <Link href="/dashboard/backoffice?view=feeds" className={styles.tab} aria-current={view === 'feeds' ? 'page' : undefined}>
            Feeds
          </Link>
          <Link href="/dashboard/backoffice?view=messages" className={styles.tab} aria-current={view === 'messages' ? 'page' : undefined}>
            Failed messages
          </Link>
          <Link href="/dashboard/backoffice?view=ppc" className={styles.tab} aria-current={view === 'ppc' ? 'page' : undefined}>
            Facebook leads
          </Link>
          <Link href="/dashboard/backoffice?view=onboarding" className={styles.tab} aria-current={view === 'onboarding' ? 'page' : undefined}>
            Onboarding
          </Link>
          <Link href="/dashboard/backoffice?view=privacy" className={styles.tab} aria-current={view === 'privacy' ? 'page' : undefined}>
            Privacy
          </Link>
          <a href="/dashboard/settings/advanced/translations/" target="_blank" rel="noopener" className={styles.tab}>
            Translations
          </a>
        </nav>
      </header>
      {view === 'privacy' ? (
        <div className={`${styles.card} ${styles.cardBody}`}>
          <EraseAddressPanel />
        </div>
      ) : view === 'messages' ? (
        <FailedMessagesPanel />
      ) : view === 'ppc' ? (
        <FacebookLeadsPanel />
      ) : view === 'onboarding' ? (
        <OnboardingPanel />
      ) : view === 'projections' ? (
        <ProjectionsPanel />
      ) : view === 'feeds' ? (
        <FeedsPanel />
      ) : view === 'account' ? (
        <AccountView userId={userId!} tab={params.get('tab')} />
      ) : (
        <MemberSearch params={params} />
      )}
    </main>
  );
}
