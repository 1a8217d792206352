import { useLocation } from '../../../app/location';
import { safeRedirect } from '../utils/signInRequest';
import { dashboardTarget, SignInForm } from './SignInForm';
import { useT } from '../../../ui/translations';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';

/** /account/login/admin?redirecturl=: staff sign-in, then the redirect (a path of this site) or the dashboard. */
export function AdminLoginPage() {
  const t = useT();
  const redirect = safeRedirect(new URLSearchParams(useLocation().search).get('redirecturl'));
  useDocumentTitle(t('account.staffSignIn', 'Staff sign-in'));
  return (
    <main id="main" className="simple-page">
      <h1>{t('account.staffSignIn', 'Staff sign-in')}</h1>
      <SignInForm
        onSignedIn={(u) => {
          const target = redirect ?? dashboardTarget(u) ?? (u.securityLevel >= 25 ? '/dashboard/backoffice' : '/search');
          window.location.assign(target);
        }}
      />
    </main>
  );
}
