import { lazy, Suspense, useEffect } from 'react';
import { isAgentPath, isAreaPath, TEAM_PATH } from '../../../src/contract/public-pages';
import type { AccountPagePath } from '../../../src/contract/browser-routes';
import { SearchPage } from '../features/search/components/SearchPage';
import { isSearchPath } from '../features/search/utils/searchUrl';
import { isInquiryPath } from '../features/forms/inquiryPaths';
import { isMarketPath } from '../../../src/contract/market-reports';
import { navigate } from './location';
import { NotFoundPage } from './NotFoundPage';
import { PlaceholderPage } from './PlaceholderPage';
import { withQueries } from './withQueries';

const InquiryPage = lazy(() => import('../features/forms/InquiryPage').then((m) => ({ default: m.InquiryPage })));
const ListingPage = lazy(() => import('../features/listing/ListingPage').then((m) => ({ default: m.ListingPage })));
const AreaRoute = lazy(() => withQueries(import('../features/public/AreaRoute').then((m) => m.AreaRoute)));
const TeamPage = lazy(() => import('../features/public/TeamPage').then((m) => ({ default: m.TeamPage })));
const AgentPage = lazy(() => import('../features/public/AgentPage').then((m) => ({ default: m.AgentPage })));
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
const MarketReportPage = lazy(() => import('../features/market-reports/MarketReportPage').then((m) => ({ default: m.MarketReportPage })));
const GuidePage = lazy(() => import('../features/guides/components/GuidePage').then((m) => ({ default: m.GuidePage })));
const ListingReportPage = lazy(() => import('../features/listing-activity').then((m) => ({ default: m.ListingReportPage })));
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
};

/** Pages owned by other issues: the routes exist so links and reloads land somewhere sensible. */
const PLACEHOLDERS: Record<string, string> = {};

export function AppRoutes({ pathname }: { pathname: string }) {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  useEffect(() => {
    if (path === '/') navigate(`/search${window.location.search}`, { replace: true });
  }, [path]);

  if (path === '/' || isSearchPath(path)) return <SearchPage />;
  const listing = /^\/listing\/([^/]+)$/.exec(path);
  if (listing) {
    return (
      <Suspense fallback={<main id="main" className="page-loading" aria-busy="true" />}>
        <ListingPage pdid={decodeURIComponent(listing[1]!)} />
      </Suspense>
    );
  }
  if (isAreaPath(path)) {
    return (
      <Suspense fallback={<main id="main" className="page-loading" aria-busy="true" />}>
        <AreaRoute path={path} />
      </Suspense>
    );
  }
  const guide = /^\/guides\/([0-9a-f-]{36})$/.exec(path);
  if (guide) {
    return (
      <Suspense fallback={<main id="main" className="page-loading" aria-busy="true" />}>
        <GuidePage guideId={guide[1]!} />
      </Suspense>
    );
  }
  if (isMarketPath(path)) {
    return (
      <Suspense fallback={<main id="main" className="page-loading" aria-busy="true" />}>
        <MarketReportPage path={path} />
      </Suspense>
    );
  }
  if (path === TEAM_PATH) {
    return (
      <Suspense fallback={<main id="main" className="page-loading" aria-busy="true" />}>
        <TeamPage />
      </Suspense>
    );
  }
  if (isAgentPath(path)) {
    return (
      <Suspense fallback={<main id="main" className="page-loading" aria-busy="true" />}>
        <AgentPage agentKey={/([0-9a-f]{12})$/.exec(path)![1]!} />
      </Suspense>
    );
  }
  if (isInquiryPath(path)) {
    return (
      <Suspense fallback={<main id="main" className="page-loading" aria-busy="true" />}>
        <InquiryPage key={path} path={path} />
      </Suspense>
    );
  }
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
