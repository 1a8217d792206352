import { lazy, Suspense } from 'react';
import type { AccountPagePath } from '../../../src/contract/browser-routes';
import { NotFoundPage } from './NotFoundPage';
import { PlaceholderPage } from './PlaceholderPage';
import { withQueries } from './withQueries';

// The dashboard connects its live socket as it opens: the socket's library comes alongside its code, not after it.
const DashboardPage = lazy(() => {
  void import('socket.io-client');
  return withQueries(import('./DashboardRoute').then((m) => m.DashboardRoute));
});
const BackofficePage = lazy(() => withQueries(import('../features/backoffice/BackofficePage').then((m) => m.BackofficePage)));
const TranslationsPage = lazy(() => withQueries(import('../features/backoffice/TranslationsPage').then((m) => m.TranslationsPage)));
const AccountPage = lazy(() => import('../features/profile/components/AccountPage').then((m) => ({ default: m.AccountPage })));
const ForgotPasswordPage = lazy(() => import('../features/sign-in/components/ForgotPasswordPage').then((m) => ({ default: m.ForgotPasswordPage })));
const EraseConfirmPage = lazy(() => import('../features/profile/components/EraseConfirmPage').then((m) => ({ default: m.EraseConfirmPage })));
const VerifyEmailPage = lazy(() => import('../features/profile/components/VerifyEmailPage').then((m) => ({ default: m.VerifyEmailPage })));
const OrganizerPage = lazy(() => import('../features/organizer/OrganizerPage').then((m) => ({ default: m.OrganizerPage })));
const MailboxPage = lazy(() => import('../features/dev-mailbox/components/MailboxPage').then((m) => ({ default: m.MailboxPage })));
const ShowingAnswerPage = lazy(() => import('../features/organizer/ShowingAnswerPage').then((m) => ({ default: m.ShowingAnswerPage })));
const SigningPage = lazy(() => import('../features/agreements/components/SigningPage').then((m) => ({ default: m.SigningPage })));
const SetupPage = lazy(() => import('../features/setup/SetupPage').then((m) => ({ default: m.SetupPage })));
const GuidesEditorPage = lazy(() => import('../features/guides/components/GuidesEditorPage').then((m) => ({ default: m.GuidesEditorPage })));
const ListingReportPage = lazy(() => import('../features/listing-activity').then((m) => ({ default: m.ListingReportPage })));
const MarketUnsubscribePage = lazy(() => import('../features/market-reports').then((m) => ({ default: m.MarketUnsubscribePage })));
const CmaPage = lazy(() => import('../features/cma').then((m) => ({ default: m.CmaPage })));
const AskCmaPage = lazy(() => import('../features/sell/AskCmaPage').then((m) => ({ default: m.AskCmaPage })));
const AdminLoginPage = lazy(() => import('../features/sign-in/components/AdminLoginPage').then((m) => ({ default: m.AdminLoginPage })));
/** Staff and account pages, loaded on demand (the server knows the same paths: browser-routes.ts). */
const STAFF_PAGES: Record<AccountPagePath, typeof BackofficePage> = {
  '/dashboard/backoffice': BackofficePage,
  '/dashboard/settings/advanced/translations': TranslationsPage,
  '/dashboard/guides': GuidesEditorPage,
  '/account': AccountPage,
  '/account/forgotpassword': ForgotPasswordPage,
  '/account/verifyemail': VerifyEmailPage,
  '/account/erase': EraseConfirmPage,
  '/account/login/admin': AdminLoginPage,
  '/dev/mailbox': MailboxPage,
  '/organizer': OrganizerPage,
  '/showings/answer': ShowingAnswerPage,
  '/agreements/sign': SigningPage,
  '/cma': CmaPage,
  '/ask-cma': AskCmaPage,
  '/listing-report': ListingReportPage,
  '/market-unsubscribe': MarketUnsubscribePage,
};

/** Pages owned by other issues: the routes exist so links and reloads land somewhere sensible. */
const PLACEHOLDERS: Record<string, string> = {};

/** The routes of AppRoutes past the public pages: staff and account pages, the first run's page, or not found. */
export function AccountRoutes({ path }: { path: string }) {
  if (path === '/dashboard') {
    return (
      <Suspense fallback={<main id="main" className="page-loading" aria-busy="true" />}>
        <DashboardPage />
      </Suspense>
    );
  }
  const Staff = (STAFF_PAGES as Record<string, typeof BackofficePage | undefined>)[path];
  if (Staff) {
    return (
      <Suspense fallback={<main id="main" className="page-loading" aria-busy="true" />}>
        <Staff />
      </Suspense>
    );
  }
  // The first run's page: the server serves it only while a setup link is open (404 otherwise).
  if (path === '/setup') {
    return (
      <Suspense fallback={<main id="main" className="page-loading" aria-busy="true" />}>
        <SetupPage />
      </Suspense>
    );
  }
  const placeholder = PLACEHOLDERS[path];
  if (placeholder) return <PlaceholderPage title={placeholder} />;
  return <NotFoundPage />;
}
